/**
 * `npm run bench:search`: the embedded search engine on a generated catalogue — p50/p95 of a fixed
 * set of word, 2–4-letter prefix and typo queries, each with the marketplace's facet counts and a
 * secured key's filters, as the app sends them — next to a plain PostgreSQL full-text query
 * (to_tsvector/plainto_tsquery, with a GIN index; no prefixes, no typos) over the same articles
 * with its count, a page of 30 and a brand facet, in the same run. The engine's result cache is off
 * for these figures (searchIndex's `cache: false`: every query is computed); the last line shows a
 * cached first page, and the same queries sorted by price (a sort replica). "engine" answers from the index in memory (memory-index.ts; its one-time load
 * per index version and the memory it takes are printed first; it keeps the document list of each
 * filter, such as the secured key's restriction that every query here carries), "eng.sql" from SQL
 * alone (`memory: false`, what indexes above MEMORY_INDEX_MAX_DOCS use), timed in the first round
 * only (seconds per query at a million articles), where it also checks that both find as many hits.
 * Last, what an order's stock change costs: the reindex, and the patch of the index in memory.
 * The catalogue has more offers than articles (one article in twelve has two or three suppliers); a
 * search answers each article once (Algolia's distinct, records.ts INDEX_SETTINGS). "ungrouped" is the
 * same queries with `distinct: false` (one hit per offer, as before articles), in the same rounds, and
 * the ratio grouped / ungrouped of their p50 and p95 is printed: the cost of answering articles once.
 *
 * PGlite: BENCH_ARTICLES (default 100 000; 0 skips it) in .bench/search-pglite (kept, so the next run skips the
 * generation). PostgreSQL, when DATABASE_URL is set: BENCH_PG_ARTICLES (default 1 000 000; several
 * sizes comma-separated, e.g. 100000,1000000) in a database `searchbench` it creates on that server
 * (kept likewise; drop it when done). Each size other than the default gets a tenant of its own
 * (bench-<size>.localhost), so runs at 100 000 and at 1 000 000 on one server do not regenerate each
 * other's catalogue.
 */
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../src/server/config';
import { migrate } from '../src/server/db/migrate';
import { openDatabase } from '../src/server/db/open';
import { searchIndex } from '../src/server/search/engine';
import { DEFAULT_FACETS } from '../src/server/search/request';
import { memoryIndexFor } from '../src/server/search/memory-cache';
import { MEMORY_INDEX_MAX_DOCS, type MemoryIndex } from '../src/server/search/memory-index';
import { vocabularyFor } from '../src/server/search/vocabulary';
import { parseFilterString } from '../src/server/search/filters';
import { indexNameFor, reindexArticles } from '../src/server/search/index-sync';
import { visibilityFilter } from '../src/server/search/rules-filter';
import { NO_RULES } from '../src/server/catalogue/visibility';
import { generateCatalogue } from '../scripts/generate-catalogue';
import { replicaName } from '../src/shared/search-sorts';
import type { DB } from '../generated/db/database.gen';
import { percentile } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const QUERIES = {
  word: ['papier', 'koffie', 'stylo', 'handschoenen', 'monitor', 'toner', 'chair', 'usb', 'zwart', 'café crème'],
  prefix: ['pa', 'ko', 'sty', 'mon', 'hand', 'ca', 'usb', 'bur', 'tab', 'net'],
  typo: ['paiper', 'kofie', 'handshoenen', 'moniter', 'tonre', 'chiar', 'cafe creme', 'notitieblok', 'stabilo markerstift', 'veiligheidsbirl'],
};

/** p50 and p95 of a over those of b, e.g. '1.03 / 0.98'. */
const ratio = (a: number[], b: number[]) =>
  `${(percentile(a, 50) / percentile(b, 50)).toFixed(2)} / ${(percentile(a, 95) / percentile(b, 95)).toFixed(2)}`;
