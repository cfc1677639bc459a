import type { OidcDb } from './db-types';
import { tenantOrigin, usesLocalProvider } from './tenants';
import { ttlCached } from '../ttl-cache';

/**
 * The browser origins the embedded provider deals with: PUBLIC_URL's own and each tenant's that
 * signs in here (its hostname with PUBLIC_URL's scheme and port, where its redirect URI lives).
 * CORS answers only these; the provider's pages may send a form only to these (form-action).
 */
export interface OriginList {
  /** Every allowed origin, PUBLIC_URL's first (re-read at most every few seconds). */
  all(): Promise<string[]>;
  isAllowed(origin: string): Promise<boolean>;
}

const TTL_MS = 10_000;

/** The allowed origins from the tenants table, cached briefly so a tenant change applies soon. */
export function createOriginList(db: OidcDb, publicUrl: string, issuer: string, now: () => number = Date.now): OriginList {
  const own = new URL(publicUrl).origin;
  const cache = ttlCached(TTL_MS, async () => {
    const tenants = await db.selectFrom('tenants').select(['hostname', 'idp_issuer', 'idp_client_id']).execute();
    const origins = new Set([own]);
    for (const t of tenants) if (usesLocalProvider(t, issuer)) origins.add(tenantOrigin(t.hostname, publicUrl));
    return [...origins];
  }, [own], now);
  const all = () => cache.get();
  return { all, isAllowed: async (origin) => (await all()).includes(origin) };
}
