/**
 * The server process: configuration from the environment, database (PGlite or PostgreSQL),
 * migrations, the demo seed (once per database), the identity provider, the API and the SPA; the
 * graceful shutdown on SIGTERM/SIGINT and the search indexes loaded after start (docs/operations.md).
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { JOBS } from './job-registry';
import { openDatabase } from './db/open';
import { outboxDir } from './mail/transport';
import { Lifecycle } from './ops/health';
import { shutDownOnSignals } from './ops/shutdown';
import { warmSearchIndexes } from './ops/warm-search';
import { registerOidc } from './oidc';
import { seed } from './demo/seed';
import { DEMO_USERS, TENANT_SEEDS } from './demo/seed-data';

const config = loadConfig(process.env);
const database = await openDatabase(config);
await migrate(database, { jobs: JOBS });
const seededNow = await seed(database.db);

const lifecycle = new Lifecycle();
const app = await buildApp({
  config,
  db: database.db,
  identity: async (server) => registerOidc(server, { db: database.db, config }),
  lifecycle,
  pool: database.pool,
});
shutDownOnSignals({ app, database, lifecycle, drainSeconds: config.ops.shutdownDrainSeconds, timeoutSeconds: config.ops.shutdownTimeoutSeconds });

// Ready (GET /health/ready) once the search indexes are in memory; searches are answered meanwhile.
if (config.search.provider === 'embedded') {
  void lifecycle.track('searchIndexes', warmSearchIndexes(database.db).catch((err: unknown) => app.log.warn({ err }, 'search indexes not loaded at start')));
}
await app.listen({ port: config.port, host: config.host });

const origin = new URL(config.publicUrl);
const tenantUrl = (hostname: string) => `${origin.protocol}//${hostname}${origin.port ? `:${origin.port}` : ''}/`;
console.log(`\nProcurement shop on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}${seededNow ? ', demo data seeded now' : ''})`);
console.log('Tenants:');
for (const t of TENANT_SEEDS) console.log(`  ${tenantUrl(t.hostname).padEnd(32)} ${t.name} (${t.environment})`);
console.log(config.mail.smtpUrl
  ? `Mail: sent through ${new URL(config.mail.smtpUrl).host} (SMTP_URL), listed under /ycAdmin/mail-outbox`
  : `Mail: kept in the outbox, not sent: /ycAdmin/mail-outbox and ${outboxDir(config.dataDir)}/<id>.eml (set SMTP_URL to send)`);
console.log("Demo users (password 'demo', in every tenant):");
for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(22)} ${u.describe}`);
