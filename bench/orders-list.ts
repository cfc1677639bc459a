/**
 * `npm run bench:orders` (and the last part of `npm run bench`): the orders list at 1,000,000 orders
 * over 200 tenants. Like bench/list-endpoint.ts, the real server (identity provider, tenant and token
 * checks, validation, permission letters, ownRows, serialisation) answers
 * GET /api/v2/orders?page=1&pageSize=20&orderState=toApprove&search= (the default sort, orderDate
 * descending) as manager@demo.test, a customer admin of the largest tenant's largest customer (so it
 * reads the company's orders, not only its own), next to a bare Fastify route that runs the same SQL
 * (the same listRows call, its input parsed from the same query string by the route's own schema)
 * with none of that, on the same database, in the same run. autocannon runs in a process of its own;
 * at each connection count both routes run in turns for BENCH_ROUNDS rounds (5) of BENCH_SECONDS (10)
 * each; it prints the medians of req/s and p99 and their ratio (and each round's ratio).
 *
 * Then the database alone: the page query with its total (listQueries' page, the one statement both
 * routes send) run BENCH_DB_RUNS times (500, or BENCH_DB_SECONDS: 5 s) one after the other on one
 * connection, p50/p95/max in ms, for the endpoint's list and, for comparison, the same customer's
 * list without a filter, a buyer's own orders (ownRows), a search for a run of order numbers, and
 * the platform admins' list over the whole tenant; each with EXPLAIN (ANALYZE, BUFFERS). The indexes
 * are the model's (generator/db/schema.ts): an eq filter's, carrying the list's sort, and the
 * tenant-wide sort of a list platform admins read.
 *
 * Data (BENCH_ORDERS: 1,000,000 on PostgreSQL, 100,000 on PGlite): the three seeded tenants (seed()
 * without demo orders, a small demo catalogue) and 197 generated ones with 2 to 5 customers each, two
 * departments per customer and one buyer (role user) per 1,500 of its orders (2 to 50). The
 * development tenant `localhost` holds 10 % of the orders, the others a skewed share (1/(i+5): from
 * 4 % down to 0.1 %), and within a tenant the customers 1/k² (the largest, Bakkerij Janssens BV, two
 * thirds of its tenant's). orderDate spread evenly over two years; statuses by age (of the last two
 * weeks 40 % still toApprove and some in toApproveBudget, financeApproval or incomplete; older orders
 * mostly approved or rejected, 0.5 % left waiting); order numbers `<prefix>-<year>-<6 digits>`, unique
 * per tenant; a fifth of the decided orders older than half a year archived; one to three order lines
 * for the orders of the last 90 days. Set-based SQL (insert … select … generate_series), rows in
 * time order with the tenants interleaved as a live table fills, then VACUUM ANALYZE as autovacuum
 * would leave the tables.
 *
 * PostgreSQL when DATABASE_URL is set: a scratch database on that server, dropped afterwards; with
 * BENCH_KEEP=1 it is `bench_orders_<count>` and kept, and a later run with BENCH_KEEP=1 reuses it
 * (migrating it first) instead of generating again (drop it with `dropdb bench_orders_<count>`).
 * Else PGlite in a temporary folder, or with BENCH_KEEP=1 in .bench/orders-pglite-<count>.
 */
import Fastify from 'fastify';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { listedByPlatformAdmins, resourceByName } from '../model';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { listQueries, listRows, type ListInput } from '../src/server/crud/list';
import type { Owner } from '../src/server/crud/scope';
import { schemas } from '../src/server/crud/service';
import { migrate } from '../src/server/db/migrate';
import { unaudited } from '../src/server/db/audit-actor';
import { openDatabase } from '../src/server/db/open';
import { registerOidc } from '../src/server/oidc';
import { seed } from '../src/server/demo/seed';
import { permissionsForRoles } from '../src/shared/access';
import { Browser, signIn } from '../tests/oidc/browser';
import { createScratchDatabase, dropTestDatabase } from '../tests/server/helpers/test-db';
import type { DB } from '../generated/db/database.gen';
import { median, percentile } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Rounds per connection count; each runs both routes, in turns, and the figures are the rounds' medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** One or more connection counts, e.g. BENCH_CONNECTIONS=50 or 10,50 (the default): each runs both routes. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
/** PGlite takes some five minutes to generate a million (BENCH_ORDERS=1000000 with BENCH_KEEP=1 to keep them). */
const ORDERS = Number(process.env.BENCH_ORDERS ?? (process.env.DATABASE_URL ? 1_000_000 : 100_000));
const TENANTS = 200;
/** Runs of each page query for the database's own p50/p95. */
const DB_RUNS = Number(process.env.BENCH_DB_RUNS ?? 500);
const KEEP = process.env.BENCH_KEEP === '1';
/** Each list's runs stop after this many seconds (a search that scans the customer's orders takes long). */
const DB_SECONDS = Number(process.env.BENCH_DB_SECONDS ?? 5);
/** Bumped when the generated data changes, so a kept database of an older shape is built again. */
const DATA_VERSION = 1;
const MARKER = 'bench:orders';


