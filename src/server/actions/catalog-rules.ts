import type { Kysely } from 'kysely';
import { catalogRuleContracts } from '../../shared/contracts/catalog-rules';
import { RULE_KEYS, rulesOfUser } from '../catalogue/visibility';
import { UUID_RE } from '../db/records';
import { requireCustomer, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { implement } from './define';
import type { DB } from '../../../generated/db/database.gen';

/** A user of the acting customer (an access there), else UserNotFound. */
async function customerUserOf(db: Kysely<DB>, owner: Owner, userId: string): Promise<string> {
  const customerId = requireCustomer(owner);
  const access = await db.selectFrom('customerAccesses').select('userId').where('tenantId', '=', owner.tenantId)
    .where('customerId', '=', customerId).where('userId', '=', userId).executeTakeFirst();
  if (!access) throw new ApiError('UserNotFound');
  return userId;
}

/** Ids of `table` in the tenant among `ids`; the first unknown one is refused (validationFailed on its path). */
async function requireKnown(db: Kysely<DB>, owner: Owner, table: 'marketplaces' | 'suppliers' | 'productCategories', key: string, ids: readonly string[]) {
  if (!ids.length) return;
  const bad = ids.findIndex((id) => !UUID_RE.test(id));
  if (bad >= 0) throw new ApiError('validationFailed', [{ path: `${key}.${bad}`, rule: 'choice' }]);
  const found = new Set((await db.selectFrom(table).select('id').where('tenantId', '=', owner.tenantId).where('id', 'in', [...ids]).execute()).map((r) => r.id as string));
  const wrong = ids.findIndex((id) => !found.has(id));
  if (wrong >= 0) throw new ApiError('validationFailed', [{ path: `${key}.${wrong}`, rule: 'choice' }]);
}

export const catalogRuleActions = implement(catalogRuleContracts, {
  /**
   * GET /catalog-rules/user/{userId}: the stored rules of a user (empty lists when none are set).
   * Customer users read their own rules only; platform admins any user of the tenant.
   */
  forUser: async ({ db, request, params: { userId } }) => {
    const auth = request.auth;
    if (!auth) throw new ApiError('unauthorized');
    const platform = auth.user.userType === 1 || auth.user.userType === 2;
    if (!platform && userId !== auth.user.id) throw new ApiError('forbiddenAccess');
    const user = UUID_RE.test(userId)
      ? await db.selectFrom('users').select('id').where('id', '=', userId).where('tenantId', '=', request.tenant.id).executeTakeFirst()
      : undefined;
    if (!user) throw new ApiError('UserNotFound');
    return { result: { ...(await rulesOfUser(db, request.tenant.id, user.id)) } };
  },

  /** GET /customer-user-management/catalog-rules/{userId} */
  forCustomerUser: async ({ db, owner, params }) =>
    ({ result: { ...(await rulesOfUser(db, owner.tenantId, await customerUserOf(db, owner, params.userId))) } }),

  /** PUT /customer-user-management/catalog-rules/{userId}: the rules as given (empty lists clear them). */
  setForCustomerUser: async ({ db, owner, params, body }) => {
    const userId = await customerUserOf(db, owner, params.userId);
    const rules = Object.fromEntries(RULE_KEYS.map((k) => [k, [...new Set(body[k])]])) as Record<(typeof RULE_KEYS)[number], string[]>;
    const tables = { MarketPlaces: 'marketplaces', Suppliers: 'suppliers', Categories: 'productCategories' } as const;
    for (const [suffix, table] of Object.entries(tables)) {
      for (const side of ['include', 'exclude'] as const) await requireKnown(db, owner, table, `${side}${suffix}`, rules[`${side}${suffix}` as (typeof RULE_KEYS)[number]]);
    }
    const values = Object.fromEntries(RULE_KEYS.map((k) => [k, JSON.stringify(rules[k])]));
    await db.insertInto('catalogRules').values({ tenantId: owner.tenantId, userId, ...values } as never)
      .onConflict((oc) => oc.columns(['tenantId', 'userId']).doUpdateSet({ ...values, updatedAt: new Date() } as never)).execute();
    return { result: { ...(await rulesOfUser(db, owner.tenantId, userId)) } };
  },
});
