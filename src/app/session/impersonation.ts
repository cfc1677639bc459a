/**
 * Super admins acting as another user (core §4 Impersonation): POST /usermanagement/loginbyuserid,
 * then the user's id in the session store (sent as X-Impersonate-User by the HTTP client) and the
 * session reloaded as that user. Stopping forgets it and reloads the real user's session.
 */
import { usersLoginByUserId, usersQuery } from '../../../generated/app/calls/users.gen';
import type { ResultOf } from '../../shared/contracts/define';
import type { userContracts } from '../../shared/contracts/users';
import type { UserDto } from '../../shared/session-types';
import { callApi } from '../data/call-api';
import type { HttpClient } from '../data/http';
import type { SessionLoader } from './load';
import { EMPTY_SESSION, pickActiveAccess, readSession, writeSession, type SessionState } from './store';

/** One row of POST /usermanagement/query. */
export type UserQueryItem = ResultOf<typeof userContracts.query>['result']['items'][number];

/** The tenant's users matching `search` (e-mail or display name), sorted by display name. */
export async function queryUsers(http: HttpClient, search: string, signal?: AbortSignal): Promise<UserQueryItem[]> {
  const body = await callApi(http, usersQuery, { body: { query: { skip: 0, take: 20, search: search.trim() || undefined } } }, { signal });
  return body?.result?.items ?? [];
}

/** A fresh session for `user` (nothing of the previous identity's customer, basket or tasks leaks), keeping the interface languages. */
function resetFor(user: UserDto | null, impersonatedUserId: string | null): void {
  const previous = readSession();
  const access = user ? pickActiveAccess(user, null) : null;
  writeSession({
    ...EMPTY_SESSION,
    loggedIn: true,
    // The user is set up front so the loader keeps impersonatedUserId (it starts over for another user).
    user,
    activeCustomerAccessId: access?.id ?? null,
    activeCustomerId: access?.customerId ?? null,
    supportedLanguages: previous.supportedLanguages,
    extraPrivileges: previous.extraPrivileges,
    impersonatedUserId,
  });
}

/** Starts acting as `userId`; rejects with the server's HttpError (errorCode) and then changes nothing. */
export async function startImpersonation(http: HttpClient, loader: SessionLoader, userId: string): Promise<SessionState> {
  const { userToImpersonate } = await callApi(http, usersLoginByUserId, { body: { userId } });
  resetFor(userToImpersonate, userToImpersonate.id);
  loader.reset();
  try {
    return await loader.ensure();
  } catch (error) {
    await stopImpersonation(loader).catch(() => undefined);
    throw error;
  }
}

/** Stops acting as another user and reloads the signed-in user's own session. */
export async function stopImpersonation(loader: SessionLoader): Promise<SessionState> {
  resetFor(null, null);
  loader.reset();
  return loader.ensure();
}
