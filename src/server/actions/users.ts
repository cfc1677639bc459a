import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PERMISSION_AREAS } from '../../../model';
import { isSupplierUser, lettersOn, userKindOf } from '../../shared/access';
import type { AnswerOf } from '../../shared/contracts/define';
import { userContracts } from '../../shared/contracts/users';
import { ApiError } from '../errors';
import { asOidcDb } from '../oidc/db-types';
import { loadAccesses } from '../plugins/auth';
import { stringList } from '../fulfilment/parties';
import { markImpersonationStart } from '../plugins/impersonation-log';
import { userDto } from '../session/users';
import type { AccessRow, UserRow } from '../types';
import { adminUserActions } from '../users/admin-users';
import { implement, type ActionContext } from './define';
import type { DB } from '../../../generated/db/database.gen';

type Impersonation = AnswerOf<typeof userContracts.loginByUserId>;
/** The user as the identity provider knows them (the spec's name for it keeps "Auth0"). */
type IdentityProviderUserDto = Impersonation['userToImpersonateAuth0'];

/**
 * The embedded provider's account of the user, matched by e-mail like sign-in does. A tenant with its
 * own provider (tenants.idp_issuer) has a directory this server cannot read: its users row stands in.
 */
async function identityOf(db: Kysely<DB>, request: FastifyRequest, user: UserRow): Promise<IdentityProviderUserDto | null> {
  if (request.tenant.idpIssuer) return { userId: user.id, email: user.email, displayname: user.displayname, accountId: null };
  const account = await asOidcDb(db).selectFrom('idp_accounts').select(['id', 'email', 'displayname'])
    .where('email', '=', user.email.trim().toLowerCase()).executeTakeFirst();
  return account ? { userId: user.id, email: account.email, displayname: account.displayname ?? user.displayname, accountId: account.id } : null;
}

const anyLetter = (permissions: readonly string[]) => PERMISSION_AREAS.some((area) => lettersOn(permissions, area).size > 0);

/** Whether the user would have any right at all once impersonated (the rights the server enforces). */
function hasPermissions(user: UserRow, active: AccessRow[]): boolean {
  switch (user.userType) {
    case 1: return true;
    case 2: return anyLetter(user.platformPermissions ?? []);
    case 3: return active.some((a) => anyLetter(a.permissions ?? []));
    default: return false;
  }
}

/**
 * core §4 Impersonation: only super admins (the route's rule), and it fails when the user is not in
 * the identity provider, has no active customer access (customer users), or has no permissions.
 * An inactive user is refused like an unknown one: X-Impersonate-User would not open them either.
 */
const loginByUserId = async ({ db, body: { userId }, request }: ActionContext<typeof userContracts.loginByUserId>): Promise<Impersonation> => {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).where('tenantId', '=', request.tenant.id).executeTakeFirst();
  const user = row as UserRow | undefined;
  if (!user || !user.active) throw new ApiError('UserNotFound');
  const identity = await identityOf(db, request, user);
  if (!identity) throw new ApiError('UserNotInIdentityProvider');
  // A supplier's user acts for no company: they are impersonated on their supplier's side (their accesses give them nothing).
  const supplierUser = isSupplierUser({ userType: user.userType, supplierIds: stringList(user.supplierIds) });
  const accesses = supplierUser ? [] : await loadAccesses(db, request.tenant, user.id);
  const active = accesses.filter((a) => a.active);
  if (user.userType === 3 && !supplierUser && active.length === 0) throw new ApiError('NoActiveCustomerAccess');
  if (!supplierUser && !hasPermissions(user, active)) throw new ApiError('UserHasNoPermissions');
  if (user.id !== request.auth?.realUser.id) markImpersonationStart(request, user.id);
  return { userToImpersonateAuth0: identity, userToImpersonate: userDto(user, accesses) };
};

/**
 * business-flows §7 Users: the tenant's users, sorted by display name, searched case-insensitively
 * on e-mail and display name. The super admins' impersonation dialog picks from it.
 */
const query = async ({ db, body, request }: ActionContext<typeof userContracts.query>) => {
  const skip = body.query?.skip ?? 0;
  const take = body.query?.take ?? 20;
  const search = body.query?.search?.trim();
  let q = db.selectFrom('users').where('tenantId', '=', request.tenant.id);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'like', pattern), eb(eb.fn('lower', ['displayname']), 'like', pattern)]));
  }
  const administrators = body.query?.administrators;
  if (administrators === true) q = q.where('userType', 'in', [1, 2]);
  if (administrators === false) q = q.where('userType', 'not in', [1, 2]);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.select(['id', 'email', 'displayname', 'userType', 'active', 'supplierIds'])
      .select((eb) => eb.selectFrom('customerAccesses as a').whereRef('a.userId', '=', 'users.id').select((x) => x.fn.countAll<number>().as('n')).as('accessCount'))
      .orderBy('displayname').orderBy('email').orderBy('id').offset(skip).limit(take).execute(),
  ]);
  const items = rows.map((r) => ({
    id: r.id, email: r.email, displayname: r.displayname ?? null, userType: Number(r.userType), active: r.active === true,
    // What kind of user each is (customer, supplier, platform admin …): the admin's list says it.
    kind: userKindOf({ userType: Number(r.userType), supplierIds: stringList(r.supplierIds), customerAccessCount: Number(r.accessCount ?? 0) }),
  }));
  return { result: { items, total: Number(total), skip, take } };
};

export const userActions = implement(userContracts, { loginByUserId, query, ...adminUserActions });
