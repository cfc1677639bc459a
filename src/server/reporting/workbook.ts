import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_TYPE } from '../../shared/contracts/define';
import { shopDayTime } from '../../shared/shop-clock';
import { attachmentDisposition } from '../storage/blob-store';

/**
 * The one way the server writes an .xlsx (exceljs's streaming WorkbookWriter): the lists' exports
 * and the product management export stream it as the answer while their rows are read
 * (sendWorkbook), the report's export builds it into a buffer for its mail (workbookBuffer). Each
 * sheet has a bold, frozen header row; a column says how its cells are written, so amounts are
 * numbers with two decimals and days and moments real Excel dates wherever a workbook is made.
 */

/**
 * How a column's cells are written: as given (text), a whole number, a number, an amount (two
 * decimals), a day (yyyy-MM-dd or a Date) or a moment shown on the Brussels clock (an ISO text or a Date).
 */
export type CellFormat = 'text' | 'integer' | 'number' | 'money' | 'date' | 'dateTime';

const NUMBER_FORMATS: Record<CellFormat, string | undefined> = {
  text: undefined, integer: '0', number: undefined, money: '#,##0.00', date: 'dd/mm/yyyy', dateTime: 'dd/mm/yyyy hh:mm',
};

export interface SheetColumn {
  readonly key: string;
  readonly header: string;
  readonly width?: number;
  readonly format?: CellFormat;
}

export interface SheetWriter {
  /** Writes one row (values by column key, converted by the column's format) and lets it go. */
  add(values: Readonly<Record<string, unknown>>): void;
}

export interface WorkbookWriter {
  /** A new sheet with its header row. */
  sheet(name: string, columns: readonly SheetColumn[]): SheetWriter;
  /** Ends the file: the stream it writes to is ended. */
  commit(): Promise<void>;
}

/** A day (yyyy-MM-dd, or a Date whose UTC day it is) as the Excel date of that day. */
export function excelDay(value: unknown): Date | null {
  if (value == null || value === '') return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return new Date(`${text.slice(0, 10)}T00:00:00Z`);
}

/** A moment as the Excel date and time the Brussels clock showed then (Excel knows no time zones). */
export function excelMoment(value: unknown): Date | null {
  if (value == null || value === '') return null;
  const { day, time } = shopDayTime(value instanceof Date ? value : String(value));
  return new Date(`${day}T${time}:00Z`);
}

const asNumber = (value: unknown) => (value == null || value === '' ? null : Number(value));

/** A value as its column writes it. */
function cell(format: CellFormat, value: unknown): unknown {
  switch (format) {
    case 'integer': case 'number': case 'money': return asNumber(value);
    case 'date': return excelDay(value);
    case 'dateTime': return excelMoment(value);
    case 'text': return value ?? null;
  }
}

/** A workbook written to `out` as its rows are added (exceljs streams each committed row). */
export function workbookWriter(out: Writable): WorkbookWriter {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Procurement shop';
  book.created = new Date();
  const sheets: ExcelJS.Worksheet[] = [];
  return {
    sheet(name, columns) {
      const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c) => {
        const numFmt = NUMBER_FORMATS[c.format ?? 'text'];
        return { header: c.header, key: c.key, width: c.width ?? 14, style: numFmt ? { numFmt } : {} };
      });
      sheet.getRow(1).font = { bold: true };
      sheets.push(sheet);
      return {
        add(values) {
          const row: Record<string, unknown> = {};
          for (const c of columns) row[c.key] = cell(c.format ?? 'text', values[c.key]);
          sheet.addRow(row).commit();
        },
      };
    },
    async commit() {
      for (const sheet of sheets) sheet.commit();
      await book.commit();
    },
  };
}

/** A whole workbook in memory (a mail's attachment): what `write` adds to it. */
export async function workbookBuffer(write: (book: WorkbookWriter) => Promise<void> | void): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const book = workbookWriter(out);
  await write(book);
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Answers the request with a workbook offered as `fileName`, written while it is sent: `write` adds
 * its sheets and rows, each row leaving as soon as it is written, so a long list is never held
 * whole. Whatever may refuse the request (access, filters, a limit) is checked before this is
 * called: once the first bytes left, a failure can only break the download off (the client sees
 * it incomplete), never answer a second time.
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, write: (book: WorkbookWriter) => Promise<void>) {
  const out = new PassThrough();
  const book = workbookWriter(out);
  reply.type(XLSX_TYPE).header('content-disposition', attachmentDisposition(fileName)).header('cache-control', 'private, no-store');
  (async () => {
    await write(book);
    await book.commit();
  })().catch((err: unknown) => {
    request.log.error({ err, fileName }, 'a spreadsheet failed while it was written');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(out);
}
