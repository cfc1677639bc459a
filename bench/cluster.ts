/**
 * The product as an operator runs it (issue 30): one PostgreSQL database, two server processes and
 * HAProxy from Debian terminating TLS with a certificate made here, all on loopback. Everything is
 * used through https://localhost:8443 (and the other tenants' *.localhost names on that port).
 *
 *   npx tsx bench/cluster.ts journey        chromium signs in through the proxy and uses the app
 *   npx tsx bench/cluster.ts kills [n]      load through the proxy while one process is SIGKILLed and
 *                                           restarted n times (50)
 *   npx tsx bench/cluster.ts ramp [list]    one minute of the soak's traffic at each number of clients
 *                                           of the comma-separated list (4,8,16,32): rate and p99
 *   npx tsx bench/cluster.ts soak [minutes] mixed traffic for `minutes` (10) at BENCH_CLIENTS (8)
 *   npx tsx bench/cluster.ts all            the three, in that order, on one cluster
 *
 * The load generator is this process: clients that place orders, approve them and upload files
 * with an Idempotency-Key per intended effect, retrying with the same key after a failed or lost
 * answer as the app does (src/app/data/idempotency.ts). Afterwards the database and the blob folder
 * are checked against what the clients were told. Figures are printed as a table; docs/operations.md
 * keeps one run's.
 *
 * Setting: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres, the server the scratch database
 * bench_cluster is made on, dropped and made again each run), BENCH_PROXY_PORT (8443), BENCH_CLIENTS.
 * BENCH_NODE_OPTIONS: flags for the server processes' Node (`--cpu-prof`, …). BENCH_ALLOC_PROFILE=<folder>:
 * each soak (or ramp step) writes every server process's allocations from its 10th second to its end
 * there (bench/alloc-sampler.ts; list them with bench/alloc-top.ts).
 * HAProxy is installed from Debian when missing and the process runs as root (like chromium for the
 * browser tests); the cluster's folder is .bench/cluster.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM, ensureChromium } from '../scripts/ensure-chromium';
import { median, percentile } from './stats';

const ROOT = path.resolve('.bench/cluster');
const DATA_DIR = path.join(ROOT, 'data');
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? 8443);
const APP_PORTS = [4101, 4102] as const;
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_cluster';
const DATABASE_URL = Object.assign(new URL(PG_ADMIN), { pathname: `/${DB_NAME}` }).toString();
const PUBLIC_URL = `https://localhost:${PROXY_PORT}`;
const METRICS_TOKEN = randomUUID();
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
/** The tenants the clients use, each with its two ordering demo users (password 'demo'): six users, each with a basket of their own. */
const TENANTS = ['localhost', 'acme.localhost', 'globex.localhost'] as const;
const USERS = ['manager@demo.test', 'buyer@demo.test'] as const;

// ── the cluster ────────────────────────────────────────────────────────────────────────────────

function ensureHaproxy(): void {
  try { execFileSync('haproxy', ['-v'], { stdio: 'ignore' }); return; } catch { /* missing */ }
  if (process.getuid?.() !== 0) throw new Error('HAProxy is missing: sudo apt-get install -y haproxy');
  console.log('Installing Debian haproxy for the cluster bench (once)…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy'], { stdio: 'inherit' });
}

