/**
 * The server process: configuration from the environment, database (PGlite or PostgreSQL),
 * migrations, the demo seed (once per database), the identity provider, the API and the SPA.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { JOBS } from './job-registry';
import { openDatabase } from './db/open';
import { outboxDir } from './mail/transport';
import { registerOidc } from './oidc';
import { seed } from './demo/seed';
import { DEMO_USERS, TENANT_SEEDS } from './demo/seed-data';

const config = loadConfig(process.env);
const database = await openDatabase(config);
await migrate(database, { jobs: JOBS });
const seededNow = await seed(database.db);

const app = await buildApp({
  config,
  db: database.db,
  identity: async (server) => registerOidc(server, { db: database.db, config }),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
