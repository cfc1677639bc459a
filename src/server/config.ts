import path from 'node:path';
import v8 from 'node:v8';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Server settings, all from the environment so production differs by configuration only (DESIGN §2). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Origin the server is reachable at; the identity provider's issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  logLevel: LogLevel;
  /** Marketplace search (src/server/search): the embedded engine, or Algolia in production. */
  search: SearchConfig;
  /**
   * Fastify's `trustProxy`: which peers' X-Forwarded-For/-Proto/-Host are believed (false: none;
   * true: any peer; a list: peers with those addresses/CIDRs). Handed-out URLs never use them.
   */
  trustProxy: TrustProxy;
  /**
   * Keys (base64 or hex of 32 bytes) that encrypt the identity provider's signing keys at rest, newest
   * first: the first encrypts, every one decrypts (rotation). Empty: a key kept in `${dataDir}`.
   */
  oidcKeyEncryptionKeys: string[];
  /**
   * Lifetime of the identity provider's access tokens (and ID tokens) in seconds
   * (OIDC_ACCESS_TOKEN_TTL_SECONDS, default 600). Shortened only to watch refreshes happen in tests.
   */
  oidcAccessTokenTtlSeconds: number;
  /**
   * Whether this process runs the background jobs (src/server/jobs) besides enqueueing them
   * (JOB_WORKERS, default true). Behind a load balancer some processes may serve requests only.
   */
  jobWorkers: boolean;
  /**
   * How often a worker process looks for jobs whose process died or hung (a send whose heartbeat
   * stopped, an active job past its expiry) and gives them back to the queue for a retry
   * (JOB_SUPERVISE_SECONDS, default 60; pg-boss's superviseIntervalSeconds).
   */
  jobSuperviseSeconds: number;
  mail: MailConfig;
  /**
   * Where uploaded files live (src/server/storage): unset, the folder `${dataDir}/blobs`; set (an
   * Azure Storage connection string, AZURE_STORAGE_CONNECTION_STRING), Azure Blob Storage.
   */
  azureStorageConnectionString: string | undefined;
  /**
   * The folder the `invoices.inbox` job books UBL e-invoices from (src/server/invoicing/inbox.ts):
   * INVOICE_INBOX_DIR, default `${dataDir}/invoice-inbox`.
   */
  invoiceInboxDir: string;
  /** The Teamleader Focus CRM integration (src/server/crm): off while no client id and secret are set. */
  teamleader: TeamleaderConfig;
  /** Health, metrics, shutdown and overload (src/server/ops, docs/operations.md). */
  ops: OpsConfig;
}

/**
 * Running the server as a service (docs/operations.md). Every limit is per process: behind a load
 * balancer each process counts its own.
 */
export interface OpsConfig {
  /**
   * The bearer token GET /metrics (Prometheus) requires (METRICS_TOKEN). Unset: /metrics answers 404,
   * so a deployment that does not scrape exposes nothing.
   */
  metricsToken: string | undefined;
  /**
   * Above this mean event-loop delay in ms over a sample (about a second) every request but the health
   * and metrics endpoints is answered 503 serverBusy with Retry-After (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
   * default 1000; 0 off): @fastify/under-pressure.
   */
  maxEventLoopDelayMs: number;
  /** Likewise above this much used JS heap (OVERLOAD_MAX_HEAP_USED_MB; default 90 % of the process's heap limit; 0 off). */
  maxHeapUsedBytes: number;
  /** The Retry-After of a 503 serverBusy, in seconds (OVERLOAD_RETRY_AFTER_SECONDS, default 10). */
  retryAfterSeconds: number;
  /**
   * Calls per signed-in user (else per client address) and minute of the expensive kinds, beyond
   * which they answer 429 tooManyRequests with Retry-After (RATE_LIMIT_SEARCHES_PER_MINUTE default 600,
   * RATE_LIMIT_EXPORTS_PER_MINUTE default 60, RATE_LIMIT_UPLOADS_PER_MINUTE default 120; 0 turns a kind off).
   */
  rateLimits: { search: number; export: number; upload: number };
  /**
   * Seconds between SIGTERM and closing the listener, while /health/ready already answers 503 and
   * requests are still served, so a load balancer stops sending new ones first (SHUTDOWN_DRAIN_SECONDS, default 0).
   */
  shutdownDrainSeconds: number;
  /** After this many seconds a shutdown that has not finished exits anyway, with status 1 (SHUTDOWN_TIMEOUT_SECONDS, default 30). */
  shutdownTimeoutSeconds: number;
}