/** A self-signed certificate for the tenants' names, key and certificate in one PEM (HAProxy's form). */
function certificate(): { pem: string; cert: string } {
  const key = path.join(ROOT, 'tls.key');
  const cert = path.join(ROOT, 'tls.crt');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    // Each name on its own: TLS clients do not match a wildcard directly under a top-level name (*.localhost).
    '-addext', `subjectAltName=${TENANTS.map((t) => `DNS:${t}`).join(',')}`, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const pem = path.join(ROOT, 'tls.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return { pem, cert };
}

async function freshDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

interface AppProcess { port: number; child: ChildProcess | null; starts: number }

/** Every process this bench starts: killed when it ends, however it ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => { for (const c of children) c.kill('SIGKILL'); });
function own(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function startApp(app: AppProcess): void {
  const child = own(spawn(process.execPath, [
    ...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    '--import', 'tsx', ...(process.env.BENCH_ALLOC_PROFILE ? ['--import', './bench/alloc-sampler.ts'] : []), 'src/server/main.ts'], {
    env: {
      ...process.env, PORT: String(app.port), HOST: '127.0.0.1', DATABASE_URL, DATA_DIR, PUBLIC_URL, TRUST_PROXY: '127.0.0.1',
      // One key for both processes (they share the identity provider's keys in the database).
      OIDC_KEY_ENCRYPTION_KEY: 'YmVuY2gtY2x1c3Rlci1rZXktMzItYnl0ZXMtbG9uZyE=',
      // Tokens outlive the run: the load generator signs in once.
      OIDC_ACCESS_TOKEN_TTL_SECONDS: '86400', METRICS_TOKEN, DEMO_CATALOGUE_SIZE: '4000', LOG_LEVEL: 'warn', JOB_WORKERS: 'true',
      // The load generator is a few users doing the work of many: the per-user limits would measure themselves.
      RATE_LIMIT_UPLOADS_PER_MINUTE: '0', RATE_LIMIT_SEARCHES_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  }));
  child.stderr?.on('data', (d: Buffer) => { if (process.env.BENCH_VERBOSE) process.stderr.write(`[${app.port}] ${d}`); });
  app.child = child;
  app.starts++;
}

/** The process's Prometheus text (empty when it does not answer). */
function metricsOf(port: number): Promise<string> {
  return new Promise<string>((resolve) => {
    http.get({ host: '127.0.0.1', port, path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, (res) => {
      let out = ''; res.on('data', (d) => { out += d; }); res.on('end', () => resolve(out));
    }).on('error', () => resolve(''));
  });
}

/** Resolves once the process answers ready on its own port. */
async function ready(port: number, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/health/ready', timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode === 200); });
      req.on('error', () => resolve(false));
      req.on('timeout', () => { req.destroy(); resolve(false); });
    });
    if (ok) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the server on ${port} was not ready after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

function haproxyConfig(pem: string, socket: string): string {
  return `global
  maxconn 4000
  stats socket ${socket} mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A request whose connection to a process fails goes to the other one (nothing was sent yet).
  retries 3
  option redispatch 1
  retry-on conn-failure
frontend https
  bind 127.0.0.1:${PROXY_PORT} ssl crt ${pem} alpn h2,http/1.1
  option forwardfor
  http-request set-header X-Forwarded-Proto https
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  default-server inter 500ms fastinter 250ms fall 2 rise 2
${APP_PORTS.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** One line of HAProxy's CSV statistics per server: its status (UP, DOWN …). */
async function serverStates(socket: string): Promise<Record<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    const s = net.connect(socket, () => s.end('show stat\n'));
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
  const lines = csv.split('\n');
  const head = lines[0]!.replace(/^# /, '').split(',');
  const [px, sv, st] = ['pxname', 'svname', 'status'].map((k) => head.indexOf(k));
  const out: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const f = l.split(',');
    if (f[px!] === 'app' && f[sv!] !== 'BACKEND') out[f[sv!]!] = f[st!]!;
  }
  return out;
}

interface Cluster { apps: AppProcess[]; proxy: ChildProcess; socket: string; ca: string; stop(): Promise<void> }

async function startCluster(): Promise<Cluster> {
  ensureHaproxy();
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const { pem, cert } = certificate();
  await freshDatabase();
  const apps: AppProcess[] = APP_PORTS.map((port) => ({ port, child: null, starts: 0 }));
  // The first migrates and seeds; the second starts on the prepared database.
  startApp(apps[0]!);
  const first = await ready(apps[0]!.port);
  startApp(apps[1]!);
  const second = await ready(apps[1]!.port);
  console.log(`servers ready: ${(first / 1000).toFixed(1)} s (migrations and demo data), ${(second / 1000).toFixed(1)} s`);
  const socket = path.join(ROOT, 'haproxy.sock');
  const cfg = path.join(ROOT, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(pem, socket));
  const proxy = own(spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'] }));
  let proxyExited = false;
  proxy.once('exit', () => { proxyExited = true; });
  for (let i = 0; ; i++) {
    if (proxyExited) throw new Error(`HAProxy ended at start (is port ${PROXY_PORT} taken?)`);
    if (existsSync(socket) && Object.values(await serverStates(socket).catch(() => ({}))).filter((s) => s === 'UP').length === APP_PORTS.length) break;
    if (i > 100) throw new Error('HAProxy did not see both servers up');
    await sleep(200);
  }
  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (proxy.exitCode !== null || proxy.signalCode) return resolve();
      proxy.once('exit', () => resolve());
      proxy.kill('SIGKILL');
    });
    await Promise.all(apps.map((a) => new Promise<void>((resolve) => {
      if (!a.child || a.child.exitCode !== null) return resolve();
      a.child.once('exit', () => resolve());
      a.child.kill('SIGTERM');
    })));
  };
  return { apps, proxy, socket, ca: readFileSync(cert, 'utf8'), stop };
}

// ── a client of the proxy ──────────────────────────────────────────────────────────────────────

interface Answer { status: number; body: Buffer; json: () => any; replayed: boolean }

let agent: https.Agent;
/** One request through the proxy to `host`'s tenant; rejects on a network failure. */
function request(host: string, method: string, url: string, opts: { token?: string; json?: unknown; body?: Buffer; type?: string; key?: string; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${host}:${PROXY_PORT}` };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.key) headers['idempotency-key'] = opts.key;
    const payload = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body;
    if (payload) { headers['content-type'] = opts.json !== undefined ? 'application/json' : opts.type!; headers['content-length'] = String(payload.length); }
    const req = https.request({ host: '127.0.0.1', port: PROXY_PORT, servername: host, method, path: url, headers, agent, timeout: opts.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body, json: () => JSON.parse(body.toString('utf8')), replayed: res.headers['idempotency-replayed'] === 'true' });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in through the proxy in chromium (the provider's own pages) and answers the app's access token. */
async function signInThroughProxy(browser: Browser, host: string, email: string): Promise<{ page: Page; token: string; urls: string[] }> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto(`https://${host}:${PROXY_PORT}/`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/wachtwoord|password|mot de passe/i).fill('demo');
  await page.getByRole('button', { name: /aanmelden|sign in|se connecter/i }).click();
  await page.waitForURL((url) => !/^\/(oidc|redirect|login)(\/|$)/.test(url.pathname), { timeout: 60_000 });
  const token = await (await page.waitForFunction(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token as string;
    }
    return null;
  }, undefined, { timeout: 60_000 })).jsonValue() as string;
  return { page, token, urls };
}

