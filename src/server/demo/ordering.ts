import type { Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { insertColumns } from '../db/records';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data of the ordering part: every demo customer gets a primary address and a second one,
 * and every customer with the ycoin feature (Globex Industries SA in globex.localhost) starts
 * with a points balance, so the address picker and the points discount have something to show.
 */

const addresses = resourceByName('customer-addresses');
const loyalty = resourceByName('loyalty-transactions');

export interface SeededCustomer { id: string; city: string; features: readonly string[] }

export const DEMO_POINTS = 2500;

export async function seedOrdering(db: Kysely<DB>, tenantId: string, customers: readonly SeededCustomer[]): Promise<void> {
  for (const [index, c] of customers.entries()) {
    const owner = { tenantId, customerId: c.id };
    await db.insertInto('customerAddresses').values({
      ...owner, ...insertColumns('customerAddresses', addresses, {
        name: 'Hoofdkantoor', contactName: 'Onthaal', isPrimary: true, oneTime: false,
        address: { street: 'Kerkstraat', houseNumber: String(index + 1), bus: null, zipCode: '9000', city: c.city, countryCode: 'BE' },
      }),
    }).execute();
    await db.insertInto('customerAddresses').values({
      ...owner, ...insertColumns('customerAddresses', addresses, {
        name: 'Magazijn', contactName: 'Magazijnier', isPrimary: false, oneTime: false,
        address: { street: 'Havenlaan', houseNumber: String(20 + index), bus: 'A', zipCode: '9000', city: 'Gent', countryCode: 'BE' },
      }),
    }).execute();
    if (c.features.includes('ycoin')) {
      await db.insertInto('loyaltyTransactions').values({ ...owner, ...insertColumns('loyaltyTransactions', loyalty, { points: DEMO_POINTS, reason: 'Welkomstpunten' }) }).execute();
    }
  }
}