/**
 * Teamleader Focus (TEAMLEADER_CLIENT_ID, TEAMLEADER_CLIENT_SECRET of the integration registered in
 * Teamleader's marketplace; the URLs default to Teamleader's and are only changed to test).
 */
export interface TeamleaderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

/**
 * Notification mail (src/server/mail). SMTP_URL unset: every message lands in the outbox (the
 * mail_outbox table and `${dataDir}/outbox/<id>.eml`) and nothing leaves the machine; set: sent to
 * that server (smtp:// or smtps://, credentials in the URL), and still recorded in the table.
 */
export interface MailConfig {
  smtpUrl: string | undefined;
  /** The From address of every message (MAIL_FROM, e.g. 'Shop <no-reply@shop.example>'). */
  from: string;
}

export type TrustProxy = boolean | string[];

/**
 * SEARCH_PROVIDER=embedded (default): the server answers the Algolia protocol itself under
 * /api/search; the keys below, when set, replace the ones it generates and keeps in its database.
 * SEARCH_PROVIDER=algolia: Algolia's hosts; ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY (the parent of the
 * per-user secured keys) and ALGOLIA_ADMIN_KEY (indexing) are required.
 */
export interface SearchConfig {
  provider: 'embedded' | 'algolia';
  appId: string | undefined;
  searchKey: string | undefined;
  adminKey: string | undefined;
  /** Prepended to every index name (`<prefix>articles_<hostname>_<environment>`). */
  indexPrefix: string;
  /** Lifetime of a secured search key in seconds. */
  keyTtlSeconds: number;
}