interface Client { host: string; email: string; token: string; article: string; canApprove: boolean }

/** An article the client's company may order (available, no minimum, stock enough, not a gift card). */
async function orderableArticle(host: string, token: string): Promise<string> {
  const items = (await request(host, 'POST', '/api/supplier-articles/query', { token, json: { query: { take: 100 } } })).json().result.items as
    { id: string; available: boolean; type: string | null; minOrderQuant: number | null; stock: number | null; price: string }[];
  const a = items.find((i) => i.available && i.type !== 'GiftCard' && (i.minOrderQuant ?? 1) <= 1 && i.stock === null && Number(i.price) > 0 && Number(i.price) < 50);
  if (!a) throw new Error(`no orderable article without stock keeping on ${host}`);
  return a.id;
}

/**
 * Retries `attempt` (same key inside) until it gets a final answer (below 500, and not 409
 * IdempotencyKeyInUse: the key's first request still runs, or its process died and its claim has not
 * lapsed yet, IDEMPOTENCY_DEFAULTS.leaseMs); counts the failures. 'lost' when the server says the
 * first request took effect but its answer died with its process (409 IdempotencyAnswerLost).
 */
async function untilAnswered(attempt: () => Promise<Answer>, failures: { at: number; why: string }[]): Promise<Answer | 'lost'> {
  for (let i = 0; ; i++) {
    try {
      const a = await attempt();
      if (a.status === 409 && a.body.includes('IdempotencyAnswerLost')) return 'lost';
      if (a.status < 500 && !(a.status === 409 && a.body.includes('IdempotencyKeyInUse'))) return a;
      failures.push({ at: Date.now(), why: a.status === 409 ? 'IdempotencyKeyInUse' : String(a.status) });
    } catch (err) {
      failures.push({ at: Date.now(), why: (err as Error).message });
    }
    if (i > 200) throw new Error('no answer after 200 attempts');
    await sleep(Math.min(2000, 100 * 2 ** Math.min(i, 4)));
  }
}

interface Effects {
  orders: Map<string, string>; approved: Set<string>; files: Map<string, { container: string; host: string; sha: string }>;
  failures: { at: number; why: string }[]; requests: number;
  /** Writes whose answer a kill lost (see untilAnswered), by kind. */
  lost: { orders: number; approvals: number; uploads: number };
  /** Retries that ran again and answered a refusal (the first attempt's effect kept, its answer not), with what failed before. */
  retriedWrongly: string[];
}

