import type { Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { checkReferences } from '../crud/references';
import { ApiError } from '../errors';
import { hasFeature, type Acting } from './acting';
import { mayOrderFor } from './department-membership';
import { findAddress, primaryAddress, type AddressRecord, type PostalAddress } from './address-book';
import type { ShippingDetails } from './basket-store';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The basket's delivery choices (core §7 Basket, flows §3 Order): an address of the customer's
 * book, or a one-time address where the customer has that feature; a department and project of
 * the customer.
 */

const orders = resourceByName('orders');

/** True when a one-time address has at least one filled postal field (an all-empty form is no address). */
export function isFilled(a: Record<string, unknown> | null | undefined): a is PostalAddress & Record<string, unknown> {
  return !!a && ['street', 'houseNumber', 'bus', 'zipCode', 'city'].some((k) => typeof a[k] === 'string' && (a[k] as string).trim() !== '');
}

/**
 * Refuses shipping details the customer may not use: an address not in the book, a one-time address
 * without that feature, a department or project not the customer's, a department the acting user is
 * no member of (department-membership.ts); `prefix` is the body path of the details.
 */
export async function checkShippingDetails(db: Kysely<DB>, acting: Acting, d: ShippingDetails, prefix: string): Promise<void> {
  if (d.addressId != null) {
    const address = await findAddress(db, acting, d.addressId);
    if (!address || (address.oneTime && !hasFeature(acting, 'oneTimeAddresses'))) {
      throw new ApiError('AddressNotFound', [{ path: `${prefix}.addressId`, rule: 'AddressNotFound' }]);
    }
  }
  if (isFilled(d.oneTimeAddress) && !hasFeature(acting, 'oneTimeAddresses')) {
    throw new ApiError('OneTimeAddressesDisabled', [{ path: `${prefix}.oneTimeAddress`, rule: 'OneTimeAddressesDisabled' }]);
  }
  const owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer' as const };
  const details = await checkReferences(db, orders, owner, { departmentId: d.departmentId, projectId: d.projectId });
  if (details.length) throw new ApiError('validationFailed', details.map((x) => ({ ...x, path: `${prefix}.${x.path}` })));
  // flows §5 "Ordering requires department membership": the basket's orders are the acting user's.
  if (d.departmentId && !(await mayOrderFor(db, acting, acting.userId, d.departmentId))) {
    throw new ApiError('NotDepartmentMember', [{ path: `${prefix}.departmentId`, rule: 'NotDepartmentMember' }]);
  }
}

/**
 * Where an order goes. Decision (the spec is silent): the chosen book entry; else the one-time
 * address; else the customer's primary address, so a user who never opened the address picker
 * still orders to the primary address. A chosen entry deleted since it was chosen is a problem
 * (AddressRequired: choose again) rather than a silent switch to another address.
 */
export type DeliveryChoice =
  | { kind: 'book'; address: AddressRecord }
  | { kind: 'oneTime'; address: PostalAddress & Record<string, unknown> }
  | { kind: 'none' }
  | { kind: 'missing' };

export async function deliveryChoice(db: Kysely<DB>, acting: Acting, d: ShippingDetails): Promise<DeliveryChoice> {
  if (d.addressId != null) {
    const address = await findAddress(db, acting, d.addressId);
    if (!address || (address.oneTime && !hasFeature(acting, 'oneTimeAddresses'))) return { kind: 'missing' };
    return { kind: 'book', address };
  }
  if (isFilled(d.oneTimeAddress)) return hasFeature(acting, 'oneTimeAddresses') ? { kind: 'oneTime', address: d.oneTimeAddress } : { kind: 'missing' };
  const primary = await primaryAddress(db, acting);
  return primary ? { kind: 'book', address: primary } : { kind: 'none' };
}
