import { z } from 'zod';
import { safeString } from '../../shared/safe-text';
import { RULE_KEYS, rulesOfUser } from '../catalogue/visibility';
import { UUID_RE } from '../db/records';
import { requireCustomer } from '../crud/scope';
import { ApiError } from '../errors';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** The stored rules, one list of ids (or family names) per rule key. */
const rulesAnswer = z.object({ result: z.object(Object.fromEntries(RULE_KEYS.map((k) => [k, z.array(z.string())])) as Record<(typeof RULE_KEYS)[number], z.ZodArray<z.ZodString>>) });
const ruleList = z.array(safeString(undefined, false).trim().min(1).max(200)).max(500);
const rulesBody = z.object(Object.fromEntries(RULE_KEYS.map((k) => [k, ruleList.default([])])) as Record<(typeof RULE_KEYS)[number], z.ZodDefault<typeof ruleList>>);
const userParams = z.object({ userId: z.string().regex(UUID_RE, 'invalid') });
export const catalogRuleSchemas: Record<string, ActionSchemas> = {
  forUser: { response: rulesAnswer },
  forCustomerUser: { params: userParams, response: rulesAnswer },
  setForCustomerUser: { params: userParams, body: rulesBody, response: rulesAnswer },
};

/**
 * GET /catalog-rules/user/{userId}: the stored rules of a user (empty lists when none are set).
 * Customer users read their own rules only; platform admins any user of the tenant.
 */
const forUser = async ({ db, request }: ActionContext): Promise<z.input<typeof rulesAnswer>> => {
  const auth = request.auth;
  if (!auth) throw new ApiError('unauthorized');
  const { userId } = (request.params ?? {}) as { userId?: string };
  const platform = auth.user.userType === 1 || auth.user.userType === 2;
  if (!platform && userId !== auth.user.id) throw new ApiError('forbiddenAccess');
  const user = typeof userId === 'string' && UUID_RE.test(userId)
    ? await db.selectFrom('users').select('id').where('id', '=', userId).where('tenantId', '=', request.tenant.id).executeTakeFirst()
    : undefined;
  if (!user) throw new ApiError('UserNotFound');
  return { result: { ...(await rulesOfUser(db, request.tenant.id, user.id)) } };
};

/** A user of the acting customer (an access there), else UserNotFound. */
async function customerUserOf(ctx: ActionContext): Promise<string> {
  const customerId = requireCustomer(ctx.owner);
  const { userId } = ctx.params as { userId: string };
  const access = await ctx.db.selectFrom('customerAccesses').select('userId').where('tenantId', '=', ctx.owner.tenantId)
    .where('customerId', '=', customerId).where('userId', '=', userId).executeTakeFirst();
  if (!access) throw new ApiError('UserNotFound');
  return userId;
}

/** GET /customer-user-management/catalog-rules/{userId} */
const forCustomerUser = async (ctx: ActionContext): Promise<z.input<typeof rulesAnswer>> =>
  ({ result: { ...(await rulesOfUser(ctx.db, ctx.owner.tenantId, await customerUserOf(ctx))) } });

/** Ids of `table` in the tenant among `ids`; the first unknown one is refused (validationFailed on its path). */
async function requireKnown(ctx: ActionContext, table: 'marketplaces' | 'suppliers' | 'productCategories', key: string, ids: readonly string[]) {
  if (!ids.length) return;
  const bad = ids.findIndex((id) => !UUID_RE.test(id));
  if (bad >= 0) throw new ApiError('validationFailed', [{ path: `${key}.${bad}`, rule: 'choice' }]);
  const found = new Set((await ctx.db.selectFrom(table).select('id').where('tenantId', '=', ctx.owner.tenantId).where('id', 'in', [...ids]).execute()).map((r) => r.id as string));
  const wrong = ids.findIndex((id) => !found.has(id));
  if (wrong >= 0) throw new ApiError('validationFailed', [{ path: `${key}.${wrong}`, rule: 'choice' }]);
}

/** PUT /customer-user-management/catalog-rules/{userId}: the rules as given (empty lists clear them). */
const setForCustomerUser = async (ctx: ActionContext<z.output<typeof rulesBody>>): Promise<z.input<typeof rulesAnswer>> => {
  const userId = await customerUserOf(ctx as ActionContext);
  const rules = Object.fromEntries(RULE_KEYS.map((k) => [k, [...new Set(ctx.body[k])]])) as Record<(typeof RULE_KEYS)[number], string[]>;
  const tables = { MarketPlaces: 'marketplaces', Suppliers: 'suppliers', Categories: 'productCategories' } as const;
  for (const [suffix, table] of Object.entries(tables)) {
    for (const side of ['include', 'exclude'] as const) await requireKnown(ctx as ActionContext, table, `${side}${suffix}`, rules[`${side}${suffix}` as (typeof RULE_KEYS)[number]]);
  }
  const values = Object.fromEntries(RULE_KEYS.map((k) => [k, JSON.stringify(rules[k])]));
  await ctx.db.insertInto('catalogRules').values({ tenantId: ctx.owner.tenantId, userId, ...values } as never)
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doUpdateSet({ ...values, updatedAt: new Date() } as never)).execute();
  return { result: { ...(await rulesOfUser(ctx.db, ctx.owner.tenantId, userId)) } };
};

export const catalogRuleActions = actionsOf({ forUser, forCustomerUser, setForCustomerUser: setForCustomerUser as never });
