import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { decodeJwt } from 'jose';
import { access } from '../../../model';
import { ALL_PERMISSIONS, isSupplierUser } from '../../shared/access';
import type { AccessTokenClaims, UserType } from '../../shared/session-types';
import { UUID_RE } from '../db/records';
import { stringList } from '../fulfilment/parties';
import { tableChangesOf, type TableChange } from '../db/table-changes';
import { ApiError } from '../errors';
import { changeDrivenCache } from '../ttl-cache';
import { assertNotInMaintenance } from '../platform/maintenance';
import type { AccessRow, AuthContext, TenantRow, TokenVerifier, UserRow } from '../types';
import { enforce } from '../request-context';
import type { DB } from '../../../generated/db/database.gen';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

/** At most this long a verified token's claims are reused (never past the token's own expiry). */
const CLAIMS_TTL_MS = 30_000;
const CLAIMS_MAX = 10_000;

/**
 * Checks each access token's signature once, then reuses its claims until it expires (30 s at most):
 * a signed token's claims cannot change, and the signature check cost more than the rest of a list
 * call. The rights are not in this cache: they are read from the database on every request.
 */
export function cachingVerifier(verifier: TokenVerifier): TokenVerifier {
  const cache = new Map<string, { claims: AccessTokenClaims; until: number }>();
  return {
    async verify(token) {
      const now = Date.now();
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.claims;
      cache.delete(token);
      const claims = await verifier.verify(token);
      const exp = decodeJwt(token).exp;
      const until = Math.min(now + CLAIMS_TTL_MS, typeof exp === 'number' ? exp * 1000 : now);
      if (cache.size >= CLAIMS_MAX) cache.clear();
      if (until > now) cache.set(token, { claims, until });
      return claims;
    },
  };
}

async function verifiedClaims(request: FastifyRequest, verifier: TokenVerifier): Promise<AccessTokenClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  if (!match) throw new ApiError('unauthorized');
  let claims: AccessTokenClaims;
  try {
    claims = await verifier.verify(match[1]);
  } catch {
    throw new ApiError('unauthorized');
  }
  const tenant = request.tenant;
  // A token names the tenant it was issued for; it opens no other tenant (by hostname or id).
  if (claims.tenant && claims.tenant !== tenant.hostname && claims.tenant !== tenant.id) throw new ApiError('unauthorized');
  if (claims.active === false) throw new ApiError('unauthorized');
  return claims;
}

const accessQuery = (db: Kysely<DB>, tenantId: string) => db.selectFrom('customerAccesses as a').innerJoin('customers as c', 'c.id', 'a.customerId')
  .select(['a.id', 'a.userId', 'a.customerId', 'a.active', 'a.roles', 'a.permissions', 'a.departmentIds',
    'c.name as customerName', 'c.vatNumber as customerVatNumber', 'c.domain as customerDomain', 'c.features as customerFeatures'])
  .where('a.tenantId', '=', tenantId).orderBy('a.createdAt').orderBy('a.id');

type AccessSelect = Awaited<ReturnType<ReturnType<typeof accessQuery>['execute']>>[number];

const toAccess = (r: AccessSelect): AccessRow => ({
  id: r.id, userId: r.userId, customerId: r.customerId, active: r.active === true,
  roles: r.roles ?? [], permissions: r.permissions ?? [], departmentIds: r.departmentIds ?? [], features: r.customerFeatures ?? [],
  customer: { id: r.customerId, name: r.customerName, vatNumber: r.customerVatNumber ?? null, domain: r.customerDomain ?? null },
});

/** A user's customer accesses with their customer, oldest first (the first active one is the default). */
export async function loadAccesses(db: Kysely<DB>, tenant: TenantRow, userId: string): Promise<AccessRow[]> {
  return (await accessQuery(db, tenant.id).where('a.userId', '=', userId).execute()).map(toAccess);
}

interface SignedInUser { user: UserRow; accesses: AccessRow[] }

/**
 * The user and their accesses in one round trip (served by the users key and
 * customer_accesses_user_id_ref_idx): what every signed-in request's rights are worked out from.
 */
async function loadUserWithAccesses(db: Kysely<DB>, tenant: TenantRow, id: string): Promise<SignedInUser | null> {
  const row = await db.selectFrom('users as u').selectAll('u')
    .select((eb) => jsonArrayFrom(accessQuery(db, tenant.id).whereRef('a.userId', '=', eb.ref('u.id'))).as('accessRowsOfUser'))
    .where('u.id', '=', id).where('u.tenantId', '=', tenant.id).executeTakeFirst();
  if (!row) return null;
  const { accessRowsOfUser, ...user } = row;
  return { user, accesses: accessRowsOfUser.map(toAccess) };
}

