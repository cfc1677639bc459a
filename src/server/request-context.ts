import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessRule } from '../../model';
import { refusal } from '../shared/access';
import { ApiError } from './errors';
import type { AuthContext, TenantRow } from './types';

/**
 * A request's context: the tenant its hostname names (set by the tenant plugin), its signed-in caller
 * (set by the auth plugin) and the access rule of its route, with what code serving a request reads
 * of them. Below every area, so a domain module that serves a request needs no plugin.
 */

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantRow;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (model/dsl/access.ts); routes without it need a signed-in user. */
    access?: AccessRule;
  }
}

/**
 * X-Hostname (the SPA sends it), else the host without its port, lower case: the Host header, or
 * X-Forwarded-Host from a proxy the TRUST_PROXY setting trusts (Fastify's request.host).
 */
export function requestHostname(request: FastifyRequest): string {
  const header = request.headers['x-hostname'];
  const raw = (Array.isArray(header) ? header[0] : header) || request.host || '';
  // '[::1]:3000' keeps its brackets; 'acme.localhost:3000' loses its port.
  const host = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  return host.trim().toLowerCase();
}

/** The signed-in caller of a route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError('unauthorized');
  return request.auth;
}

/** Throws the error a refused rule calls for: 401, 400 noActiveCustomer or 403. */
export function enforce(rule: AccessRule, auth: AuthContext | null): void {
  // Every signed-in route, whatever its audience: a route that reads the acting customer only
  // sometimes would otherwise answer as if no company were named (docs/decisions/0012-users-and-access.md, "Acting customer").
  if (auth?.customerProblem) throw auth.customerProblem;
  switch (refusal(rule, auth?.subject ?? null)) {
    case 'unauthenticated': throw new ApiError('unauthorized');
    case 'noCustomer': throw new ApiError('noActiveCustomer');
    case 'forbidden': throw new ApiError('forbiddenAccess');
    case null: return;
  }
}

/**
 * Logs a failure the server has no answer for but a 500. When the client closed the connection before
 * the answer was written (a page left while its list was on the way, a search typed over by the next
 * one: compression then fails with "premature close"), nobody is left to answer and nothing is
 * broken, so it is information, not an error of the server's.
 */
export function logUnhandled(request: FastifyRequest, reply: FastifyReply, err: Error): void {
  if (reply.raw.destroyed === true || request.raw.socket?.destroyed === true) request.log.info({ message: err.message }, 'the client closed the connection before the answer');
  else request.log.error({ err }, 'unhandled error');
}
