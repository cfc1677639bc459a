import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSTANTS, resourceByName } from '../../../model';
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
      const named = await namesOf(db, sheet, owner, slice);
      for (const row of slice) out.add(line(named(toRecord(sheet.resource, row))));
      if (slice.length < SLICE) break;
    }
  });
}

/**
 * A reference column shows what it names, as the screens do (the target's representation: a user's
 * display name, a company's name), not its id: the names of a slice's references, in one query per
 * column, of the owner's tenant; an id whose row is gone stays as it is.
 */
async function namesOf(db: DynamicDb, sheet: ListSheet, owner: Owner, slice: Record<string, unknown>[]) {
  const names = new Map<string, Map<string, unknown>>();
  for (const { field } of sheet.columns) {
    const def = sheet.resource.fields[field];
    if (def?.kind !== 'reference' || !def.target) continue;
    const ids = [...new Set(slice.map((row) => row[field]).filter((id): id is string => typeof id === 'string'))];
    if (ids.length === 0) continue;
    const target = resourceByName(def.target);
    let q = db.selectFrom(target.table).select(['id', `${target.recordRepresentation} as shown`]).where('id', 'in', ids);
    if (target.scope !== 'platform') q = q.where('tenantId', '=', owner.tenantId);
    const rows = await q.execute() as { id: string; shown: unknown }[];
    names.set(field, new Map(rows.map((r) => [r.id, r.shown])));
  }
  return (record: Record<string, unknown>) => {
    for (const [field, shown] of names) {
      const id = record[field];
      if (typeof id === 'string' && shown.has(id)) record[field] = shown.get(id);
    }
    return record;
  };
}
