import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSTANTS } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import { todayInShopZone } from '../../shared/shop-clock';
import { toRecord } from '../db/records';
import { ApiError } from '../errors';
import { sheetIn, type ListSheet } from '../reporting/list-sheets';
import { sendWorkbook } from '../reporting/workbook';
import type { DynamicDb } from './dynamic-db';
import { listSelection, type ListSelection } from './list';
import type { Owner } from './scope';

/** Rows read at once while the file is written. */
const SLICE = 500;

/**
 * A list's export (issue 29): every row the list's query selects for the owner (its filters and
 * sort, the very query of its pages: listSelection, so the same rows and only those), streamed as
 * the answer in slices of SLICE rows, as the sheet shows them in `language`. More rows than
 * CONSTANTS.listExportMaxRows is 422 ListExportTooLarge, answered before anything is written; rows
 * added while the file is written do not push it past the cap.
 */
export async function sendListExport(
  db: DynamicDb, request: FastifyRequest, reply: FastifyReply, sheet: ListSheet, owner: Owner, selection: ListSelection, language: Language,
) {
  const { rows, count } = listSelection(db, sheet.resource, owner, selection);
  const max = CONSTANTS.listExportMaxRows;
  if (Number((await count.executeTakeFirstOrThrow()).total) > max) throw new ApiError('ListExportTooLarge');
  const { name, fileName, columns, line } = sheetIn(sheet, language);
  return sendWorkbook(request, reply, `${fileName}-${todayInShopZone()}.xlsx`, async (book) => {
    const out = book.sheet(name, columns);
    for (let offset = 0; offset < max; offset += SLICE) {
      const slice: Record<string, unknown>[] = await rows.offset(offset).limit(Math.min(SLICE, max - offset)).execute();
      for (const row of slice) out.add(line(toRecord(sheet.resource, row)));
      if (slice.length < SLICE) break;
    }
  });
}
