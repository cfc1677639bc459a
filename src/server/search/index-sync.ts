/**
 * Keeps a tenant's search index in step with its supplier articles. The embedded engine's rows are
 * always maintained (they are what `npm start` searches); with SEARCH_PROVIDER=algolia the same
 * records are also pushed to Algolia (algolia-job.ts).
 *
 * Others call `reindexArticles(db, tenantId, ids)` after creating, updating or deleting articles.
 */
import { sql, type Kysely } from 'kysely';
import { UUID_RE } from '../db/records';
import { categoryKeyOf, categoryPaths, documentRow, loadRecords, vocabularyOf, type SearchRecord } from './records';
import type { DB } from '../../../generated/db/database.gen';

const BATCH = 1000;
/** A rebuild of this many documents or more refreshes the planner's statistics. */
const ANALYZE_FROM = 50_000;

/** The logical index of a tenant and environment: `articles_<hostname>_<environment>` (with the configured prefix). */
export function indexNameFor(tenant: { hostname: string; environment: string }, prefix = ''): string {
  return `${prefix}articles_${tenant.hostname}_${tenant.environment}`;
}

/** Something that also receives the records (the Algolia job in production). */
export interface SearchPublisher {
  save(tenantId: string, records: SearchRecord[]): Promise<void>;
  remove(tenantId: string, objectIDs: string[]): Promise<void>;
  /** A full rebuild: the index should end up holding exactly what is saved after this call. */
  clear(tenantId: string): Promise<void>;
}

let publisher: SearchPublisher | null = null;
/** Set once at start (buildApp) when SEARCH_PROVIDER=algolia; null in the embedded default. */
export function setSearchPublisher(p: SearchPublisher | null): void {
  publisher = p;
}

async function tenantIndexName(db: Kysely<DB>, tenantId: string): Promise<string> {
  const t = await db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', tenantId).executeTakeFirstOrThrow();
  return indexNameFor(t as { hostname: string; environment: string });
}

/** At most this many object ids are logged per version; a larger write is logged as '*' (reload). */
export const LOGGED_CHANGES_MAX = 500;
/** Versions of change log kept per index: an engine further behind loads its index again. */
const LOGGED_VERSIONS = 1000;

/**
 * Bumps the index's version (and generation after a clear) so engines' caches reload, and logs the
 * object ids the new version wrote or removed in the same statement: a reader that sees the version
 * sees its log (memory-patch.ts follows small changes in place from it).
 */
async function touch(db: Kysely<DB>, indexName: string, changed: readonly string[] | 'cleared'): Promise<void> {
  const cleared = changed === 'cleared';
  const ids = cleared || changed.length > LOGGED_CHANGES_MAX ? ['*'] : [...new Set(changed.map(String))];
  const { rows } = await sql<{ version: string }>`with bumped as (
      insert into search_indexes (index_name, version, generation) values (${indexName}, 1, ${cleared ? 1 : 0})
      on conflict (index_name) do update set version = search_indexes.version + 1,
        generation = search_indexes.generation + ${cleared ? 1 : 0}, updated_at = now()
      returning version)
    insert into search_changes (index_name, version, object_id)
    select ${indexName}, bumped.version, id from bumped, unnest(${ids}::text[]) as id
    returning version`.execute(db);
  const version = Number(rows[0]?.version ?? 0);
  if (version % 100 === 0) {
    await sql`delete from search_changes where index_name = ${indexName} and version <= ${version - LOGGED_VERSIONS}`.execute(db);
  }
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const UPDATED_COLUMNS = sql.raw(['tenant_id', 'owner', 'supplier_id', 'marketplace_id', 'category_id', 'category_ids', 'family',
  'supplier_name', 'brand', 'manufacturer', 'marketplace_name', 'type', 'currency', 'promoted', 'category_key',
  'price', 'stock', 'title_words', 'words', 'sort_key', 'features', 'distinct_key',
].map((c) => `${c} = excluded.${c}`).join(', '));

/**
 * Inserts or replaces records in an embedded index (the write side of the protocol uses it too).
 * A batch travels as one JSON parameter expanded by jsonb_populate_recordset: thousands of bind
 * parameters are far slower, on PGlite above all.
 */
export async function writeDocuments(db: Kysely<DB>, indexName: string, records: readonly SearchRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records.slice(i, i + BATCH);
    const rows = batch.map((r) => documentRow(indexName, r));
    const json = JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]))));
    await sql`insert into search_documents select * from jsonb_populate_recordset(null::search_documents, ${json}::jsonb)
      on conflict (index_name, object_id) do update set ${UPDATED_COLUMNS}`.execute(db);
    await sql`insert into search_records (index_name, object_id, record)
      select ${indexName}, r->>'objectID', r from jsonb_array_elements(${JSON.stringify(batch.map((r) => ({ ...r, objectID: String(r.objectID) })))}::jsonb) as r
      on conflict (index_name, object_id) do update set record = excluded.record`.execute(db);
    const categories = new Map(batch.filter((r) => categoryKeyOf(r)).map((r) => [categoryKeyOf(r), r.categories ?? {}]));
    if (categories.size) {
      await sql`insert into search_categories (index_name, category_key, categories)
        select ${indexName}, c->>0, c->1 from jsonb_array_elements(${JSON.stringify([...categories])}::jsonb) as c
        on conflict (index_name, category_key) do update set categories = excluded.categories`.execute(db);
    }
    const vocabulary = vocabularyOf(rows);
    for (let j = 0; j < vocabulary.length; j += 20_000) {
      await sql`insert into search_words (index_name, word) select ${indexName}, w from unnest(${vocabulary.slice(j, j + 20_000)}::text[]) as w
        on conflict do nothing`.execute(db);
    }
  }
  if (records.length) await touch(db, indexName, records.map((r) => String(r.objectID)));
}

