import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../../../generated/db/database.gen';
import { ttlCached } from '../ttl-cache';

/**
 * Security headers on every answer (app pages, static files, API, errors) through helmet.
 * The identity provider's own pages replace the Content-Security-Policy with a stricter one
 * (src/server/oidc/page-security.ts); everything else gets the SPA's policy below.
 */

/** Algolia's search hosts (`<appId>-dsn.algolia.net`, `<appId>-1.algolianet.com`, …). */
export const ALGOLIA_CONNECT = ['https://*.algolia.net', 'https://*.algolianet.com'];

const ISSUERS_TTL_MS = 30_000;

/**
 * Origins of the tenants' own identity providers (tenants.idp_issuer): the SPA fetches their
 * discovery and token endpoints. Re-read at most every 30 s, so a tenant change applies without a restart.
 */
function tenantIssuerOrigins(db: Kysely<DB>) {
  return ttlCached(ISSUERS_TTL_MS, async () => {
    const rows = await db.selectFrom('tenants').select('idpIssuer').where('idpIssuer', 'is not', null).execute();
    const found = new Set<string>();
    for (const row of rows) {
      try { found.add(new URL(String(row.idpIssuer)).origin); } catch { /* not a URL: nothing to allow */ }
    }
    return [...found].sort();
  }, [] as string[]);
}

/** The SPA's Content-Security-Policy directives; `connectExtra` adds the tenant issuers per request. */
export function appCspDirectives(config: ServerConfig, connectExtra: () => string[] = () => []) {
  const publicOrigin = new URL(config.publicUrl).origin;
  const https = publicOrigin.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI/emotion write <style> elements and style attributes at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Article images and tenant logos are addresses on any host (the model's url field); an image
    // runs no script. Over https the browser upgrades http images itself (mixed content).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(https ? [] : ['http:'])],
    fontSrc: ["'self'", 'data:'],
    // The embedded identity provider lives on PUBLIC_URL, which a tenant host (acme.example.com)
    // reaches cross-origin; Algolia when it hosts the search.
    connectSrc: [
      "'self'", publicOrigin,
      ...(config.search.provider === 'algolia' ? ALGOLIA_CONNECT : []),
      (_req: unknown, _res: unknown) => connectExtra().join(' ') || "'self'",
    ],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // Over plain http (the demo on localhost) this would send every request to https and break it.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** Sets helmet's headers on every answer of the server; call before any route. */
export async function installSecurityHeaders(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig): Promise<void> {
  const issuers = tenantIssuerOrigins(db);
  // Before helmet's own onRequest hooks, so the directive function reads fresh issuers.
  // A callback hook: while the issuers are fresh (nearly always) no promise is made per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (issuers.fresh()) return done();
    issuers.get().catch((err) => request.log.warn({ err }, 'reading tenant issuers for the CSP failed')).finally(() => done());
  });
  const https = config.publicUrl.startsWith('https:');
  const apply = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config, issuers.peek) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS means nothing over http and would pin localhost demos to https in some browsers.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
  });
  // helmet's headers depend on nothing of the request (the CSP's only function reads the issuers), so
  // they are worked out once per issuer list and set as they are: running helmet's eleven middlewares
  // on every answer cost about a tenth of the API's own work on a list call. They land on the raw
  // response, so an answer the identity provider writes itself carries them too.
  let made: { issuers: string[]; set: [string, string][]; remove: string[] } | undefined;
  const headers = () => {
    const current = issuers.peek();
    if (made?.issuers !== current) {
      const set: [string, string][] = [];
      const remove: string[] = [];
      const response = { setHeader: (name: string, value: string) => { set.push([name, value]); }, removeHeader: (name: string) => { remove.push(name); } };
      let failed: unknown;
      apply({} as never, response as never, (err?: unknown) => { failed = err; });
      if (failed) throw failed;
      made = { issuers: current, set, remove };
    }
    return made;
  };
  app.addHook('onRequest', (_request, reply, done) => {
    const { set, remove } = headers();
    for (const name of remove) reply.raw.removeHeader(name);
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });
}
