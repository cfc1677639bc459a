import { useEffect } from 'react';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { useAppServices } from '../bootstrap/context';
import { sessionPing } from '../../../generated/app/calls/session.gen';
import { callApi } from '../data/call-api';
import type { HttpClient } from '../data/http';

/**
 * PUT /user-sessions/ping {} every CONSTANTS.sessionPingMs (10 s, core §7) while signed in. Failures
 * are ignored: an expired sign-in is the auth provider's business, not the ping's. Returns the stop.
 */
export function startSessionPing(http: Pick<HttpClient, 'request'>, intervalMs: number = CONSTANTS.sessionPingMs): () => void {
  const timer = setInterval(() => {
    callApi(http, sessionPing, { body: {} }).catch(() => undefined);
  }, intervalMs);
  return () => clearInterval(timer);
}

/**
 * Pings while mounted. It sits in the signed-in layouts, so it starts after sign-in and stops on
 * logout (the login page has no layout).
 */
export function SessionPing(): null {
  const { http } = useAppServices();
  useEffect(() => startSessionPing(http), [http]);
  return null;
}
