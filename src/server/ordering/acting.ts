import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireCustomer, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import type { DB } from '../../../generated/db/database.gen';

/** Who a basket, order or address-book call works for: the tenant, the acting customer and user. */
export interface Acting {
  tenantId: string;
  customerId: string;
  userId: string;
  /** The acting customer's domain features (core §1), read from the customer row. */
  features: string[];
}

const list = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};

/**
 * The acting customer and user. Features come from the customer row so that a platform user
 * acting for a customer gets the same rules as the customer's own users.
 */
export async function actingOf(db: Kysely<DB>, request: FastifyRequest, owner: Owner): Promise<Acting> {
  const customerId = requireCustomer(owner);
  const auth = authOf(request);
  const row = await db.selectFrom('customers').select('features').where('id', '=', customerId).where('tenantId', '=', owner.tenantId).executeTakeFirst();
  return { tenantId: owner.tenantId, customerId, userId: auth.user.id, features: list(row?.features) };
}

/**
 * core §7 Basket: the body and query name the customer and user the basket belongs to; a user
 * only ever works on their own basket for the customer they act for (403 otherwise). An absent
 * id means the acting one.
 */
export function assertSelf(acting: Acting, ids: { customerId?: unknown; userId?: unknown }): void {
  const differs = (given: unknown, actual: string) => given !== undefined && given !== null && given !== '' && String(given).toLowerCase() !== actual.toLowerCase();
  if (differs(ids.customerId, acting.customerId) || differs(ids.userId, acting.userId)) throw new ApiError('forbiddenAccess');
}

export const hasFeature = (acting: Acting, feature: string) => acting.features.includes(feature);
