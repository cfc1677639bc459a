import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seed } from '../../src/server/seed';
import { checkVatNumber, REGISTRATION_COUNTRIES, VAT_PREFIX, type RegistrationCountry } from '../../src/shared/company-numbers';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * The demo data keeps the product's own rules: every company and supplier the first start seeds (all
 * tenants) has a VAT number that the product's check (src/shared/company-numbers.ts: a Belgian number's
 * mod-97 check digits, other countries' formats) accepts, so that their e-invoices can be booked.
 * Read from what the seed wrote to a fresh database, not from the seed's lists.
 */

let fresh: TestDatabase;
beforeAll(async () => {
  fresh = await createTestDatabase({ migrate: true });
  expect(await seed(fresh.database.db)).toBe(true);
}, 120_000);
afterAll(async () => { await fresh?.cleanup(); });

/** The registration country whose VAT prefix `vat` starts with (GB is the United Kingdom's 'EN'). */
const countryOf = (vat: string): RegistrationCountry | undefined => REGISTRATION_COUNTRIES.find((c) => vat.startsWith(VAT_PREFIX[c]));

describe('seeded company numbers', () => {
  test('every seeded customer and supplier of every tenant has a VAT number the product accepts', async () => {
    const db = fresh.database.db;
    const rows = [
      ...(await db.selectFrom('customers').select(['name', 'vatNumber']).execute()).map((r) => ({ kind: 'customer', ...r })),
      ...(await db.selectFrom('suppliers').select(['name', 'vatNumber']).execute()).map((r) => ({ kind: 'supplier', ...r })),
    ];
    // The four suppliers the demo catalogue adds are among them.
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Bruneau', 'Manutan', 'Hygiëne Direct', 'Horeca Café Service']));
    const wrong = rows.filter((r) => {
      const vat = String(r.vatNumber ?? '');
      const country = countryOf(vat);
      return !country || checkVatNumber(vat, country) !== 'ok';
    });
    expect(wrong).toEqual([]);
    expect(rows.filter((r) => countryOf(String(r.vatNumber ?? '')) === 'BE').length).toBeGreaterThan(10);
  });
});
