import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { visibilityFor, type Visibility } from './visibility';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The customer a catalogue call works for. Shop calls also name it in their body
 * ({query:{customerId}}, core §7); when that differs from the acting customer (X-Customer-Id), it
 * is honoured only when the caller may act for it, with the same answers as the header would get.
 */
export async function customerOfCall(db: Kysely<DB>, request: FastifyRequest, named: string | null | undefined): Promise<string | null> {
  const auth = request.auth;
  const acting = auth?.customerId ?? null;
  if (!named || named === acting || !auth) return acting;
  if (auth.user.userType === 1 || auth.user.userType === 2) {
    const exists = UUID_RE.test(named) && await db.selectFrom('customers').select('id')
      .where('id', '=', named).where('tenantId', '=', request.tenant.id).executeTakeFirst();
    if (!exists) throw new ApiError('CustomerNotFound');
    return named;
  }
  if (!auth.accesses.some((a) => a.active && a.customerId === named)) throw new ApiError('NoAccessToCustomer');
  return named;
}

/** What the caller may see of the catalogue (visibility.ts) for the customer of the call. */
export async function callerVisibility(db: Kysely<DB>, request: FastifyRequest, named?: string | null): Promise<Visibility> {
  const customerId = await customerOfCall(db, request, named);
  return visibilityFor(db, request.tenant.id, customerId, request.auth?.user.id ?? '');
}

/**
 * Own articles need a customer the caller chose (core §6 "Own-article creation needs an active
 * customer access"): a platform user's fallback to the tenant's default contracts customer does not
 * count, so without X-Customer-Id (or ?customerId) they get 400 noActiveCustomer.
 */
export function requireChosenCustomer(request: FastifyRequest): string {
  const auth = request.auth;
  if (!auth?.customerId) throw new ApiError('noActiveCustomer');
  if (auth.user.userType === 1 || auth.user.userType === 2) {
    const header = request.headers['x-customer-id'];
    const query = (request.query ?? {}) as Record<string, unknown>;
    const named = (Array.isArray(header) ? header[0] : header)?.trim() || (typeof query.customerId === 'string' ? query.customerId : '');
    if (!named) throw new ApiError('noActiveCustomer');
  }
  return auth.customerId;
}