const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms  p95 ${percentile(xs, 95).toFixed(1)} ms  max ${percentile(xs, 100).toFixed(1)} ms`;

// A full collection before each memory reading, so that the index's own size shows rather than garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function memoryNow(): NodeJS.MemoryUsage {
  collect();
  return process.memoryUsage();
}

let pairs = 0;
/**
 * The times of a grouped and an ungrouped search of one query, in ms. The one that runs second finds
 * the query's words and documents in the processor's caches, so each runs first every other time.
 */
async function timedPair<T>(grouped: () => Promise<T>, ungrouped: () => Promise<unknown>): Promise<{ g: number; u: number; result: T }> {
  let result: T | undefined;
  const timed = async (search: () => Promise<unknown>) => {
    const t = performance.now();
    await search();
    return performance.now() - t;
  };
  const runGrouped = () => timed(async () => (result = await grouped()));
  if (pairs++ % 2 === 0) {
    const g = await runGrouped();
    return { g, u: await timed(ungrouped), result: result as T };
  }
  const u = await timed(ungrouped);
  return { g: await runGrouped(), u, result: result as T };
}

const FTS_DOCUMENT = sql`to_tsvector('simple'::regconfig, coalesce(title->>'nl', '') || ' ' || coalesce(title->>'en', '') || ' ' || coalesce(title->>'fr', '') || ' ' || coalesce(brand, ''))`;

async function fullText(db: Kysely<DB>, tenantId: string, query: string): Promise<number> {
  const rows = await sql<{ total: number; brands: unknown }>`
    with m as materialized (
      select id, brand, ts_rank(${FTS_DOCUMENT}, q) as rank from supplier_articles, plainto_tsquery('simple', ${query}) q
      where tenant_id = ${tenantId} and available and ${FTS_DOCUMENT} @@ q
    )
    select (select count(*)::int from m) as total,
      (select json_agg(id) from (select id from m order by rank desc, id limit 30) p)::text as hits,
      (select json_agg(json_build_array(brand, c))::text from (select brand, count(*)::int c from m group by brand order by c desc limit 100) b) as brands`.execute(db);
  return Number(rows.rows[0].total);
}

async function run(label: string, databaseUrl: string | undefined, dataDir: string, articles: number, defaultArticles: number): Promise<void> {
  const database = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
  await migrate(database);
  const { db } = database;
  console.log(`\n${label}: ${articles} articles`);
  // A catalogue per size (the default one keeps its old name), so that a smaller run keeps the large set.
  const generated = await generateCatalogue(db, articles, articles === defaultArticles ? 'bench.localhost' : `bench-${articles}.localhost`);
  console.log(generated.generatedNow ? `  generated and indexed in ${generated.seconds.toFixed(0)} s` : '  reusing the generated catalogue');
  const offers = Number((await sql<{ n: number }>`select count(*)::int as n from supplier_articles where tenant_id = ${generated.tenantId}`.execute(db)).rows[0].n);
  const grouped = Number((await sql<{ n: number }>`select count(*)::int as n from (select article_id from supplier_articles where tenant_id = ${generated.tenantId} group by article_id having count(*) > 1) g`.execute(db)).rows[0].n);
  console.log(`  ${offers} offers of ${articles} articles (${grouped} offered by more than one supplier)`);
  await sql`create index if not exists bench_supplier_articles_fts_idx on supplier_articles using gin (${FTS_DOCUMENT})`.execute(db);
  await sql`analyze supplier_articles`.execute(db);
  await sql`analyze search_documents`.execute(db);
  const indexName = indexNameFor({ hostname: generated.hostname, environment: 'development' });
  const restriction = parseFilterString(visibilityFilter(generated.tenantId, '00000000-0000-0000-0000-000000000001', NO_RULES));
  // The marketplace's facets in one language (Dutch), as the app asks for them.
  const request = (query: string) => ({ query, facets: DEFAULT_FACETS.filter((f) => !/^(categories|features)\.(en|fr)/.test(f)), maxValuesPerFacet: 100, hitsPerPage: 30, page: 0, distinct: true });

  const start = memoryNow();
  let t0 = performance.now();
  const vocabulary = await vocabularyFor(db, indexName);
  const loadWordsMs = performance.now() - t0;
  const before = memoryNow();
  console.log(`  words of the index (${vocabulary.sorted.length}) loaded in ${loadWordsMs.toFixed(0)} ms, ${megabytes(before.heapUsed - start.heapUsed)} of JS heap`);
  t0 = performance.now();
  const memory = await memoryIndexFor(db, indexName, vocabulary, true);
  const loadMs = performance.now() - t0;
  const after = memoryNow();
  console.log(memory ? `  index in memory loaded in ${loadMs.toFixed(0)} ms (in the background, once per index version; searches use SQL meanwhile)`
    : `  index in memory: not used (more than ${MEMORY_INDEX_MAX_DOCS} documents): engine = SQL`);
  if (memory) {
    const heap = after.heapUsed - before.heapUsed;
    const buffers = after.arrayBuffers - before.arrayBuffers;
    console.log(`  its memory: ${megabytes(heap + buffers)} (JS heap ${megabytes(heap)}, typed arrays ${megabytes(buffers)}); the process: RSS ${megabytes(after.rss)}, JS heap ${megabytes(after.heapUsed)}`);
  }
  for (const q of [...QUERIES.word, ...QUERIES.prefix, ...QUERIES.typo]) { // warm-up: caches, vocabulary
    await searchIndex(db, indexName, request(q), restriction, { cache: false });
    await fullText(db, generated.tenantId, q);
  }
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const engine: number[] = [];
    const engineSql: number[] = [];
    const fts: number[] = [];
    const hits: string[] = [];
    const ungrouped: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) {
        const { g, u, result: r } = await timedPair(() => searchIndex(db, indexName, request(q), restriction, { cache: false }),
          () => searchIndex(db, indexName, { ...request(q), distinct: false }, restriction, { cache: false }));
        engine.push(g);
        ungrouped.push(u);
        let t: number;
        if (memory && round === 0) {
          t = performance.now();
          const s = await searchIndex(db, indexName, request(q), restriction, { cache: false, memory: false });
          engineSql.push(performance.now() - t);
          if (s.nbHits !== r.nbHits) throw new Error(`${q}: ${r.nbHits} hits in memory, ${s.nbHits} in SQL`);
        }
        t = performance.now();
        const n = await fullText(db, generated.tenantId, q);
        fts.push(performance.now() - t);
        if (round === 0) hits.push(`${q}: ${r.nbHits}/${n}`);
      }
    }
    console.log(`  ${kind.padEnd(6)} engine   ${fmt(engine)}`);
    console.log(`  ${''.padEnd(6)} ungrouped ${fmt(ungrouped)}  grouped/ungrouped ${ratio(engine, ungrouped)}`);
    if (memory) console.log(`  ${''.padEnd(6)} eng.sql  ${fmt(engineSql)} (first round)`);
    console.log(`  ${''.padEnd(6)} fulltext ${fmt(fts)}`);
    console.log(`  ${''.padEnd(6)} hits engine/fulltext: ${hits.join(', ')}`);
  }
  // Sorted by price: the same requests on the price_asc replica (every match ordered, not only ranked).
  const sorted: number[] = [];
  const sortedUngrouped: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of ['', ...QUERIES.word, ...QUERIES.prefix]) {
      const { g, u } = await timedPair(() => searchIndex(db, replicaName(indexName, 'price_asc'), request(q), restriction, { cache: false }),
        () => searchIndex(db, replicaName(indexName, 'price_asc'), { ...request(q), distinct: false }, restriction, { cache: false }));
      sorted.push(g);
      sortedUngrouped.push(u);
    }
  }
  console.log(`  sorted by price (the empty, word and prefix queries on the price_asc replica): ${fmt(sorted)}`);
  console.log(`  the same ungrouped: ${fmt(sortedUngrouped)}  grouped/ungrouped ${ratio(sorted, sortedUngrouped)}`);
  const empty: number[] = [];
  const emptyUngrouped: number[] = [];
  const emptySql: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { g, u } = await timedPair(() => searchIndex(db, indexName, request(''), restriction, { cache: false }),
      () => searchIndex(db, indexName, { ...request(''), distinct: false }, restriction, { cache: false }));
    empty.push(g);
    emptyUngrouped.push(u);
    if (!memory || round > 0) continue;
    const t = performance.now();
    await searchIndex(db, indexName, request(''), restriction, { cache: false, memory: false });
    emptySql.push(performance.now() - t);
  }
  console.log(`  empty query with facets (the marketplace's first page): ${fmt(empty)}`);
  console.log(`  the same ungrouped: ${fmt(emptyUngrouped)}  grouped/ungrouped ${ratio(empty, emptyUngrouped)}`);
  if (memory) console.log(`  the same from SQL alone (first round):                 ${fmt(emptySql)}`);
  const cached: number[] = [];
  await searchIndex(db, indexName, request(''), restriction); // computed once, then cached
  for (let round = 0; round < ROUNDS; round++) {
    const t = performance.now();
    await searchIndex(db, indexName, request(''), restriction);
    cached.push(performance.now() - t);
  }
  console.log(`  the same, answered from the result cache after the first time: ${fmt(cached)}`);
  if (memory) await stockChanges(db, generated.tenantId, indexName, memory);
  await database.close();
}

