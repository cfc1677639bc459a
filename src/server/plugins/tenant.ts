import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isSafeText } from '../../shared/safe-text';
import { tableChangesOf } from '../db/table-changes';
import { ApiError } from '../errors';
import { changeDrivenCache } from '../ttl-cache';
import type { TenantRow } from '../types';
import { requestHostname } from '../request-context';
import type { DB } from '../../../generated/db/database.gen';

/** The development tenant, used for hosts no tenant claims (DESIGN §4). */
export const DEVELOPMENT_HOSTNAME = 'localhost';

/** The tenant of a hostname, else the development tenant; null only before the database is seeded. */
export async function findTenant(db: Kysely<DB>, raw: string): Promise<TenantRow | null> {
  // A name no tenant can have (NUL, controls: PostgreSQL refuses them) is simply an unknown host.
  const hostname = isSafeText(raw, false) ? raw : '';
  const rows = await db.selectFrom('tenants').selectAll()
    .where('hostname', 'in', [hostname || DEVELOPMENT_HOSTNAME, DEVELOPMENT_HOSTNAME]).execute();
  return rows.find((r) => r.hostname === hostname) ?? rows[0] ?? null;
}

const needsTenant = (url: string) => /^\/(api|oidc)(\/|\?|$)/.test(url);

/**
 * A tenant row is read on every API request and changes about never: each host's is kept 2 s, and
 * dropped at once when this process writes the tenants table (another process's change is seen
 * within those 2 s).
 */
export const TENANT_CACHE_MS = 2000;

/** Sets request.tenant on API and identity-provider requests (static files of the SPA need none). */
export function installTenantResolution(app: FastifyInstance, db: Kysely<DB>): void {
  const tenants = changeDrivenCache<string, TenantRow | null>({
    ttlMs: TENANT_CACHE_MS, max: 1000, changes: tableChangesOf(db), staleAfter: (change) => change.table === 'tenants',
  });
  app.addHook('onClose', async () => tenants.close());
  app.decorateRequest('tenant', null as unknown as TenantRow);
  const settle = (request: FastifyRequest, tenant: TenantRow | null, done: (err?: Error) => void) => {
    if (!tenant) return done(new ApiError('notFound', undefined, 'No tenant: the database has not been seeded'));
    request.tenant = tenant;
    done();
  };
  // A callback hook: a kept tenant is set at once, without a promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!needsTenant(request.url)) return done();
    const hostname = requestHostname(request);
    const kept = tenants.peek(hostname);
    if (kept) return settle(request, kept.value, done);
    tenants.get(hostname, () => findTenant(db, hostname)).then((tenant) => settle(request, tenant, done), done);
  });
}
