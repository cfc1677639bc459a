/**
 * `npm run bench`: what the whole stack costs on one list endpoint. The real server (identity
 * provider, tenant and token checks, validation, permission letters, serialisation) answers
 * GET /api/v2/suppliers next to a bare Fastify route that runs the same SQL (the same listRows call)
 * with none of that, on the same database, in the same run. autocannon runs in a process of its own.
 * At each connection count both routes run in turns for BENCH_ROUNDS rounds (5) of BENCH_SECONDS
 * (10) each, and it prints the medians of req/s and p99 and their ratio (and each round's ratio),
 * then the plan of the page query (EXPLAIN). Uses PGlite in a
 * temporary folder, or, when DATABASE_URL is set, a scratch database it creates on that PostgreSQL
 * server and drops afterwards.
 */
import Fastify from 'fastify';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resourceByName } from '../model';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { CompiledQuery } from 'kysely';
import { listQueries, listRows } from '../src/server/crud/list';
import { migrate } from '../src/server/db/migrate';
import { unaudited } from '../src/server/db/audit-actor';
import { openDatabase } from '../src/server/db/open';
import { registerOidc } from '../src/server/oidc';
import { seed } from '../src/server/demo/seed';
import { Browser, signIn } from '../tests/oidc/browser';
import { createScratchDatabase, dropTestDatabase } from '../tests/server/helpers/test-db';
import { median } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Rounds per connection count; each runs both routes, in turns, and the figures are the rounds' medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** One or more connection counts, e.g. BENCH_CONNECTIONS=50 or 10,50 (the default): each runs both routes. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const EXTRA_SUPPLIERS = 2000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const serverUrl = process.env.DATABASE_URL || undefined;
const scratch = `bench_${process.pid}`;
const databaseUrl = serverUrl ? await createScratchDatabase(serverUrl, scratch) : undefined;
const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
await migrate(database);
await seed(database.db);
const { db } = database;

const tenant = await db.selectFrom('tenants').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow();
// Generated rows, not users' changes: kept out of the audit trail (docs/audit-trail.md).
await unaudited(() => db.insertInto('suppliers')
  .values(Array.from({ length: EXTRA_SUPPLIERS }, (_, i) => ({ tenantId: tenant.id, name: `Bench supplier ${String(i).padStart(5, '0')}`, active: true })))
  .execute());
// Statistics and visibility map as a table at rest has them (autovacuum does this soon after such an insert).
await db.executeQuery(CompiledQuery.raw('vacuum analyze suppliers'));

const app = await buildApp({ config, db, identity: (server) => registerOidc(server, { db, config }), logger: false });
await app.listen({ port, host: '127.0.0.1' });
const tokens = await signIn(new Browser(), {
  baseUrl: config.publicUrl, clientId: 'shop-localhost', redirectUri: `${config.publicUrl}/redirect`, email: 'buyer@demo.test', password: 'demo',
});
const me = await (await fetch(`${config.publicUrl}/api/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
const customerId: string = me.customerAccess.find((a: { active: boolean }) => a.active).customerId;

// The bare route: the same listRows (same SQL) for the same customer, no hooks, no checks.
const suppliers = resourceByName('suppliers');
const bare = Fastify({ logger: false });
bare.get('/bare/suppliers', async () => {
  const { rows, total } = await listRows(db, suppliers, { tenantId: tenant.id, customerId, side: 'customer' }, { filters: {}, offset: 0, limit: 20 });
  return { items: rows, total };
});
const barePort = await freePort();
await bare.listen({ port: barePort, host: '127.0.0.1' });

const owner = { tenantId: tenant.id, customerId, side: 'customer' as const };
const { page } = listQueries(db, suppliers, owner, { filters: {}, offset: 0, limit: 20 });
const compiled = page.compile();
const explained = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
const plan = explained.rows.map((r) => Object.values(r)[0]);

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * autocannon in a process of its own: in this one it would share the servers' event loop, and the
 * load it makes would be measured as the servers' own cost.
 */
function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<{ non2xx: number; errors: number; requests: { average: number }; latency: { p99: number } }> {
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
  });
}

interface Route { title: string; url: string; headers: Record<string, string> }
interface Figures { rps: number; p99: number }

async function load(route: Route, connections: number, seconds: number): Promise<Figures> {
  const r = await autocannon(route.url, route.headers, connections, seconds);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${route.title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const medians = (runs: Figures[]): Figures => ({ rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)) });

const routes: Route[] = [
  { title: 'bare Fastify + same SQL', url: `http://127.0.0.1:${barePort}/bare/suppliers`, headers: {} },
  {
    title: 'GET /api/v2/suppliers',
    url: `${config.publicUrl}/api/v2/suppliers?page=1&pageSize=20`,
    headers: { authorization: `Bearer ${tokens.access_token}`, 'x-customer-id': customerId, 'x-hostname': 'localhost' },
  },
];
for (const route of routes) {
  const check = await fetch(route.url, { headers: route.headers });
  if (check.status !== 200) throw new Error(`${route.title}: ${route.url} answered ${check.status} ${await check.text()}`);
  await load(route, 10, 2); // warms both up (JIT, pool, caches) before anything is measured
}

const line = (title: string, f: Figures) => console.log(`  ${title.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms`);
console.log(`Listing 20 of ${EXTRA_SUPPLIERS}+ suppliers, ${database.kind}: ${ROUNDS} rounds of ${SECONDS}s per route, the routes in turns; medians`);
for (const connections of CONNECTIONS) {
  const runs: Figures[][] = routes.map(() => []);
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Turns: bare first in even rounds, the API first in odd ones, so neither always runs on a warmer machine.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const got: Figures[] = [];
    for (const i of order) got[i] = await load(routes[i], connections, SECONDS);
    got.forEach((f, i) => runs[i].push(f));
    ratios.push(got[1].rps / got[0].rps);
  }
  const [bareResult, apiResult] = runs.map(medians);
  console.log(`${connections} connections`);
  line(routes[0].title, bareResult);
  line(routes[1].title, apiResult);
  console.log(`  ratio API/bare: ${(apiResult.rps / bareResult.rps).toFixed(2)} of the throughput (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}), p99 ×${(apiResult.p99 / Math.max(bareResult.p99, 1)).toFixed(2)}`);
}
console.log(`plan of the page query:\n  ${plan.join('\n  ')}`);

await bare.close();
await app.close();
await database.close();
if (serverUrl) await dropTestDatabase(serverUrl, scratch);
rmSync(dataDir, { recursive: true, force: true });
