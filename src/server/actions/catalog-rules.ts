import { rulesOfUser } from '../catalogue/visibility';
import { UUID_RE } from '../crud/record';
import { ApiError } from '../errors';
import type { ActionHandler } from './index';

/**
 * GET /catalog-rules/user/{userId}: the stored rules of a user (empty lists when none are set).
 * Customer users read their own rules only; platform admins any user of the tenant.
 */
const forUser: ActionHandler = async ({ db, request }) => {
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

export const catalogRuleActions = { forUser };
