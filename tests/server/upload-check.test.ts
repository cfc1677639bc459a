import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/server/errors';
import { FILE_KINDS, SNIFF_BYTES, type FileKindName } from '../../src/server/storage/file-types';
import { uploadCheck } from '../../src/server/storage/upload-check';
import { docx, pdf, png, xlsx, zip } from './upload-helpers';

/**
 * The type check of an upload (upload-check.ts, file-types.ts) on the bytes as they stream in, in
 * chunks the way a multipart reader hands them over: a file passes when its first bytes are the kind
 * it claims to be — an Office file by the entries of its ZIP, not by being a ZIP —, byte for byte.
 */

/** Streams `data` through the check of `kind` in chunks of `chunk` bytes: the bytes that came out, or the check's refusal. */
async function check(kind: FileKindName, data: Buffer, chunk = 16 * 1024): Promise<Buffer | ApiError> {
  const out: Buffer[] = [];
  const chunks = Array.from({ length: Math.ceil(data.length / chunk) }, (_, i) => data.subarray(i * chunk, (i + 1) * chunk));
  try {
    await pipeline(Readable.from(chunks), uploadCheck(FILE_KINDS[kind], 100 * 1024 * 1024),
      new Writable({ write(c: Buffer, _e, done) { out.push(c); done(); } }));
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  return Buffer.concat(out);
}

const refusal = (result: Buffer | ApiError) => (result instanceof ApiError ? result.errorCode : 'passed');

describe('an Office file is known by its ZIP entries', () => {
  test('a real spreadsheet passes as xlsx, byte for byte', async () => {
    const book = await xlsx();
    expect(await check('xlsx', book)).toEqual(book);
  });

  test('a spreadsheet larger than the bytes the check holds passes on its first chunks', async () => {
    const book = await xlsx(20_000);
    expect(book.length).toBeGreaterThan(4 * SNIFF_BYTES);
    expect((await check('xlsx', book)) as Buffer).toEqual(book);
  });

  test('a plain ZIP is no spreadsheet, and a Word file is none either', async () => {
    expect(refusal(await check('xlsx', zip({ 'notes.txt': 'hello', 'photo.jpg': png() })))).toBe('FileTypeNotAllowed');
    expect(refusal(await check('xlsx', docx()))).toBe('FileTypeNotAllowed');
    expect(refusal(await check('docx', docx()))).toBe('passed');
    expect(refusal(await check('docx', await xlsx()))).toBe('FileTypeNotAllowed');
  });
});

describe('the other kinds', () => {
  test('a PDF passes as pdf; a PNG claimed as PDF is refused, and passes as png', async () => {
    expect(await check('pdf', pdf())).toEqual(pdf());
    expect(refusal(await check('pdf', png()))).toBe('FileTypeNotAllowed');
    expect(refusal(await check('png', png()))).toBe('passed');
    expect(refusal(await check('png', pdf()))).toBe('FileTypeNotAllowed');
  });

  test('an old Office file is an OLE compound file; text kinds are text; an e-invoice is XML', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    expect(refusal(await check('xls', ole))).toBe('passed');
    expect(refusal(await check('xls', zip({ 'a.txt': 'a' })))).toBe('FileTypeNotAllowed');
    expect(refusal(await check('csv', Buffer.from('\uFEFFa;b\r\n"1;2";3\n')))).toBe('passed');
    expect(refusal(await check('csv', zip({ 'a.csv': 'a;b' })))).toBe('FileTypeNotAllowed');
    expect(refusal(await check('xml', Buffer.from('\uFEFF  <Invoice/>')))).toBe('passed');
    expect(refusal(await check('xml', pdf()))).toBe('FileTypeNotAllowed');
  });

  test('an empty file is refused as empty', async () => {
    expect(refusal(await check('pdf', Buffer.alloc(0)))).toBe('FileEmpty');
  });
});