/**
 * What an order costs the search: the stock of an article changes (as an order takes it), the article
 * is reindexed (index-sync), and the next search patches the index in memory (memory-patch.ts) rather
 * than loading it again. The article's stock is put back at the end.
 */
async function stockChanges(db: Kysely<DB>, tenantId: string, indexName: string, memory: MemoryIndex): Promise<void> {
  const article = await db.selectFrom('supplierArticles').select(['id', 'stock']).where('tenantId', '=', tenantId)
    .where('available', '=', true).where('stock', '>', 0).orderBy('id').executeTakeFirstOrThrow();
  const reindex: number[] = [];
  const patch: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const stock = round === ROUNDS ? Number(article.stock) : Number(article.stock) + round + 1;
    let t = performance.now();
    await db.updateTable('supplierArticles').set({ stock }).where('id', '=', article.id).execute();
    await reindexArticles(db, tenantId, [article.id]);
    reindex.push(performance.now() - t);
    t = performance.now();
    const patched = await memoryIndexFor(db, indexName, await vocabularyFor(db, indexName));
    patch.push(performance.now() - t);
    if (patched !== memory) throw new Error('the stock change was not patched into the index in memory');
  }
  console.log(`  an article's stock changes (as an order takes it) and it is reindexed: ${fmt(reindex)}`);
  console.log(`  the next search brings the index in memory up to date in place:       ${fmt(patch)}`);
}

const pgliteArticles = Number(process.env.BENCH_ARTICLES ?? 100_000);
// BENCH_ARTICLES=0 skips the embedded run (to time PostgreSQL alone).
if (pgliteArticles > 0) await run('PGlite (embedded)', undefined, path.resolve(process.env.BENCH_DATA_DIR ?? '.bench/search-pglite'), pgliteArticles, 100_000);
if (process.env.DATABASE_URL) {
  // A database of its own on that server (created once, kept so the next run skips the generation).
  const url = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'searchbench'");
  if (!exists.rowCount) await admin.query('create database searchbench');
  await admin.end();
  url.pathname = '/searchbench';
  for (const size of (process.env.BENCH_PG_ARTICLES ?? '1000000').split(',')) {
    await run('PostgreSQL (database searchbench)', url.toString(), '.bench/unused', Number(size), 1_000_000);
  }
}
