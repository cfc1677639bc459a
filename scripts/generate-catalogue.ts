/**
 * Writes a generated catalogue of N articles (the demo generator; about 9 % more offers, as one article in
 * twelve is offered by one or two more suppliers) into a database for benchmarks,
 * in a tenant of its own ('bench.localhost' unless --hostname says otherwise), and builds its search
 * index. The database is DATABASE_URL, else the PGlite data directory --data-dir (default ./data).
 *
 *   npx tsx scripts/generate-catalogue.ts --articles 100000 [--data-dir .bench/pglite] [--hostname bench.localhost]
 *
 * A tenant that already holds N articles is left as it is (so a benchmark can reuse its data).
 */
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { seedDemoCatalogue } from '../src/server/demo/catalogue';
import { loadConfig } from '../src/server/config';
import { migrate } from '../src/server/db/migrate';
import { JOBS } from '../src/server/job-registry';
import { openDatabase } from '../src/server/db/open';
import { rebuildTenantIndex } from '../src/server/search/index-sync';
import type { DB } from '../generated/db/database.gen';

export interface GeneratedCatalogue { tenantId: string; hostname: string; articles: number; generatedNow: boolean; seconds: number }

export async function generateCatalogue(db: Kysely<DB>, articles: number, hostname = 'bench.localhost'): Promise<GeneratedCatalogue> {
  const started = Date.now();
  const existing = await db.selectFrom('tenants').select('id').where('hostname', '=', hostname).executeTakeFirst();
  if (existing) {
    // N is the number of articles; about one in twelve has one or two more offers (demo/catalogue.ts generateExtraOffers).
    const n = Number((await sql<{ n: number }>`select count(*)::int as n from articles where tenant_id = ${existing.id}`.execute(db)).rows[0].n);
    const indexed = Number((await sql<{ n: number }>`select count(*)::int as n from search_documents where tenant_id = ${existing.id}`.execute(db)).rows[0].n);
    if (n === articles && indexed > 0) return { tenantId: existing.id, hostname, articles, generatedNow: false, seconds: 0 };
    for (const table of ['supplier_articles', 'articles', 'product_categories', 'marketplaces', 'suppliers', 'search_documents']) {
      await sql`delete from ${sql.table(table)} where tenant_id::text = ${existing.id}`.execute(db);
    }
    await sql`delete from tenants where id = ${existing.id}`.execute(db);
  }
  const tenant = await db.insertInto('tenants').values({ hostname, name: `Benchmark ${hostname}`, environment: 'development', currency: 'EUR', supportedLanguages: JSON.stringify(['NL', 'EN', 'FR']), defaultLanguage: 'NL' })
    .returning('id').executeTakeFirstOrThrow();
  for (const name of ['Office Depot', 'Lyreco']) await db.insertInto('suppliers').values({ tenantId: tenant.id, customerId: null, name, active: true }).execute();
  await seedDemoCatalogue(db, { id: tenant.id, hostname }, articles);
  await rebuildTenantIndex(db, tenant.id);
  return { tenantId: tenant.id, hostname, articles, generatedNow: true, seconds: (Date.now() - started) / 1000 };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const articles = Number(arg('articles') ?? 100_000);
  if (!Number.isInteger(articles) || articles <= 0) throw new Error('--articles must be a positive whole number');
  const config = loadConfig({ ...process.env, DATA_DIR: arg('data-dir') ?? process.env.DATA_DIR });
  const database = await openDatabase(config);
  await migrate(database, { jobs: JOBS });
  const result = await generateCatalogue(database.db, articles, arg('hostname'));
  console.log(result.generatedNow ? `${articles} articles written and indexed for ${result.hostname} in ${result.seconds.toFixed(1)} s` : `${result.hostname} already holds ${articles} articles`);
  await database.close();
}
