import { Readable } from 'node:stream';
import { CsvError, parse as parseCsv, type Options as CsvOptions } from 'csv-parse';

/**
 * Reading a CSV file record by record, as a stream (a large file never holds the event loop), each
 * record with the line it starts on: the Staples catalogue import (staples-import.ts) and the bulk
 * import of own articles (sheet-reader.ts). `"` quoting (`""` inside quotes; quoted fields may hold
 * the delimiter and line breaks; a quote inside an unquoted field is kept as it is), any line break,
 * a byte order mark dropped; a short record is not refused (its last fields are missing).
 */

/** A file that is no CSV its reader can follow (an open quote): the message names the line. */
export class CsvReadError extends Error {}

const options = (delimiter: string) => ({
  delimiter, quote: '"', escape: '"', bom: true, record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true, relax_column_count: true, raw: true,
}) satisfies CsvOptions;

/** How many line breaks a record's raw text holds (those inside its quoted fields and the one that ends it). */
const lineBreaks = (raw: string) => raw.match(/\r\n|\n|\r/g)?.length ?? 0;

/** The records of `file` (its text, or a stream of its bytes) separated by `delimiter`, each with its first line's number. */
export async function* csvRecords(file: Readable | string, delimiter: string): AsyncGenerator<{ record: string[]; line: number }> {
  const source = typeof file === 'string' ? Readable.from([file]) : file;
  /** The lines the parser has read up to the end of its last record (counted as it parses, ahead of the consumer). */
  let linesRead = 0;
  const numbered = ({ record, raw }: { record: string[]; raw: string }) => {
    const line = linesRead + 1;
    linesRead += lineBreaks(raw);
    return { record, line };
  };
  // csv-parse's types do not follow `raw: true` (a record comes as { record, raw }) into on_record.
  const records = source.pipe(parseCsv({ ...options(delimiter), on_record: numbered as unknown as CsvOptions['on_record'] }));
  source.on('error', (err) => records.destroy(err));
  try {
    yield* records as AsyncIterable<{ record: string[]; line: number }>;
  } catch (err) {
    if (err instanceof CsvError) {
      throw new CsvReadError(err.code === 'CSV_QUOTE_NOT_CLOSED' ? `line ${linesRead + 1}: a quote is not closed` : err.message);
    }
    throw err;
  } finally {
    source.destroy();
  }
}
