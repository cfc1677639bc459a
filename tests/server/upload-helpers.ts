import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
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

/** A real 1×1 PNG (a signature alone is not a PNG: its header chunk must follow). */
export const png = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A ZIP archive of `entries` (name → content), stored uncompressed. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22); local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20); central.writeUInt32LE(data.length, 24); central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(centrals.length / 2, 8); end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real spreadsheet, written by exceljs, with `rows` rows of random text (many rows make it larger than the bytes the type check holds). */
export async function xlsx(rows = 2): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Offerte');
  for (let i = 0; i < rows; i++) sheet.addRow([`artikel ${i}`, randomBytes(12).toString('hex'), i]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A Word document's entries: a ZIP that says it is a docx. */
export const docx = () => zip({
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document/>',
});

export interface Uploaded { containerName: string; blobName: string; url: string; fileName: string; size: number; contentType: string }

/** POST /api/upload of one file as `as`. */
export function upload(t: TestApp, as: string, file: { name: string; data: Buffer | string; type?: string }, opts: { containerName?: string; customerId?: string; host?: string } = {}) {
  const { payload, headers } = multipart([{ name: 'file', filename: file.name, contentType: file.type ?? 'application/octet-stream', data: file.data }]);
  return t.call('POST', '/api/upload', { as, host: opts.host, customerId: opts.customerId, query: { containerName: opts.containerName ?? 'order-conversation' }, headers, body: payload });
}