/** One client's write loop: basket, order (Idempotency-Key), approval when it may, an upload. */
async function writeLoop(c: Client, effects: Effects, until: () => boolean): Promise<void> {
  while (!until()) {
    const put = await untilAnswered(() => request(c.host, 'PUT', '/api/v2/transporters/update', { token: c.token, json: { transporter: { transporterLines: [{ amount: 1, transporterArticle: { id: c.article } }] } } }), effects.failures);
    effects.requests++;
    if (put === 'lost' || put.status !== 200) throw new Error(`basket ${put === 'lost' ? put : `${put.status} ${put.body}`}`);
    const key = randomUUID();
    const failedBefore = effects.failures.length;
    const placed = await untilAnswered(() => request(c.host, 'POST', '/api/v2/orders/transporter', { token: c.token, json: {}, key }), effects.failures);
    effects.requests++;
    if (placed === 'lost') { effects.lost.orders++; continue; }
    if (placed.status !== 200 && effects.failures.length > failedBefore) {
      // A retry with the same key ran the order again and found the basket empty: the first attempt's
      // effect was kept but not its answer (see the check's figures).
      effects.lost.orders++;
      effects.retriedWrongly.push(`${placed.status} ${JSON.parse(placed.body.toString()).errorCode} after ${effects.failures.slice(failedBefore).map((f) => f.why).join(', ')}`);
      continue;
    }
    if (placed.status !== 200) throw new Error(`order ${placed.status} ${placed.body}`);
    const order = placed.json().result as { id: string; status: string };
    const known = effects.orders.get(key);
    if (known && known !== order.id) throw new Error('one key, two orders');
    effects.orders.set(key, order.id);
    if (c.canApprove && order.status === 'toApprove') {
      const decision = randomUUID();
      const approved = await untilAnswered(() => request(c.host, 'PATCH', `/api/v2/orders/${order.id}/validate`, { token: c.token, json: { approve: true }, key: decision }), effects.failures);
      effects.requests++;
      if (approved === 'lost') effects.lost.approvals++;
      else if (approved.status === 200) effects.approved.add(order.id);
    }
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(randomUUID().repeat(2000)), Buffer.from('\n%%EOF\n')]);
    const boundary = `----bench${randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploadKey = randomUUID();
    const up = await untilAnswered(() => request(c.host, 'POST', '/api/upload?containerName=order-attachments', { token: c.token, body, type: `multipart/form-data; boundary=${boundary}`, key: uploadKey }), effects.failures);
    effects.requests++;
    if (up === 'lost') { effects.lost.uploads++; continue; }
    if (up.status !== 200) throw new Error(`upload ${up.status} ${up.body}`);
    const answer = up.json();
    const file = (answer.result ?? answer) as { blobName: string; containerName: string };
    effects.files.set(file.blobName, { container: file.containerName, host: c.host, sha: createHash('sha256').update(bytes).digest('hex') });
  }
}

// ── the runs ───────────────────────────────────────────────────────────────────────────────────

async function journey(browser: Browser): Promise<Client[]> {
  console.log('\n━━ journey: chromium through the proxy');
  const inner = APP_PORTS.map((p) => `:${p}`);
  const clients: Client[] = [];
  for (const host of TENANTS) {
    for (const email of USERS) {
      const { page, token, urls } = await signInThroughProxy(browser, host, email);
      if (host === 'localhost' && email === 'manager@demo.test') {
        // Search, the product page, the basket, an order and its approval, as a person does it.
        await page.goto(`https://${host}:${PROXY_PORT}/products?search=papier`);
        const card = page.getByRole('article').first();
        await card.waitFor({ timeout: 60_000 });
        await card.getByRole('link').first().click();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('button', { name: /in winkelmandje|add to basket|ajouter au panier/i }).first().click();
        await page.goto(`https://${host}:${PROXY_PORT}/transporter`);
        await page.getByRole('button', { name: /bestelling plaatsen|place order|passer la commande/i }).click();
        await page.waitForURL(/\/order-detail\//, { timeout: 60_000 });
        const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
        // The approval (on a budget with room first, when the company orders on budgets) and an upload,
        // from the page: the browser's own calls through the proxy, with the app's token.
        // tsx names the functions below with a helper the page does not have.
        await page.evaluate('window.__name = (f) => f');
        const done = await page.evaluate(async (id) => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
          const headers = { authorization: `Bearer ${JSON.parse(localStorage.getItem(key)!).access_token as string}` };
          const call = async (method: string, path: string, body?: unknown) => (await fetch(`/api${path}`, {
            method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
          })).json();
          let order = (await call('GET', `/v2/orders/${id}`)).result as { status: string; totalProductCostExcl: string };
          if (order.status === 'toApproveBudget') {
            const budgets = (await call('GET', '/v2/budgets?page=1&pageSize=10')).items as { id: string; remaining: string }[];
            const budget = budgets.filter((b) => Number(b.remaining) >= Number(order.totalProductCostExcl)).sort((a, b) => Number(b.remaining) - Number(a.remaining))[0]!;
            await call('POST', `/v2/orders/${id}/assign-budget`, { budgetId: budget.id });
            await call('POST', `/v2/orders/${id}/validate-budgets`, {});
          }
          order = (await call('PATCH', `/v2/orders/${id}/validate`, { approve: true })).result;
          const form = new FormData();
          form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'delivery-note.pdf');
          const upload = await fetch('/api/upload?containerName=order-attachments', { method: 'POST', headers, body: form });
          return { status: order.status, upload: upload.status };
        }, orderId);
        if (done.status !== 'approved' || done.upload !== 200) throw new Error(`approval ${done.status}, upload ${done.upload}`);
        console.log(`  ${email} on ${host}: searched, opened a product, ordered it, approved it and uploaded a file (${page.url().replace(/^https:\/\/[^/]+/, '')})`);
      }
      const wrong = urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && (!u.startsWith('https://') || inner.some((p) => u.includes(p))));
      if (wrong.length) throw new Error(`requests not on the proxy's https address: ${[...new Set(wrong)].slice(0, 5).join(' ')}`);
      console.log(`  ${email} on ${host}: signed in on the provider's pages; ${urls.length} requests, all https://…:${PROXY_PORT}`);
      const article = await orderableArticle(host, token);
      clients.push({ host, email, token, article, canApprove: email === 'manager@demo.test' });
      await page.context().close();
    }
  }
  return clients;
}