/** The customer the request acts for: X-Customer-Id (or ?customerId), else the user's default. */
async function actingCustomer(db: Kysely<DB>, request: FastifyRequest, user: UserRow, accesses: AccessRow[]) {
  // Read before any route's schema: the query string as parsed, whatever the route declares.
  const query: unknown = request.query;
  const fromQuery = query && typeof query === 'object' && 'customerId' in query && typeof query.customerId === 'string' && query.customerId ? query.customerId : undefined;
  const requested = header(request, 'x-customer-id') ?? fromQuery;
  if (user.userType === 1 || user.userType === 2) {
    const permissions = user.userType === 1 ? [...ALL_PERMISSIONS] : user.platformPermissions ?? [];
    if (!requested) return { customerId: request.tenant.defaultContractsCustomerId ?? null, access: null, permissions, problem: null, defaulted: true };
    const exists = UUID_RE.test(requested) && await db.selectFrom('customers').select('id')
      .where('id', '=', requested).where('tenantId', '=', request.tenant.id).executeTakeFirst();
    return exists
      ? { customerId: requested, access: null, permissions, problem: null }
      : { customerId: null, access: null, permissions, problem: new ApiError('CustomerNotFound') };
  }
  const active = accesses.filter((a) => a.active);
  const chosen = requested ? active.find((a) => a.customerId === requested) : active[0];
  if (requested && !chosen) return { customerId: null, access: null, permissions: [], problem: new ApiError('NoAccessToCustomer') };
  return { customerId: chosen?.customerId ?? null, access: chosen ?? null, permissions: chosen?.permissions ?? [], problem: null };
}

/** The tables a user and their rights are read from; the ping's lastSeenAt is no part of them. */
const RIGHTS_TABLES: ReadonlySet<string> = new Set(['users', 'customerAccesses', 'customers', 'tenants']);
const NOT_RIGHTS: ReadonlySet<string> = new Set(['lastSeenAt', 'updatedAt']);
const changesRights = (change: TableChange) => RIGHTS_TABLES.has(change.table)
  && !(change.table === 'users' && change.columns !== null && change.columns.every((c) => NOT_RIGHTS.has(c)));

/**
 * How long a user and their rights are kept in memory at most. Any write of this process to the
 * tables they come from drops them at once (a revoked access is refused on the very next request);
 * another server process's write is seen within this time.
 */
export const RIGHTS_CACHE_MS = 2000;

/** The users of a tenant with their accesses, per process (src/server/ttl-cache.ts changeDrivenCache). */
export function rightsCache(db: Kysely<DB>) {
  const cache = changeDrivenCache<string, SignedInUser | null>({ ttlMs: RIGHTS_CACHE_MS, max: 10_000, changes: tableChangesOf(db), staleAfter: changesRights });
  return {
    load: (tenant: TenantRow, id: unknown): Promise<SignedInUser | null> => (typeof id === 'string' && UUID_RE.test(id)
      ? cache.get(`${tenant.id}/${id}`, () => loadUserWithAccesses(db, tenant, id))
      : Promise.resolve(null)),
    close: () => cache.close(),
  };
}
type RightsCache = ReturnType<typeof rightsCache>;

/** Verifies the token, loads the user of this tenant and works out the acting customer and rights. */
export async function authenticate(request: FastifyRequest, db: Kysely<DB>, verifier: TokenVerifier, rights: RightsCache): Promise<AuthContext> {
  const claims = await verifiedClaims(request, verifier);
  const signedIn = await rights.load(request.tenant, claims.userId);
  const realUser = signedIn?.user;
  if (!realUser || !realUser.active) throw new ApiError('unauthorized');
  let user = realUser;
  let accesses = signedIn.accesses;
  const impersonated = header(request, 'x-impersonate-user');
  if (impersonated && impersonated !== realUser.id) {
    if (realUser.userType !== 1) throw new ApiError('forbiddenAccess');
    const target = await rights.load(request.tenant, impersonated);
    if (!target || !target.user.active) throw new ApiError('UserNotFound');
    user = target.user;
    accesses = target.accesses;
  }
  // A supplier's user works on the supplier side only: a customer access their row may hold gives them nothing.
  const supplierUser = isSupplierUser({ userType: user.userType, supplierIds: stringList(user.supplierIds) });
  if (supplierUser) accesses = [];
  const acting = await actingCustomer(db, request, user, accesses);
  return {
    claims, user, realUser, accesses,
    customerId: acting.customerId, customerDefaulted: 'defaulted' in acting && acting.defaulted === true, access: acting.access, customerProblem: acting.problem,
    // an integer column the model bounds to 0–3, the values of UserType
    subject: { userType: user.userType as UserType, permissions: acting.permissions, customerId: acting.customerId, features: acting.access?.features ?? [], supplierUser },
  };
}

/** On every route of the scope: authenticates unless the route is public, refuses during maintenance, then checks its access rule. */
export function installAuth(app: FastifyInstance, db: Kysely<DB>, tokens: TokenVerifier): void {
  const verifier = cachingVerifier(tokens);
  const rights = rightsCache(db);
  app.addHook('onClose', async () => rights.close());
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const rule = request.routeOptions.config.access ?? access.authenticated();
    if (rule.audience === 'public') return;
    request.auth = await authenticate(request, db, verifier, rights);
    // Maintenance before the route's rule: while it is on, nothing but a super admin's call gets further.
    await assertNotInMaintenance(request, db);
    enforce(rule, request.auth);
  });
}