export async function deleteDocuments(db: Kysely<DB>, indexName: string, objectIDs: readonly string[]): Promise<void> {
  if (!objectIDs.length) return;
  for (let i = 0; i < objectIDs.length; i += BATCH) {
    await db.deleteFrom('searchDocuments').where('indexName', '=', indexName).where('objectId', 'in', objectIDs.slice(i, i + BATCH)).execute();
    await db.deleteFrom('searchRecords').where('indexName', '=', indexName).where('objectId', 'in', objectIDs.slice(i, i + BATCH)).execute();
  }
  await touch(db, indexName, objectIDs);
}

/** Empties an embedded index, words included. */
export async function clearIndex(db: Kysely<DB>, indexName: string): Promise<void> {
  await db.deleteFrom('searchDocuments').where('indexName', '=', indexName).execute();
  await db.deleteFrom('searchRecords').where('indexName', '=', indexName).execute();
  await db.deleteFrom('searchCategories').where('indexName', '=', indexName).execute();
  await db.deleteFrom('searchWords').where('indexName', '=', indexName).execute();
  await db.deleteFrom('searchChanges').where('indexName', '=', indexName).execute();
  await touch(db, indexName, 'cleared');
}

const isAvailable = (r: SearchRecord) => r.available;

/** (Re)builds a tenant's index from all its articles, 1000 at a time. Unavailable articles are left out. */
export async function rebuildTenantIndex(db: Kysely<DB>, tenantId: string): Promise<number> {
  const indexName = await tenantIndexName(db, tenantId);
  const paths = await categoryPaths(db, tenantId);
  await clearIndex(db, indexName);
  if (publisher) await publisher.clear(tenantId);
  let afterId: string | null = null;
  let count = 0;
  for (;;) {
    const records = await loadRecords(db, tenantId, paths, { afterId, limit: BATCH });
    if (!records.length) break;
    const visible = records.filter(isAvailable);
    await writeDocuments(db, indexName, visible);
    if (publisher) await publisher.save(tenantId, visible);
    count += visible.length;
    afterId = records[records.length - 1].objectID;
  }
  // PGlite has no autovacuum, and PostgreSQL's may come late: without fresh statistics after a bulk
  // rebuild, loading the index in memory picks a plan that reads it many times over.
  if (count >= ANALYZE_FROM) await sql`analyze search_documents`.execute(db);
  return count;
}

/**
 * Brings the index up to date for some articles of a tenant after they were created, changed or
 * deleted: available ones are (re)written, unavailable and vanished ones removed.
 */
export async function reindexArticles(db: Kysely<DB>, tenantId: string, ids: readonly string[]): Promise<void> {
  const asked = [...new Set(ids)].filter((id) => UUID_RE.test(id));
  if (!asked.length) return;
  // Product data written on one offer is its article's, and so its other offers' (src/server/db/after/0007_articles.sql):
  // they are written again too (an article taken out of the shop leaves with every offer).
  const siblings = await db.selectFrom('supplierArticles').select('id').where('tenantId', '=', tenantId)
    .where('articleId', 'in', db.selectFrom('supplierArticles').select('articleId').where('tenantId', '=', tenantId).where('id', 'in', asked))
    .execute();
  const wanted = [...new Set([...asked, ...siblings.map((r) => r.id as string)])];
  const indexName = await tenantIndexName(db, tenantId);
  const paths = await categoryPaths(db, tenantId);
  for (let i = 0; i < wanted.length; i += BATCH) {
    const chunk = wanted.slice(i, i + BATCH);
    const records = await loadRecords(db, tenantId, paths, { ids: chunk });
    const keep = records.filter(isAvailable);
    const keepIds = new Set(keep.map((r) => r.objectID));
    const gone = chunk.filter((id) => !keepIds.has(id));
    await writeDocuments(db, indexName, keep);
    await deleteDocuments(db, indexName, gone);
    if (publisher) {
      await publisher.save(tenantId, keep);
      await publisher.remove(tenantId, gone);
    }
  }
}

/** Rebuilds every tenant's index (after the seed, or by hand). */
export async function rebuildAllIndexes(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('id').execute();
  for (const t of tenants) await rebuildTenantIndex(db, t.id);
}