/** What the database and the blob folder hold against what the clients were told. */
async function check(effects: Effects, since: Date): Promise<Record<string, number | string>> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const ids = [...effects.orders.values()];
  const present = (await db.query<{ n: string }>('select count(*) as n from orders where id = any($1::uuid[])', [ids])).rows[0]!.n;
  const written = (await db.query<{ n: string }>(`select count(*) as n from orders o join users u on u.id = o.ordered_by_id
    where o.created_at >= $1 and u.email = any($2)`, [since, [...USERS]])).rows[0]!.n;
  const approvals = (await db.query<{ order_id: string; n: string }>(`select order_id, count(*) as n from order_history
    where order_id = any($1::uuid[]) and action = 'approved' group by order_id`, [[...effects.approved]])).rows;
  // Each supplier order of an approved order sent once: one successful communication, one mail.
  const sends = (await db.query<{ id: string; ok: string; status: string }>(`select so.id, so.status,
      (select count(*) from supplier_order_comms c where c.supplier_order_id = so.id and c.success) as ok
    from supplier_orders so where so.order_id = any($1::uuid[])`, [[...effects.approved]])).rows;
  await db.end();
  let missingFiles = 0;
  let badFiles = 0;
  for (const [blobName, f] of effects.files) {
    const tenantDir = readdirSync(path.join(DATA_DIR, 'blobs')).map((t) => path.join(DATA_DIR, 'blobs', t, f.container, blobName)).find((p) => existsSync(p));
    if (!tenantDir) { missingFiles++; continue; }
    if (createHash('sha256').update(readFileSync(tenantDir)).digest('hex') !== f.sha || !existsSync(`${tenantDir}.json`)) badFiles++;
  }
  // Bytes without their metadata, or metadata without bytes, anywhere in the folder: a half-written file.
  let halfWritten = 0;
  let leftovers = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = path.join(dir, e);
      if (statSync(p).isDirectory()) { walk(p); continue; }
      if (/\.(partial|tmp)$|\.upload-/.test(e)) { leftovers++; continue; }
      if (e.endsWith('.json') ? !existsSync(p.slice(0, -5)) : !existsSync(`${p}.json`)) halfWritten++;
    }
  };
  if (existsSync(path.join(DATA_DIR, 'blobs'))) walk(path.join(DATA_DIR, 'blobs'));
  const settled = sends.filter((s) => s.status !== 'CREATED');
  return {
    'orders acknowledged': ids.length,
    'acknowledged orders lost': ids.length - Number(present),
    'orders whose answer a kill lost (409 IdempotencyAnswerLost, or a retry refused)': effects.lost.orders,
    '… of those, retries that ran again and were refused': effects.retriedWrongly.length,
    '… of which the order was written': Math.min(effects.lost.orders, Math.max(0, Number(written) - ids.length)),
    'orders written beyond those acknowledged or unanswered (duplicates)': Math.max(0, Number(written) - ids.length - effects.lost.orders),
    'approvals acknowledged': effects.approved.size,
    'approvals recorded more than once': approvals.filter((a) => Number(a.n) > 1).length,
    'approvals lost': effects.approved.size - approvals.length,
    'approvals whose answer a kill lost': effects.lost.approvals,
    'supplier orders sent': settled.length,
    'supplier orders sent more than once': sends.filter((s) => Number(s.ok) > 1).length,
    'supplier orders still waiting for their job': sends.length - settled.length,
    'files acknowledged': effects.files.size,
    'uploads whose answer a kill lost': effects.lost.uploads,
    'acknowledged files missing or different': missingFiles + badFiles,
    'files half-written': halfWritten,
    'temporary files left by killed uploads': leftovers,
  };
}

