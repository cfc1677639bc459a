import { parentPort } from 'node:worker_threads';
import { checkUblInvoice } from './index';
import type { CheckRequest, CheckReply } from './off-thread';

/**
 * The worker thread of off-thread.ts: checks each document it is sent (checkUblInvoice) and answers
 * the invoice and its violations, or why it cannot be read, as plain data. The embedded files' bytes
 * are moved to the server's thread, not copied.
 */
parentPort!.on('message', ({ id, chunks }: CheckRequest) => {
  let reply: CheckReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const checked = checkUblInvoice(chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks));
    if (checked.ok) {
      // Each file's bytes as a plain Uint8Array of its own, moved to the server's thread: a Buffer
      // (a small one shares Node's pool) would be serialized there byte by byte instead.
      const moved = new Map(checked.invoice.attachments.map((a) => {
        const bytes = a.content ? new Uint8Array(a.content) : null;
        if (bytes) transfer.push(bytes.buffer);
        return [a, { ...a, content: bytes as Buffer | null }];
      }));
      const invoice = { ...checked.invoice, attachments: [...moved.values()], pdf: checked.invoice.pdf ? moved.get(checked.invoice.pdf)! : null };
      reply = { id, ok: true, invoice, violations: checked.violations };
    } else {
      const { code, message, path, violations } = checked.error;
      reply = { id, ok: false, error: { code, message, path, violations: [...violations] } };
    }
  } catch (error) {
    reply = { id, failed: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
