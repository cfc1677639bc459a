import { sql } from 'kysely';
import { resourceByName, type ResourceDef } from '../../../model';
import { checkRules, schemasFor } from '../../shared/schema-builder';
import { ApiError } from '../errors';
import { serverDefaults, toColumns, toRecord, UUID_RE } from '../db/records';
import { checkReferences } from './references';
import { assertWritable, ownerColumns, readable, type Owner } from './scope';
import { validationError } from './validate';
import type { DynamicDb } from './dynamic-db';

type Record_ = Record<string, unknown>;

const schemaCache = new Map<ResourceDef, ReturnType<typeof schemasFor>>();
/** The model's zod schemas of a resource, built once. */
export function schemas(resource: ResourceDef) {
  let s = schemaCache.get(resource);
  if (!s) schemaCache.set(resource, (s = schemasFor(resource)));
  return s;
}

/** An id that is not a uuid names no row: 404, not a database error. */
export function assertId(resource: ResourceDef, id: unknown): string {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError(resource.notFound);
  return id;
}

async function findRow(db: DynamicDb, resource: ResourceDef, owner: Owner, id: unknown, lock = false): Promise<Record_> {
  let q = readable(db.selectFrom(resource.table).selectAll().where('id', '=', assertId(resource, id)), resource, owner);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError(resource.notFound);
  return row;
}

/** One record the owner may read, or the resource's notFound; with its children (ResourceDef.children). */
export async function getRecord(db: DynamicDb, resource: ResourceDef, owner: Owner, id: unknown): Promise<Record_> {
  const record = toRecord(resource, await findRow(db, resource, owner, id));
  for (const [key, c] of Object.entries(resource.children ?? {})) {
    const child = resourceByName(c.resource);
    const rows = await db.selectFrom(child.table).selectAll().where(c.field, '=', record.id).orderBy(c.sort).orderBy('id').execute();
    record[key] = rows.map((r) => toRecord(child, r as Record_));
  }
  return record;
}

/** Checks a new record's references and inserts it for the owner; `values` passed schemas(resource).create (the route's body schema). */
export async function createRecord(db: DynamicDb, resource: ResourceDef, owner: Owner, values: Record_): Promise<Record_> {
  return db.transaction().execute(async (trx) => {
    const refs = await checkReferences(trx, resource, owner, values);
    if (refs.length) throw validationError(refs);
    const row = await trx.insertInto(resource.table)
      .values({ ...toColumns(resource, { ...serverDefaults(resource), ...values }), ...ownerColumns(resource, owner) })
      .returningAll().executeTakeFirstOrThrow();
    return toRecord(resource, row);
  });
}

/**
 * Applies a partial update (`body` passed schemas(resource).update, the route's body schema). The rules are checked on the stored record merged with the patch,
 * so a rule spanning a stored and a sent field cannot be dodged by sending one of them.
 */
export async function updateRecord(db: DynamicDb, resource: ResourceDef, owner: Owner, id: unknown, body: Record_): Promise<Record_> {
  assertId(resource, id);
  const { id: _ignored, ...patch } = body;
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, resource, owner, id, true);
    assertWritable(resource, owner, row);
    const merged = { ...toRecord(resource, row), ...patch };
    const broken = checkRules(resource, merged).map((i) => ({ path: i.path, rule: i.code }));
    if (broken.length) throw validationError(broken);
    const refs = await checkReferences(trx, resource, owner, patch);
    if (refs.length) throw validationError(refs);
    const updated = await trx.updateTable(resource.table)
      .set({ ...toColumns(resource, patch), updatedAt: sql`now()` })
      .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    return toRecord(resource, updated);
  });
}

/** Soft delete (deleted = true) for softDelete resources, else removes the row. Returns the record as it was left. */
export async function deleteRecord(db: DynamicDb, resource: ResourceDef, owner: Owner, id: unknown): Promise<Record_> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, resource, owner, id, true);
    assertWritable(resource, owner, row);
    if (!resource.softDelete) {
      await trx.deleteFrom(resource.table).where('id', '=', row.id).execute();
      return toRecord(resource, row);
    }
    return setDeleted(trx, resource, row.id as string, true);
  });
}

/** Clears `deleted` on a soft-deleted record. */
export async function restoreRecord(db: DynamicDb, resource: ResourceDef, owner: Owner, id: unknown): Promise<Record_> {
  return db.transaction().execute(async (trx) => {
    const row = await findRow(trx, resource, owner, id, true);
    assertWritable(resource, owner, row);
    return setDeleted(trx, resource, row.id as string, false);
  });
}

async function setDeleted(db: DynamicDb, resource: ResourceDef, id: string, deleted: boolean) {
  const row = await db.updateTable(resource.table).set({ deleted, updatedAt: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  return toRecord(resource, row);
}