async function kills(cluster: Cluster, clients: Client[], n: number): Promise<void> {
  console.log(`\n━━ kills: ${n} × SIGKILL of one process under load`);
  const effects: Effects = { orders: new Map(), approved: new Set(), files: new Map(), failures: [], requests: 0, lost: { orders: 0, approvals: 0, uploads: 0 }, retriedWrongly: [] };
  const since = new Date();
  let stop = false;
  let broken: unknown = null;
  const loops = clients.map((c) => writeLoop(c, effects, () => stop || broken !== null).catch((err) => { broken ??= err; }));
  const downAfter: number[] = [];
  const restartTook: number[] = [];
  const failedPerKill: number[] = [];
  for (let k = 0; k < n && broken === null; k++) {
    await sleep(3000 + Math.random() * 2000);
    const victim = cluster.apps[k % cluster.apps.length]!;
    const name = `app${cluster.apps.indexOf(victim) + 1}`;
    const failuresBefore = effects.failures.length;
    const killedAt = Date.now();
    victim.child!.kill('SIGKILL');
    for (;;) {
      if ((await serverStates(cluster.socket))[name]?.startsWith('DOWN')) break;
      await sleep(20);
    }
    downAfter.push(Date.now() - killedAt);
    await new Promise<void>((resolve) => (victim.child!.exitCode !== null || victim.child!.signalCode ? resolve() : victim.child!.once('exit', () => resolve())));
    startApp(victim);
    restartTook.push(await ready(victim.port));
    for (;;) {
      if ((await serverStates(cluster.socket))[name] === 'UP') break;
      await sleep(50);
    }
    failedPerKill.push(effects.failures.length - failuresBefore);
    process.stdout.write(`\r  kill ${k + 1}/${n}: down in the proxy after ${downAfter.at(-1)} ms, ${failedPerKill.at(-1)} failed requests retried`);
  }
  stop = true;
  await Promise.all(loops);
  if (broken) throw broken;
  console.log('');
  // The jobs of the last approvals get the time they need.
  await sleep(15_000);
  const figures = await check(effects, since);
  if (effects.retriedWrongly.length) console.log('retries refused after running again:', effects.retriedWrongly);
  console.table({
    'kills': n,
    'requests acknowledged': effects.requests,
    'failed requests per kill (retried), median / max': `${median(failedPerKill)} / ${Math.max(...failedPerKill)}`,
    'proxy marks the killed process down after, median / max ms': `${median(downAfter)} / ${Math.max(...downAfter)}`,
    'restart until ready, median s': (median(restartTook) / 1000).toFixed(1),
    ...figures,
  });
}

/**
 * `count` clients sending the mixed traffic for `minutes`, each waiting for its answer before the
 * next request. The first client of each user also fills the basket, orders and approves (a user's
 * basket is one: two clients ordering it would empty it under each other); clients beyond the users
 * (the ramp's larger counts) only read. Answers the rate and the latency percentiles.
 */
