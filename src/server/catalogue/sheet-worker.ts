import { parentPort } from 'node:worker_threads';
import { readSheet, SheetError } from './sheet-reader';
import type { SheetReply, SheetRequest } from './sheet-off-thread';

/** Lines per message: each takes the server's thread a moment to take in, never long. */
const ROWS_PER_MESSAGE = 500;

/**
 * The worker thread of sheet-off-thread.ts: reads each file it is sent (readSheet) and answers its
 * lines in messages of ROWS_PER_MESSAGE, then the sheet as JSON bytes, moved to the server's thread
 * (not copied); or why it is no sheet of articles.
 */
parentPort!.on('message', ({ id, bytes, maxLines }: SheetRequest) => {
  void (async () => {
    let reply: SheetReply;
    const transfer: ArrayBuffer[] = [];
    try {
      const sheet = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxLines);
      for (let i = 0; i < sheet.rows.length; i += ROWS_PER_MESSAGE) parentPort!.postMessage({ id, rows: sheet.rows.slice(i, i + ROWS_PER_MESSAGE) } satisfies SheetReply);
      const json = new TextEncoder().encode(JSON.stringify(sheet));
      transfer.push(json.buffer as ArrayBuffer);
      reply = { id, ok: true, json, format: sheet.format, columns: sheet.columns, ignored: sheet.ignored };
    } catch (error) {
      reply = error instanceof SheetError
        ? { id, ok: false, code: error.code, details: error.details, reason: error.message }
        : { id, failed: error instanceof Error ? error.stack ?? error.message : String(error) };
    }
    parentPort!.postMessage(reply, transfer);
  })();
});