async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await c.end();
  }
}

/**
 * The data, in set-based statements on one connection (the temporary tables and setseed belong to
 * it). Tenant sizes: localhost 10 %, the others 1/(i+5) of the rest, whole orders by largest remainder.
 */
async function generate(db: Kysely<DB>, total: number): Promise<void> {
  const started = performance.now();
  const step = (what: string) => console.log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const userPermissions = JSON.stringify(permissionsForRoles(['user']));
  await db.connection().execute(async (c) => {
    const run = (text: string, parameters: unknown[] = []) => c.executeQuery<Record<string, any>>(CompiledQuery.raw(text, parameters));
    await run('select setseed(0.42)');
    await run(`insert into tenants (hostname, name, environment, default_language, currency, idp_client_id, supplier_order_prefix)
      select 'bench-' || lpad(i::text, 3, '0') || '.localhost', 'Bench tenant ' || i, 'production', (array['NL', 'EN', 'FR'])[1 + i % 3], 'EUR',
             'shop-bench-' || lpad(i::text, 3, '0') || '.localhost', case when i % 4 = 0 then null else 'B' || chr(65 + i % 26) || chr(65 + (i / 26) % 26) end
      from generate_series(1, ${TENANTS - 3}) i`);
    // Tenants in size order: the development tenant first (the largest), then the seeded ones, then the generated.
    const tenants = (await run(`select id, hostname, supplier_order_prefix as prefix from tenants
      order by hostname <> 'localhost', hostname not in ('acme.localhost', 'globex.localhost'), hostname`)).rows as { id: string; prefix: string | null }[];
    const largest = Math.round(total / 10);
    const weights = tenants.slice(1).map((_, i) => 1 / (i + 6));
    const sum = weights.reduce((s, w) => s + w, 0);
    const exact = weights.map((w) => ((total - largest) * w) / sum);
    const counts = exact.map(Math.floor);
    const left = total - largest - counts.reduce((s, n) => s + n, 0);
    exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]).slice(0, left).forEach(([, i]) => counts[i]++);
    await run('create temp table bench_plan (tenant_id uuid primary key, orders int, prefix text)');
    await run(`insert into bench_plan select * from unnest($1::uuid[], $2::int[], $3::text[])`, [
      tenants.map((t) => t.id), [largest, ...counts],
      tenants.map((t) => (t.prefix && /^[A-Za-z]{3,4}$/.test(t.prefix) ? t.prefix.toUpperCase() : 'ORD')),
    ]);

    // Customers: the generated tenants 2 to 5, the development tenant three more besides its two.
    await run(`insert into customers (tenant_id, name, vat_number, domain, general_email, address, features, blocked)
      select t.id, 'Bench customer ' || t.n || '-' || k, 'BE0' || lpad((t.n * 10 + k)::text, 9, '0'), 'c' || t.n || '-' || k || '.example', 'info@c' || t.n || '-' || k || '.example',
             jsonb_build_object('street', 'Kerkstraat', 'houseNumber', k::text, 'zipCode', '9000', 'city', 'Gent', 'countryCode', 'BE'), '[]'::jsonb, false
      from (select id, row_number() over (order by hostname) as n, hostname from tenants) t
      cross join lateral generate_series(1, case when t.hostname = 'localhost' then 3 when t.hostname like 'bench-%' then 2 + t.n % 4 else 0 end) k`);
    await run(`insert into customer_departments (tenant_id, customer_id, name, cost_center)
      select c.tenant_id, c.id, d.name, 'CC-' || d.i from customers c
      cross join lateral (values (1, 'Aankoop'), (2, 'Productie')) d(i, name)
      where c.name like 'Bench customer %'`);
    // Each customer's share of its tenant's orders: 1/k² by age (the seeded first customer is the largest).
    await run(`create temp table bench_customers as
      select tenant_id, customer_id, departments, coalesce(lag(hi) over (partition by tenant_id order by k), 0) as lo, hi
      from (select tenant_id, customer_id, k, departments, sum(w) over (partition by tenant_id order by k) / sum(w) over (partition by tenant_id) as hi
            from (select c.tenant_id, c.id as customer_id, 1.0 / (row_number() over (partition by c.tenant_id order by c.created_at, c.id))^2 as w,
                         row_number() over (partition by c.tenant_id order by c.created_at, c.id) as k,
                         array(select d.id from customer_departments d where d.customer_id = c.id order by d.created_at, d.id) as departments
                  from customers c) w) s`);
    await run('update bench_customers set hi = 1.0000001 where hi >= 0.9999999');
    step(`${tenants.length} tenants, ${(await run('select count(*)::int as n from bench_customers')).rows[0].n} customers`);

    // Buyers (role user) who place the customer's orders: one per 1,500 of its orders (two years), 2 to 50.
    await run(`alter table bench_customers add column users int`);
    await run(`update bench_customers c set users = greatest(2, least(50, ceil(p.orders * (least(c.hi, 1) - c.lo) / 1500)))::int
      from bench_plan p where p.tenant_id = c.tenant_id`);
    await run(`create temp table bench_users as
      select c.tenant_id, c.customer_id, u.i - 1 as idx, gen_random_uuid() as user_id, row_number() over () as n
      from bench_customers c cross join lateral generate_series(1, c.users) u(i)`);
    await run(`insert into users (id, tenant_id, email, firstname, lastname, displayname, user_type, landing_page, language_code, active, platform_permissions, supplier_ids, preferences)
      select user_id, tenant_id, 'buyer' || n || '@bench.test', 'Buyer', 'No ' || n, 'Buyer No ' || n, 3, 'dashboard', 'NL', true, '[]'::jsonb, '[]'::jsonb, '{}'::jsonb
      from bench_users`);
    await run(`insert into customer_accesses (tenant_id, user_id, customer_id, active, roles, permissions, department_ids)
      select u.tenant_id, u.user_id, u.customer_id, true, '["user"]'::jsonb, $1::jsonb,
             case when c.departments[1 + u.idx % 2] is null then '[]'::jsonb else jsonb_build_array(c.departments[1 + u.idx % 2]) end
      from bench_users u join bench_customers c using (customer_id)`, [userPermissions]);
    await run('create index on bench_users (customer_id, idx)');
    step(`${(await run('select count(*)::int as n from bench_users')).rows[0].n} users`);

    await run(`create temp table bench_orders as
      with o as materialized (
        select p.tenant_id, p.prefix, random() as rc, random() as ru, random() as rs, random() as ra, random() as rt, random() as rd,
               now() - random() * interval '730 days' as d
        from bench_plan p cross join lateral generate_series(1, p.orders) g(n)
      )
      select o.*, c.customer_id, c.departments, c.users, extract(epoch from now() - o.d) / 86400 as age
      from o join bench_customers c on c.tenant_id = o.tenant_id and o.rc >= c.lo and o.rc < c.hi`);
    step('orders planned');
    await run(`insert into orders (tenant_id, customer_id, order_number, order_date, ordered_by_id, status, department_id, address, about, labels,
        total_product_cost_excl, total_product_cost_incl, shipping_cost, shipping_cost_vat, loyalty_discount, total_cost, archived, rejection_reason, created_at, updated_at)
      select tenant_id, customer_id,
             prefix || '-' || to_char(d, 'YYYY') || '-' || lpad((row_number() over (partition by tenant_id, to_char(d, 'YYYY') order by d))::text, 6, '0'),
             d, user_id, status, departments[1 + floor(rd * 2)::int],
             jsonb_build_object('street', 'Kerkstraat', 'houseNumber', (1 + floor(rd * 200))::text, 'zipCode', '9000', 'city', 'Gent', 'countryCode', 'BE'),
             (array['Nieuwe medewerker', 'Voorraad magazijn', 'Vergaderzaal', 'Opleiding', 'Werkplaats', 'Offerte printer', null, null])[1 + floor(ra * 8)::int],
             '[]'::jsonb, excl, round(excl * 1.21, 2), shipping, round(shipping * 0.21, 2), 0, round(excl * 1.21, 2) + shipping + round(shipping * 0.21, 2),
             -- Archived: a fifth of the decided orders older than half a year, a few others.
             status in ('approved', 'rejected') and ((age > 180 and ra < 0.2) or ra < 0.01),
             case when status = 'rejected' then 'Dit staat niet in het budget van dit kwartaal.' end,
             d, d + case when status in ('approved', 'rejected', 'financeApproval') then interval '1 day' * rd else interval '0' end
      from (
        select b.*, u.user_id, round((20 + rt * rt * rt * 4980)::numeric, 2) as excl,
               case when rt < 0.4 then 7.50 else 0 end::numeric(14, 2) as shipping,
               case
                 when age < 14 then case when rs < 0.40 then 'toApprove' when rs < 0.50 then 'toApproveBudget' when rs < 0.58 then 'financeApproval'
                                         when rs < 0.65 then 'incomplete' when rs < 0.95 then 'approved' else 'rejected' end
                 when age < 60 then case when rs < 0.08 then 'toApprove' when rs < 0.10 then 'toApproveBudget' when rs < 0.12 then 'financeApproval'
                                         when rs < 0.15 then 'incomplete' when rs < 0.93 then 'approved' else 'rejected' end
                 else case when rs < 0.005 then 'toApprove' when rs < 0.015 then 'incomplete' when rs < 0.91 then 'approved' else 'rejected' end
               end as status
        from bench_orders b join bench_users u on u.customer_id = b.customer_id and u.idx = floor(b.ru * b.users)::int
      ) x
      -- In time order, tenants interleaved, as a live table fills: one customer's orders are spread over the table.
      order by d`);
    step(`${total.toLocaleString('en')} orders`);
    await run(`insert into order_lines (tenant_id, customer_id, order_id, line_number, line_type, article_number_supplier, title, article_type,
        unit_price, price_quantity, tax, amount, total_line_cost_excl, total_line_cost_incl, created_at, updated_at)
      select o.tenant_id, o.customer_id, o.id, l, 'article', 'ART-' || lpad((abs(hashtext(o.id::text || l)) % 100000)::text, 5, '0'),
             jsonb_build_object('nl', 'Artikel ' || l, 'en', 'Article ' || l, 'fr', 'Article ' || l), 'Regular',
             round(o.total_product_cost_excl / k, 2), 1, 21, 1, round(o.total_product_cost_excl / k, 2), round(o.total_product_cost_excl / k * 1.21, 2),
             o.created_at, o.created_at
      from orders o cross join lateral (select 1 + abs(hashtext(o.id::text)) % 3 as k) n cross join lateral generate_series(1, n.k) l
      where o.order_date > now() - interval '90 days'`);
    step(`${(await run('select count(*)::int as n from order_lines')).rows[0].n} order lines`);
    await run('drop table bench_orders');
    // As autovacuum leaves a table at rest: statistics, and the visibility map an index-only count needs.
    for (const table of ['tenants', 'customers', 'customer_departments', 'users', 'customer_accesses', 'orders', 'order_lines']) await run(`vacuum analyze ${table}`);
    step('vacuum analyze');
    await run(`insert into app_state (key, value, updated_at) values ($1, $2::jsonb, now())`, [MARKER, JSON.stringify({ orders: total, version: DATA_VERSION })]);
  });
}