async function soak(cluster: Cluster, clients: Client[], minutes: number, count = CLIENTS): Promise<{ rate: number; p50: number; p99: number; unexpected: number }> {
  console.log(`\n━━ soak: ${minutes} min of mixed traffic, ${count} clients`);
  const latencies: number[][] = [];
  const unexpected: string[] = [];
  const samples: { minute: number; rss: number[]; heap: number[]; lagP99: number[]; dbConnections: number; backlog: number }[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  // Each user's secured search key and index, as the marketplace gets them.
  const keys = new Map<string, { apiKey: string; indexName: string; appId: string }>();
  for (const c of clients) {
    const answer = (await request(c.host, 'GET', '/api/search/credentials', { token: c.token })).json();
    keys.set(c.host + c.email, answer.result ?? answer);
  }
  const timed = async (what: () => Promise<Answer>, ok: (s: number) => boolean, label: string) => {
    const t = performance.now();
    try {
      const a = await what();
      const minute = Math.floor((Date.now() - started) / 60_000);
      (latencies[minute] ??= []).push(performance.now() - t);
      if (!ok(a.status)) unexpected.push(`${label} ${a.status}${a.status >= 400 && a.status < 500 ? ` ${(() => { try { return a.json().errorCode as string; } catch { return '?'; } })()}` : ''}`);
      return a;
    } catch (err) {
      unexpected.push(`${label} ${(err as Error).message}`);
      return null;
    }
  };
  const words = ['papier', 'pen', 'map', 'kabel', 'stoel', 'koffie', 'lamp', 'toner', 'nietjes', 'schaar'];
  const worker = async (c: Client, i: number) => {
    let n = i;
    const writes = i < clients.length;
    while (Date.now() < end) {
      n++;
      const op = writes ? n % 10 : n % 9;
      const word = words[n % words.length]!;
      const key = keys.get(c.host + c.email)!;
      if (op < 4) await timed(() => request(c.host, 'POST', `/api/search/1/indexes/*/queries?x-algolia-api-key=${encodeURIComponent(key.apiKey)}&x-algolia-application-id=${encodeURIComponent(key.appId)}`,
        { json: { requests: [{ indexName: key.indexName, params: `query=${word}&hitsPerPage=30&facets=%5B%22brand%22%5D` }] } }), (s) => s === 200, 'search');
      else if (op < 6) await timed(() => request(c.host, 'GET', '/api/v2/orders?page=1&pageSize=20&sort=orderDate&order=DESC', { token: c.token }), (s) => s === 200, 'orders list');
      else if (op < 8) await timed(() => request(c.host, 'POST', '/api/supplier-articles/id', { token: c.token, json: { query: { id: c.article } } }), (s) => s === 200, 'product page');
      else if (op < 9) await timed(() => request(c.host, 'GET', '/api/v2/transporters/load', { token: c.token }), (s) => s === 200, 'basket');
      else {
        await timed(() => request(c.host, 'PUT', '/api/v2/transporters/update', { token: c.token, json: { transporter: { transporterLines: [{ amount: 1, transporterArticle: { id: c.article } }] } } }), (s) => s === 200, 'basket update');
        const placed = await timed(() => request(c.host, 'POST', '/api/v2/orders/transporter', { token: c.token, json: {}, key: randomUUID() }), (s) => s === 200, 'order');
        const order = placed?.status === 200 ? placed.json().result as { id: string; status: string } : null;
        if (order && c.canApprove && order.status === 'toApprove') {
          await timed(() => request(c.host, 'PATCH', `/api/v2/orders/${order.id}/validate`, { token: c.token, json: { approve: true }, key: randomUUID() }), (s) => s === 200, 'approval');
        }
      }
    }
  };
  // Every 5 s: each process's RSS and used heap. A minute is summed up by its RSS mean and its heap's
  // floor (the lowest used heap of the minute, what outlives the collections) and peak: one reading a
  // minute lands anywhere in a collector's cycle, which swings the used heap by hundreds of MB.
  // (prom-client's event-loop delay percentiles cover the time since the previous scrape: the minute's is their highest.)
  const readings: { rss: number[]; heap: number[]; lag: number[] }[] = [];
  const read = async () => {
    const rss: number[] = []; const heap: number[] = []; const lag: number[] = [];
    for (const a of cluster.apps) {
      const status = readFileSync(`/proc/${a.child!.pid}/status`, 'utf8');
      rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      const metrics = await metricsOf(a.port);
      heap.push(Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN) / 2 ** 20);
      lag.push(Number(/^nodejs_eventloop_lag_p99_seconds (\S+)/m.exec(metrics)?.[1] ?? NaN) * 1000);
    }
    readings.push({ rss, heap, lag });
  };
  const sampler = (async () => {
    for (let minute = 1; Date.now() < end; minute++) {
      readings.length = 0;
      for (let t = started + (minute - 1) * 60_000 + 5_000; t <= started + minute * 60_000; t += 5_000) {
        await sleep(Math.max(0, t - Date.now()));
        await read();
      }
      const per = (pick: (r: (typeof readings)[number]) => number[], fold: (v: number[]) => number) =>
        cluster.apps.map((_, i) => fold(readings.map((r) => pick(r)[i]!).filter((v) => !Number.isNaN(v))));
      const rss = per((r) => r.rss, (v) => v.reduce((a, b) => a + b, 0) / v.length);
      const heap = per((r) => r.heap, (v) => Math.min(...v));
      const heapPeak = per((r) => r.heap, (v) => Math.max(...v));
      const lag = per((r) => r.lag, (v) => Math.max(...v));
      const conns = Number((await db.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [DB_NAME])).rows[0]!.n);
      const backlog = Number((await db.query<{ n: string }>("select count(*) as n from pgboss.job where state in ('created', 'retry')").catch(() => ({ rows: [{ n: 'NaN' }] }))).rows[0]!.n);
      samples.push({ minute, rss, heap, lagP99: lag, dbConnections: conns, backlog });
      const lat = latencies[minute - 1] ?? [];
      const mb = (v: number[]) => v.map((r) => r.toFixed(0)).join('/');
      console.log(`  minute ${minute}: ${(lat.length / 60).toFixed(0)} req/s, p99 ${percentile(lat, 99).toFixed(0)} ms, RSS mean ${mb(rss)} MB, heap floor ${mb(heap)} (peak ${mb(heapPeak)}) MB, loop p99 ${lag.map((l) => l.toFixed(0)).join('/')} ms, db connections ${conns}, job backlog ${backlog}`);
    }
  })();
  const profiling = process.env.BENCH_ALLOC_PROFILE
    ? (async () => { await sleep(10_000); for (const a of cluster.apps) a.child!.kill('SIGUSR2'); })()
    : null;
  await Promise.all(Array.from({ length: count }, (_, i) => worker(clients[i % clients.length]!, i)));
  if (profiling) {
    await profiling;
    for (const a of cluster.apps) a.child!.kill('SIGUSR2');
    await sleep(3000);
  }
  await sampler;
  await db.end();
  const all = latencies.flat();
  const drift = (pick: (s: (typeof samples)[number]) => number[]) => {
    const from = samples.find((s) => s.minute === 2);
    const to = samples.at(-1);
    if (!from || !to || to === from) return 'n/a (under 3 minutes)';
    return pick(to).map((v, i) => `${(((v - pick(from)[i]!) / pick(from)[i]!) * 100).toFixed(1)} %`).join(' / ');
  };
  console.table({
    'minutes': minutes, 'clients': count,
    'requests': all.length, 'rate, req/s': (all.length / (minutes * 60)).toFixed(0),
    'p50 / p99 ms': `${median(all).toFixed(0)} / ${percentile(all, 99).toFixed(0)}`,
    'unexpected answers': unexpected.length,
    'RSS (minute mean) drift minute 2 → last, per process': drift((s) => s.rss),
    'used heap (minute floor) drift minute 2 → last, per process': drift((s) => s.heap),
    'event-loop delay p99, max ms': Math.max(...samples.flatMap((s) => s.lagP99)).toFixed(0),
    'database connections, max': Math.max(...samples.map((s) => s.dbConnections)),
    'job backlog, max': Math.max(...samples.map((s) => s.backlog)),
  });
  if (unexpected.length) {
    const kinds = new Map<string, number>();
    for (const u of unexpected) kinds.set(u, (kinds.get(u) ?? 0) + 1);
    console.log('unexpected, by kind:', Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10)));
  }
  return { rate: all.length / (minutes * 60), p50: median(all), p99: percentile(all, 99), unexpected: unexpected.length };
}