/** A whole number from an environment setting, `fallback` when unset; throws naming the setting when out of [min, max]. */
function wholeNumber(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${env[name]}`);
  return value;
}

/** The settings of src/server/ops (docs/operations.md). */
function loadOpsConfig(env: Record<string, string | undefined>): OpsConfig {
  const heapLimitMb = Math.floor(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
  return {
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    maxEventLoopDelayMs: wholeNumber(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 600_000),
    maxHeapUsedBytes: wholeNumber(env, 'OVERLOAD_MAX_HEAP_USED_MB', Math.floor(heapLimitMb * 0.9), 0, 1_048_576) * 1024 * 1024,
    retryAfterSeconds: wholeNumber(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 10, 1, 3600),
    rateLimits: {
      search: wholeNumber(env, 'RATE_LIMIT_SEARCHES_PER_MINUTE', 600, 0, 1_000_000),
      export: wholeNumber(env, 'RATE_LIMIT_EXPORTS_PER_MINUTE', 60, 0, 1_000_000),
      upload: wholeNumber(env, 'RATE_LIMIT_UPLOADS_PER_MINUTE', 120, 0, 1_000_000),
    },
    shutdownDrainSeconds: wholeNumber(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 600),
    shutdownTimeoutSeconds: wholeNumber(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600),
  };
}

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the configuration from an environment map (process.env in main, a literal in tests). */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase() as LogLevel;
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got ${env.LOG_LEVEL}`);
  const provider = (env.SEARCH_PROVIDER || 'embedded').toLowerCase();
  if (provider !== 'embedded' && provider !== 'algolia') throw new Error(`SEARCH_PROVIDER must be embedded or algolia, got ${env.SEARCH_PROVIDER}`);
  if (provider === 'algolia') {
    const missing = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_KEY', 'ALGOLIA_ADMIN_KEY'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`SEARCH_PROVIDER=algolia needs ${missing.join(', ')}`);
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/i.test(smtpUrl)) throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got ${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}`);
  const workers = (env.JOB_WORKERS ?? 'true').trim().toLowerCase();
  if (workers !== 'true' && workers !== 'false') throw new Error(`JOB_WORKERS must be true or false, got ${env.JOB_WORKERS}`);
  const supervise = env.JOB_SUPERVISE_SECONDS ? Number(env.JOB_SUPERVISE_SECONDS) : 60;
  if (!Number.isInteger(supervise) || supervise < 1 || supervise > 3600) throw new Error(`JOB_SUPERVISE_SECONDS must be a whole number of seconds from 1 to 3600, got ${env.JOB_SUPERVISE_SECONDS}`);
  const accessTtl = env.OIDC_ACCESS_TOKEN_TTL_SECONDS ? Number(env.OIDC_ACCESS_TOKEN_TTL_SECONDS) : 600;
  if (!Number.isInteger(accessTtl) || accessTtl < 10 || accessTtl > 86400) throw new Error(`OIDC_ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds from 10 to 86400, got ${env.OIDC_ACCESS_TOKEN_TTL_SECONDS}`);
  const ttl = env.SEARCH_KEY_TTL_SECONDS ? Number(env.SEARCH_KEY_TTL_SECONDS) : 3600;
  if (!Number.isInteger(ttl) || ttl < 60) throw new Error(`SEARCH_KEY_TTL_SECONDS must be a whole number of seconds ≥ 60, got ${env.SEARCH_KEY_TTL_SECONDS}`);
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    oidcKeyEncryptionKeys: (env.OIDC_KEY_ENCRYPTION_KEY ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    oidcAccessTokenTtlSeconds: accessTtl,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    logLevel: level,
    jobWorkers: workers === 'true',
    jobSuperviseSeconds: supervise,
    azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING?.trim() || undefined,
    invoiceInboxDir: path.resolve(env.INVOICE_INBOX_DIR || path.join(env.DATA_DIR || './data', 'invoice-inbox')),
    teamleader: {
      clientId: env.TEAMLEADER_CLIENT_ID?.trim() || undefined,
      clientSecret: env.TEAMLEADER_CLIENT_SECRET?.trim() || undefined,
      authorizeUrl: env.TEAMLEADER_AUTHORIZE_URL?.trim() || 'https://focus.teamleader.eu/oauth2/authorize',
      tokenUrl: env.TEAMLEADER_TOKEN_URL?.trim() || 'https://focus.teamleader.eu/oauth2/access_token',
      apiUrl: (env.TEAMLEADER_API_URL?.trim() || 'https://api.focus.teamleader.eu').replace(/\/+$/, ''),
    },
    ops: loadOpsConfig(env),
    mail: { smtpUrl, from: env.MAIL_FROM || `no-reply@${new URL(publicUrl).hostname}` },
    search: {
      provider, appId: env.ALGOLIA_APP_ID || undefined, searchKey: env.ALGOLIA_SEARCH_KEY || undefined,
      adminKey: env.ALGOLIA_ADMIN_KEY || undefined, indexPrefix: env.ALGOLIA_INDEX_PREFIX || '', keyTtlSeconds: ttl,
    },
  };
}

/**
 * TRUST_PROXY: unset/false, true, or a comma list of proxy addresses/CIDRs. No hop count: Fastify 5
 * cannot check the peer with one and ignores the headers (fails closed), which would mislead.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (!v || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) throw new Error(`TRUST_PROXY takes the balancer's addresses, not a hop count (got ${value})`);
  const list = v.split(',').map((a) => a.trim()).filter(Boolean);
  if (!list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a) || a === 'loopback' || a === 'linklocal' || a === 'uniquelocal')) {
    throw new Error(`TRUST_PROXY must be true, false or a comma list of addresses/CIDRs, got ${value}`);
  }
  return list;
}
