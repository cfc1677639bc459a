import { z } from 'zod';
import { RULE_KEYS, rulesOfUser } from '../catalogue/visibility';
import { UUID_RE } from '../crud/record';
import { ApiError } from '../errors';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** The stored rules, one list of ids (or family names) per rule key. */
const rulesAnswer = z.object({ result: z.object(Object.fromEntries(RULE_KEYS.map((k) => [k, z.array(z.string())])) as Record<(typeof RULE_KEYS)[number], z.ZodArray<z.ZodString>>) });
export const catalogRuleSchemas: Record<string, ActionSchemas> = { forUser: { response: rulesAnswer } };

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

export const catalogRuleActions = actionsOf({ forUser });