/** One minute of the soak's traffic at each number of clients: the highest rate whose p99 stays under 500 ms. */
async function ramp(cluster: Cluster, clients: Client[], counts: number[]): Promise<void> {
  const rows: Record<string, { 'req/s': string; 'p50 ms': string; 'p99 ms': string; unexpected: number }> = {};
  for (const count of counts) {
    const r = await soak(cluster, clients, 1, count);
    rows[`${count} clients`] = { 'req/s': r.rate.toFixed(0), 'p50 ms': r.p50.toFixed(0), 'p99 ms': r.p99.toFixed(0), unexpected: r.unexpected };
  }
  console.log('\n━━ ramp');
  console.table(rows);
}

// ── main ───────────────────────────────────────────────────────────────────────────────────────

const [mode = 'journey', arg] = process.argv.slice(2);
ensureChromium();
const cluster = await startCluster();
agent = new https.Agent({ keepAlive: true, maxSockets: 64, ca: cluster.ca });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const clients = await journey(browser);
  await browser.close();
  // The load orders far more than a demo company would: the demo suppliers' spending caps (budgetSetting) are lifted.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query('update suppliers set budget_setting = null');
  await db.end();
  if (mode === 'kills' || mode === 'all') await kills(cluster, clients, Number(mode === 'kills' && arg ? arg : 50));
  if (mode === 'ramp') await ramp(cluster, clients, (arg ?? '4,8,16,32').split(',').map(Number));
  if (mode === 'soak' || mode === 'all') await soak(cluster, clients, Number(mode === 'soak' && arg ? arg : 10));
} finally {
  await browser.close().catch(() => undefined);
  await cluster.stop();
}
