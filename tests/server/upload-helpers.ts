import { randomBytes } from 'node:crypto';
import type { TestApp } from './helpers/test-app';

/** Helpers of the upload and conversation tests: multipart bodies and files of the allowed kinds. */

export interface Part { name: string; filename?: string; contentType?: string; data: Buffer | string }

/** A multipart/form-data body with its content type header. */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small but real-looking PDF (what matters is its first bytes). */
export const pdf = (text = 'offerte') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

export interface Uploaded { containerName: string; blobName: string; url: string; fileName: string; size: number; contentType: string }

/** POST /api/upload of one file as `as`. */
export function upload(t: TestApp, as: string, file: { name: string; data: Buffer | string; type?: string }, opts: { containerName?: string; customerId?: string; host?: string } = {}) {
  const { payload, headers } = multipart([{ name: 'file', filename: file.name, contentType: file.type ?? 'application/octet-stream', data: file.data }]);
  return t.call('POST', '/api/upload', { as, host: opts.host, customerId: opts.customerId, query: { containerName: opts.containerName ?? 'order-conversation' }, headers, body: payload });
}
