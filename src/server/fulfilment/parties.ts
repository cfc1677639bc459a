import { jsonValue } from '../db/records';
import type { AuthContext } from '../types';

/**
 * Who a supplier order or a delivery is for (flows §4, §6): the caller as supplier-orders.ts and
 * deliveries.ts see them. Platform users read the tenant's; a supplier's users those of the
 * suppliers their user row names (the token's supplierIds claim, read fresh from the row).
 */
export type Who = Pick<AuthContext, 'user' | 'access' | 'customerId' | 'subject'>;

export const isPlatformUser = (who: Pick<Who, 'user'>) => who.user.userType === 1 || who.user.userType === 2;

/** The suppliers the caller works for (users.supplierIds). */
export const supplierIdsOf = (who: Pick<Who, 'user'>): string[] => stringList(who.user.supplierIds);

/** A jsonb list of strings (PGlite hands jsonb back as text, PostgreSQL as a value): [] when it is none. */
export function stringList(v: unknown): string[] {
  const list = jsonValue<unknown>(v);
  return Array.isArray(list) ? list.map(String) : [];
}
