import ExcelJS from 'exceljs';
import { REQUIRED_SHEET_COLUMNS, sheetColumnOf, type ProductSheetColumn } from '../../shared/product-sheet';
import { csvRecords, CsvReadError } from './csv-records';

/**
 * Reading the spreadsheet of own articles (the format: src/shared/product-sheet.ts) into its header's
 * known columns and its lines as text, nothing checked beyond the file's shape. Pure (no database, no
 * request): it runs on a worker thread (sheet-worker.ts, started by sheet-off-thread.ts), since
 * unpacking an .xlsx and parsing its XML holds a thread for as long as it takes (seconds for a file
 * of some megabytes).
 */

export type SheetFormat = 'xlsx' | 'csv';

/** One line of the file: its number in the file (the header is line 1 of a plain file) and its cells, one per column read. */
export interface SheetRow { line: number; values: string[] }

export interface ReadSheet {
  format: SheetFormat;
  /** The known columns of the header, in its order: each row's values follow them. */
  columns: ProductSheetColumn[];
  /** Header cells the format does not know (or names a second time): ignored. */
  ignored: string[];
  rows: SheetRow[];
}

/** Why a file is no sheet of articles: the catalogue's code and, for a header without the required columns, which. */
export class SheetError extends Error {
  constructor(readonly code: 'ProductImportUnreadable' | 'ProductImportTooManyLines', readonly details: { path: string; rule: string }[] = [], reason?: string) {
    super(reason ?? code);
  }
}

/** An .xlsx is a ZIP archive (its first bytes PK\3\4); anything else is read as CSV text. */
export const sniffFormat = (bytes: Uint8Array): SheetFormat =>
  (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv');

/**
 * A file as it is read, record by record: the first record with text is the header (its known columns
 * kept, the required ones checked); every later one a line, refused past `maxLines` as it is read.
 */
class Sheet {
  columns: ProductSheetColumn[] = [];
  ignored: string[] = [];
  private at: number[] = [];
  rows: SheetRow[] = [];
  private header = false;

  constructor(private readonly maxLines: number) {}

  /** Takes one record of the file (its cells as text); blank ones are skipped. */
  add(line: number, cells: readonly string[]): void {
    if (cells.every((c) => c.trim() === '')) return;
    if (!this.header) return this.readHeader(cells);
    if (this.rows.length >= this.maxLines) throw new SheetError('ProductImportTooManyLines');
    this.rows.push({ line, values: this.at.map((i) => (cells[i] ?? '').trim()) });
  }

  private readHeader(cells: readonly string[]): void {
    this.header = true;
    cells.forEach((cell, i) => {
      const column = sheetColumnOf(cell);
      if (column && !this.columns.includes(column)) {
        this.columns.push(column);
        this.at.push(i);
      } else if (cell.trim()) {
        this.ignored.push(cell.trim());
      }
    });
    const missing = REQUIRED_SHEET_COLUMNS.filter((c) => !this.columns.includes(c));
    if (missing.length) throw new SheetError('ProductImportUnreadable', missing.map((path) => ({ path, rule: 'required' })), `the header lacks ${missing.join(', ')}`);
  }

  result(format: SheetFormat): ReadSheet {
    if (!this.header) throw new SheetError('ProductImportUnreadable', REQUIRED_SHEET_COLUMNS.map((path) => ({ path, rule: 'required' })), 'the file is empty');
    return { format, columns: this.columns, ignored: this.ignored, rows: this.rows };
  }
}

/** A number as typed: without the binary noise of a double (4.95, not 4.9500000000000002). */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** A cell's value as the text a user sees in it. */
function cellText(value: ExcelJS.CellValue, column: ProductSheetColumn | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    const text = numberText(value);
    // An EAN typed as a number lost its leading zeros: a GTIN-12 (UPC) is the EAN-13 with a 0 in front.
    return column === 'ean' && /^\d{9,12}$/.test(text) ? text.padStart(13, '0') : text;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null, column);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return String((value as { text: unknown }).text ?? '');
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Buffer, sheet: Sheet): Promise<void> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new SheetError('ProductImportUnreadable', [], `not a workbook: ${err instanceof Error ? err.message : String(err)}`);
  }
  const first = book.worksheets[0];
  if (!first) throw new SheetError('ProductImportUnreadable', [], 'the workbook has no sheet');
  let columns: (ProductSheetColumn | undefined)[] = [];
  let headerSeen = false;
  first.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(cellText(row.getCell(i).value, columns[i - 1]));
    if (!headerSeen && cells.some((c) => c.trim())) {
      headerSeen = true;
      columns = cells.map((c) => sheetColumnOf(c) ?? undefined);
    }
    sheet.add(rowNumber, cells);
  });
}

/** `;` or `,`: whichever the header line (the first line with text) holds more of. */
function delimiterOf(text: string): ';' | ',' {
  const header = text.split(/\r\n|\n|\r/).find((l) => l.trim()) ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function readCsv(bytes: Buffer, sheet: Sheet): Promise<void> {
  let text: string;
  try {
    // A byte order mark is dropped by the decoder; a file in another encoding than UTF-8 is refused, not garbled.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SheetError('ProductImportUnreadable', [], 'not UTF-8 text');
  }
  try {
    for await (const { record, line } of csvRecords(text, delimiterOf(text))) sheet.add(line, record);
  } catch (err) {
    if (err instanceof CsvReadError) throw new SheetError('ProductImportUnreadable', [], err.message);
    throw err;
  }
}

/** Reads a file's known columns and lines; throws SheetError for a file that is no sheet of articles or has more than `maxLines` lines. */
export async function readSheet(bytes: Buffer, maxLines: number): Promise<ReadSheet> {
  const format = sniffFormat(bytes);
  const sheet = new Sheet(maxLines);
  if (format === 'xlsx') await readXlsx(bytes, sheet);
  else await readCsv(bytes, sheet);
  return sheet.result(format);
}