// The demo catalogue is not what this bench measures: a small one keeps the seed quick.
process.env.DEMO_CATALOGUE_SIZE ??= '300';

const port = await freePort();
const serverUrl = process.env.DATABASE_URL || undefined;
const scratch = KEEP ? `bench_orders_${ORDERS}` : `bench_orders_${process.pid}`;
const dataDir = KEEP && !serverUrl ? path.resolve('.bench', `orders-pglite-${ORDERS}`) : mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
mkdirSync(dataDir, { recursive: true });
let databaseUrl: string | undefined;
if (serverUrl) {
  if (KEEP && (await databaseExists(serverUrl, scratch))) {
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  } else {
    databaseUrl = await createScratchDatabase(serverUrl, scratch);
  }
}
// JOB_WORKERS=false: no job polling in the background while the routes are measured.
const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });
const database = await openDatabase(config);
const { db } = database;
/** Drops the scratch database (or folder) even when a step fails; the servers are left to process.exit. */
let failed = false;
try {
  const built = performance.now();
  await migrate(database);

  const marker = await db.selectFrom('appState').select('value').where('key', '=', MARKER).executeTakeFirst();
  const markerValue = (marker ? (typeof marker.value === 'string' ? JSON.parse(marker.value) : marker.value) : null) as { orders: number; version: number } | null;
  const reused = markerValue?.orders === ORDERS && markerValue.version === DATA_VERSION;
  if (!reused) {
    if (await db.selectFrom('appState').select('key').where('key', '=', 'seed').executeTakeFirst()) {
      throw new Error(`the kept bench database (${serverUrl ? scratch : dataDir}) holds other or unfinished data: drop it and run again`);
    }
    await seed(db, { demoOrders: false });
    // Generated rows, not users' changes: kept out of the audit trail (docs/audit-trail.md).
    await unaudited(() => generate(db, ORDERS));
  }
  // The identity provider's keys of a kept database were sealed with the previous run's key file
  // (in its DATA_DIR, gone): it makes new ones. Tokens of the earlier run are of no use anyway.
  if (reused) await sql`delete from oidc_keys`.execute(db);
  console.log(`${reused ? 'Reused' : 'Generated'} ${ORDERS.toLocaleString('en')} orders over ${TENANTS} tenants (${database.kind}${serverUrl ? `, ${scratch}` : ''}) in ${((performance.now() - built) / 1000).toFixed(0)} s`);

  // Who reads: manager@demo.test, customer admin of the development tenant's first (largest) customer.
  const tenant = await db.selectFrom('tenants').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow();
  const largest = await db.selectFrom('orders').select(['customerId', sql<number>`count(*)::int`.as('n')])
    .where('tenantId', '=', tenant.id).groupBy('customerId').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
  const customerId = String(largest.customerId);
  const tenantOrders = (await db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('tenantId', '=', tenant.id).executeTakeFirstOrThrow()).n;

  const app = await buildApp({ config, db, identity: (server) => registerOidc(server, { db, config }), logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const tokens = await signIn(new Browser(), {
    baseUrl: config.publicUrl, clientId: 'shop-localhost', redirectUri: `${config.publicUrl}/redirect`, email: 'manager@demo.test', password: 'demo',
  });
  const me = await (await fetch(`${config.publicUrl}/api/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
  const access = me.customerAccess.find((a: { customerId: string }) => a.customerId === customerId);
  if (!access?.roles.includes('admin')) throw new Error(`manager@demo.test is no admin of the largest customer ${customerId}`);

  // The bare route: the same listRows (same SQL, same filters) for the same customer, no hooks, no checks.
  const orders = resourceByName('orders');
  const owner: Owner = { tenantId: tenant.id, customerId, side: 'customer' };
  const endpointQuery = { page: '1', pageSize: '20', orderState: 'toApprove', search: '' };
  /**
   * A list call as the route's handler makes it (crud/handlers.ts): the query string parsed by the
   * route's own schema (so with every filter's default), page and pageSize as offset and limit.
   */
  const listCall = (query: Record<string, string>): ListInput => {
    const p = z.intersection(schemas(orders).filters, schemas(orders).list).parse(query) as Record<string, unknown> & { page: number; pageSize: number; sort?: string; order?: 'ASC' | 'DESC' };
    return { filters: p, sort: p.sort, order: p.order, offset: (p.page - 1) * p.pageSize, limit: p.pageSize };
  };
  const endpointCall = listCall(endpointQuery);
  const bare = Fastify({ logger: false });
  bare.get('/bare/orders', async () => {
    const { rows, total } = await listRows(db, orders, owner, endpointCall);
    return { items: rows, total };
  });
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

  /**
   * autocannon in a process of its own: in this one it would share the servers' event loop, and the
   * load it makes would be measured as the servers' own cost.
   */
  function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<{ non2xx: number; errors: number; timeouts: number; requests: { average: number; total: number }; throughput: { total: number }; latency: { p99: number } }> {
    const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
    return new Promise((resolve, reject) => {
      execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
    });
  }

  interface Route { title: string; url: string; headers: Record<string, string> }
  /** cpu: this process's CPU time (both servers live in it; autocannon does not) per answer, in ms; kb: bytes per answer / 1024. */
  interface Figures { rps: number; p99: number; cpu: number; kb: number; timeouts: number }

  async function load(route: Route, connections: number, seconds: number): Promise<Figures> {
    const before = process.cpuUsage();
    const r = await autocannon(route.url, route.headers, connections, seconds);
    const used = process.cpuUsage(before);
    if (r.non2xx > 0 || r.errors > r.timeouts) throw new Error(`${route.title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    // A timeout (no answer within autocannon's 10 s) is counted and shown, not fatal: on a machine
    // loaded by others the client itself may be starved (the server's own handling stayed under 2 s).
    return { rps: r.requests.average, p99: r.latency.p99, cpu: (used.user + used.system) / 1000 / Math.max(1, r.requests.total), kb: r.throughput.total / 1024 / Math.max(1, r.requests.total), timeouts: r.timeouts };
  }

  const medians = (runs: Figures[]): Figures => ({
    rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), cpu: median(runs.map((r) => r.cpu)), kb: median(runs.map((r) => r.kb)), timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
  });

  const routes: Route[] = [
    { title: 'bare Fastify + same SQL', url: `http://127.0.0.1:${barePort}/bare/orders`, headers: {} },
    {
      title: 'GET /api/v2/orders',
      url: `${config.publicUrl}/api/v2/orders?${new URLSearchParams(endpointQuery)}`,
      headers: { authorization: `Bearer ${tokens.access_token}`, 'x-customer-id': customerId, 'x-hostname': 'localhost' },
    },
  ];
  const answers: { total: number; items: unknown[] }[] = [];
  for (const route of routes) {
    const check = await fetch(route.url, { headers: route.headers });
    if (check.status !== 200) throw new Error(`${route.title}: ${route.url} answered ${check.status} ${await check.text()}`);
    answers.push(await check.json());
    await load(route, 10, 2); // warms both up (JIT, pool, caches) before anything is measured
  }
  if (answers[0].total !== answers[1].total || answers[0].items.length !== answers[1].items.length) {
    throw new Error(`the routes disagree: bare ${answers[0].total} (${answers[0].items.length} rows), API ${answers[1].total} (${answers[1].items.length} rows)`);
  }

  const line = (title: string, f: Figures) => console.log(`  ${title.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms   server CPU ${f.cpu.toFixed(2)} ms and ${f.kb.toFixed(1)} KB per answer${f.timeouts ? `   ${f.timeouts} timeouts` : ''}`);
  console.log(`Listing 20 of ${answers[1].total.toLocaleString('en')} orders to approve of the largest customer (${largest.n.toLocaleString('en')} orders; its tenant ${tenantOrders.toLocaleString('en')}), ${database.kind}: ${ROUNDS} rounds of ${SECONDS}s per route, the routes in turns; medians`);
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
  await bare.close();
  await app.close();

  /** The lists the database part times: the endpoint's, and more of the same customer for comparison. */
  const buyer = await db.selectFrom('orders').select(['orderedById', sql<number>`count(*)::int`.as('n')])
    .where('tenantId', '=', tenant.id).where('customerId', '=', customerId).groupBy('orderedById').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
  // A search for a run of order numbers (about a hundred of the tenant's): what a user types to find one.
  const latest = await db.selectFrom('orders').select('orderNumber').where('tenantId', '=', tenant.id).orderBy('orderDate', 'desc').limit(1).executeTakeFirstOrThrow();
  const numberPart = `${String(latest.orderNumber).split('-').slice(0, 2).join('-')}-0001`; // DEV-<year>-0001: numbers 000100 to 000199
  const lists: { title: string; call: ListInput; owner: Owner }[] = [
    { title: 'orderState=toApprove (the endpoint)', call: endpointCall, owner },
    { title: 'no filter', call: listCall({}), owner },
    { title: "a buyer's own (ownRows), no filter", call: listCall({}), owner: { ...owner, onlyOwn: { field: 'orderedById', userId: String(buyer.orderedById) } } },
    // No index serves ilike '%…%': this one reads the customer's orders.
    { title: `search='${numberPart}'`, call: listCall({ search: numberPart }), owner },
  ];
  // The platform admins' list (/admin/orders/query), where the model has it, reads the whole tenant: every customer's orders.
  if (listedByPlatformAdmins(orders.endpoints)) lists.push({ title: 'platform admin, whole tenant', call: listCall({}), owner: { tenantId: tenant.id, customerId: null, side: 'platform' } });

  interface Timing { runs: number; p50: number; p95: number; max: number; total: number; plan: string[] }

  /** The page query with its total, DB_RUNS times on one connection, and its EXPLAIN (ANALYZE, BUFFERS). */
  async function timePage(l: (typeof lists)[number]): Promise<Timing> {
    const compiled = listQueries(db, orders, l.owner, l.call).page.compile();
    const query = CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
    return db.connection().execute(async (c) => {
      let total = 0;
      for (let i = 0; i < 3; i++) total = Number((await c.executeQuery<Record<string, unknown>>(query)).rows[0]?.['total of all pages'] ?? 0);
      const ms: number[] = [];
      const until = performance.now() + DB_SECONDS * 1000;
      while (ms.length < DB_RUNS && (ms.length < 10 || performance.now() < until)) {
        const t = performance.now();
        await c.executeQuery(query);
        ms.push(performance.now() - t);
      }
      const explained = await c.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]));
      return { runs: ms.length, p50: median(ms), p95: percentile(ms, 95), max: percentile(ms, 100), total, plan: explained.rows.map((r) => Object.values(r)[0]) };
    });
  }

  function report(title: string, timed: { list: (typeof lists)[number]; timing: Timing }[]) {
    console.log(title);
    for (const { list, timing: t } of timed) {
      console.log(`  ${list.title.padEnd(36)} total ${String(t.total).padStart(6)}   p50 ${t.p50.toFixed(2).padStart(7)} ms   p95 ${t.p95.toFixed(2).padStart(7)} ms   max ${t.max.toFixed(1).padStart(6)} ms   (${t.runs} runs)`);
    }
    for (const { list, timing: t } of timed) console.log(`  ${list.title}: ${oneLine(t.plan)}`);
    for (const { list, timing: t } of timed) console.log(`plan, ${list.title}:\n  ${t.plan.join('\n  ')}`);
  }

  /**
   * A plan in one line, its nodes outermost first with the rows each gave, the total's sub-plan apart:
   * 'Limit (20) ← Sort (20) ← Bitmap Heap Scan on orders (1166) …; total: Aggregate (1) ← …'.
   */
  function oneLine(plan: string[]): string {
    const indent = (l: string) => l.length - l.trimStart().length;
    const page: string[] = [];
    const total: string[] = [];
    let initPlan = -1;
    for (const l of plan) {
      if (initPlan >= 0 && indent(l) <= initPlan) initPlan = -1;
      if (/^\s*InitPlan/.test(l)) initPlan = indent(l);
      if (!l.includes('(cost=')) continue;
      const node = l.replace(/^\s*(->\s*)?/, '').replace(/\s+\(cost=.*$/, '').replace(/ on orders orders_1$/, ' on orders');
      const rows = /actual time=\S+ rows=([\d.]+)/.exec(l)?.[1];
      (initPlan >= 0 ? total : page).push(rows === undefined ? node : `${node} (${Number(rows)})`);
    }
    return `${page.join(' ← ')}${total.length ? `; total: ${total.join(' ← ')}` : ''}`;
  }

  const timed = [];
  for (const list of lists) timed.push({ list, timing: await timePage(list) });
  report(`Database alone: the first page of 20 with its total, ${DB_RUNS} runs (or ${DB_SECONDS} s) on one connection, one after the other (round trip from this process included)`, timed);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.close();
  if (serverUrl && !KEEP) await dropTestDatabase(serverUrl, scratch);
  if (!KEEP || serverUrl) rmSync(dataDir, { recursive: true, force: true });
}
// A failure leaves the servers listening: end the process once the scratch database is gone.
if (failed) process.exit(1);
if (KEEP) console.log(`Kept ${serverUrl ? `database ${scratch} (dropdb ${scratch})` : dataDir} for the next BENCH_KEEP=1 run`);
