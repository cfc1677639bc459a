import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkBelgianCompanyNumber, checkVatNumber, normalizeVatNumber } from '../../src/shared/company-numbers';
import { TENANT_SEEDS } from '../../src/server/demo/seed-data';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * flows §1, §3 Customer registration, §5 Registration, §7 Customers and registration: a newcomer
 * registers a company (number checked offline, not taken, terms accepted), a platform admin lists,
 * corrects and validates it (the customer, its first user's access as customer admin, the welcome
 * mail through the outbox), and the customer calls beside it.
 */

let t: TestApp;
let tenantId: string;
const ADMIN = 'admin@demo.test';
let n = 0;

/** A signed-in user without any company, as the newcomer of the demo. */
async function newcomer(): Promise<string> {
  const email = `newcomer-${++n}-${Math.random().toString(36).slice(2, 7)}@register.test`;
  await t.db.insertInto('users').values({ tenantId, email, firstname: 'Nina', lastname: `Nieuw ${n}`, displayname: `Nina Nieuw ${n}`, userType: 3, active: true, languageCode: 'EN' } as never).execute();
  return email;
}

/** A valid Belgian company number nobody has: eight digits and their mod-97 check digits. */
function freshBelgianNumber(): string {
  const base = 10_000_000 + Math.floor(Math.random() * 89_999_999);
  const eight = `0${String(base).slice(1)}`;
  return `${eight}${String(97 - (Number(eight) % 97)).padStart(2, '0')}`;
}

const company = (over: Record<string, unknown> = {}) => ({
  customerName: 'Bakkerij Nieuw BV', vatNumber: freshBelgianNumber(), countryCode: 'BE', juridicalFrom: 'BV', employeeCount: '10-49',
  street: 'Veldstraat', houseNumber: '5', zipCode: '9000', city: 'Gent', userFirstname: 'Nina', userLastname: 'Nieuw', acceptTerms: true, ...over,
});
const register = (email: string, dto: Record<string, unknown>) => t.call('POST', '/api/customers/register', { as: email, body: { dto } });

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: true } });
  tenantId = await t.tenantId();
});
afterAll(async () => { await t?.close(); });

describe('company and VAT numbers checked offline (src/shared/company-numbers.ts)', () => {
  test('a Belgian company number: ten digits starting 0 or 1, the last two 97 minus the first eight mod 97', () => {
    expect(checkBelgianCompanyNumber('0412.345.614')).toBe('ok');
    expect(checkBelgianCompanyNumber('BE 0412 345 614')).toBe('ok');
    expect(checkBelgianCompanyNumber('412345614')).toBe('ok');
    expect(checkBelgianCompanyNumber('0412.345.678')).toBe('checkDigits');
    expect(checkBelgianCompanyNumber('2412345614')).toBe('format');
    expect(checkBelgianCompanyNumber('04123')).toBe('format');
    expect(normalizeVatNumber('0412.345.614', 'BE')).toBe('BE0412345614');
  });
  test('the VAT number format per country', () => {
    expect(checkVatNumber('NL123456782B01', 'NL')).toBe('ok');
    expect(checkVatNumber('NL123456782', 'NL')).toBe('format');
    expect(checkVatNumber('DE123456789', 'DE')).toBe('ok');
    expect(checkVatNumber('DE12345678', 'DE')).toBe('format');
    expect(checkVatNumber('FR40303265045', 'FR')).toBe('ok');
    expect(checkVatNumber('FR4030326504', 'FR')).toBe('format');
    expect(checkVatNumber('GB123456789', 'EN')).toBe('ok');
    expect(normalizeVatNumber('123 456 789', 'EN')).toBe('GB123456789');
    expect(checkVatNumber('BE0412345678', 'BE')).toBe('checkDigits');
  });
  test("every demo company's Belgian number passes its own check digits", () => {
    for (const seed of TENANT_SEEDS) {
      for (const c of seed.customers) {
        const country = c.vatNumber.slice(0, 2) === 'GB' ? 'EN' : c.vatNumber.slice(0, 2);
        expect({ name: c.name, check: checkVatNumber(c.vatNumber, country as 'BE') }).toEqual({ name: c.name, check: 'ok' });
      }
    }
  });
});

describe('registering (POST /customers/register, /customerregistration/checkIfVatExists, GET /customerregistration/mine)', () => {
  test('a wrong company number, a wrong VAT format, unaccepted terms are refused and nothing is stored', async () => {
    const email = await newcomer();
    const wrong = fails(await register(email, company({ vatNumber: '0412.345.678' })), 400, 'InvalidCompanyNumber');
    expect(wrong.details).toEqual([expect.objectContaining({ path: 'vatNumber', rule: 'checkDigits' })]);
    fails(await register(email, company({ vatNumber: 'NL12345', countryCode: 'NL' })), 400, 'InvalidVatNumber');
    fails(await register(email, company({ acceptTerms: false })), 400, 'TermsNotAccepted');
    fails(await register(email, company({ acceptTerms: undefined })), 400, 'TermsNotAccepted');
    fails(await t.call('POST', '/api/customerregistration/checkIfVatExists', { as: email, body: { vatNumberQuery: '0412345678' } }), 400, 'InvalidCompanyNumber');
    const rows = await t.db.selectFrom('pendingCustomerRegistrations').select('id').where('userEmail', '=', email).execute();
    expect(rows).toEqual([]);
  });

  test('a registration waits with the caller as its user; a second one and a taken number are refused', async () => {
    const email = await newcomer();
    const number = freshBelgianNumber();
    const dotted = `${number.slice(0, 4)}.${number.slice(4, 7)}.${number.slice(7)}`;
    const before = ok(await t.call('POST', '/api/customerregistration/checkIfVatExists', { as: email, body: { vatNumberQuery: dotted } })).result;
    expect(before).toEqual({ exists: false, vatNumber: `BE${number}`, known: null });
    const reg = ok(await register(email, company({ vatNumber: dotted }))).result;
    expect(reg).toMatchObject({ vatNumber: `BE${number}`, userEmail: email, approved: false, userDisplayname: 'Nina Nieuw', employeeCount: '10-49' });
    expect(reg.termsAcceptedAt).toBeTruthy();
    expect(ok(await t.call('GET', '/api/customerregistration/mine', { as: email })).result).toMatchObject({ id: reg.id });
    fails(await register(email, company()), 409, 'RegistrationAlreadyPending');
    const other = await newcomer();
    fails(await register(other, company({ vatNumber: number })), 409, 'VatNumberAlreadyExists');
    expect(ok(await t.call('POST', '/api/customerregistration/checkIfVatExists', { as: other, body: { vatNumberQuery: number } })).result.exists).toBe(true);
    // A demo customer's number is taken too (written as typed, with dots).
    const seeded = TENANT_SEEDS[0]!.customers[0]!.vatNumber.slice(2);
    fails(await register(other, company({ vatNumber: `${seeded.slice(0, 4)}.${seeded.slice(4, 7)}.${seeded.slice(7)}` })), 409, 'VatNumberAlreadyExists');
  });

  test('what the platform knows of the number fills the wizard: a supplier with it', async () => {
    const email = await newcomer();
    const supplier = TENANT_SEEDS[0]!.platformSuppliers[1]!;
    const answer = ok(await t.call('POST', '/api/customerregistration/checkIfVatExists', { as: email, body: { vatNumberQuery: supplier.vatNumber } })).result;
    expect(answer).toMatchObject({ exists: false, known: { customerName: supplier.name, city: 'Brussel', countryCode: 'BE' } });
  });

  test('the registration calls need a signed-in user; the admin calls a platform admin', async () => {
    expect((await t.call('POST', '/api/customers/register', { body: { dto: company() } })).statusCode).toBe(401);
    fails(await t.call('GET', '/api/pending-customer-registrations', { as: 'buyer@demo.test' }), 403, 'forbiddenAccess');
  });
});

describe('platform admins validate (GET /pending-customer-registrations, /{id}, PUT /{id}/update, POST /{id}/validate)', () => {
  test('the list filters waiting registrations; update re-checks the number; validate creates the customer, the admin access and the welcome mail', async () => {
    const email = await newcomer();
    const reg = ok(await register(email, company({ customerName: 'Validatie Test BV' }))).result;
    const page = ok(await t.call('GET', '/api/pending-customer-registrations?search=validatie', { as: ADMIN })).result;
    expect(page).toMatchObject({ skip: 0, take: 2000 });
    expect(page.items.map((r: { id: string }) => r.id)).toContain(reg.id);
    expect(ok(await t.call('GET', '/api/pending-customer-registrations?status=approved&search=validatie', { as: ADMIN })).result.items).toEqual([]);

    const path = `/api/pending-customer-registrations/${reg.id}`;
    const dto = { ...company({ customerName: 'Validatie Test NV', vatNumber: reg.vatNumber }), acceptTerms: undefined };
    fails(await t.call('PUT', `${path}/update`, { as: ADMIN, body: { dto: { ...dto, vatNumber: '0412345678' } } }), 400, 'InvalidCompanyNumber');
    const updated = ok(await t.call('PUT', `${path}/update`, { as: ADMIN, body: { dto } })).result;
    expect(updated).toMatchObject({ customerName: 'Validatie Test NV', approved: false });
    expect(ok(await t.call('GET', path, { as: ADMIN })).result).toMatchObject({ id: reg.id, knowledge: { vatKnown: false } });

    const validated = ok(await t.call('POST', `${path}/validate`, { as: ADMIN, body: {} })).result;
    expect(validated).toMatchObject({ approved: true, customerId: expect.any(String), validatedById: await t.userId(ADMIN) });
    const customer = await t.db.selectFrom('customers').selectAll().where('id', '=', validated.customerId).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: 'Validatie Test NV', vatNumber: reg.vatNumber, juridicalFrom: 'BV', generalEmail: email, blocked: false, tenantId });
    const userId = await t.userId(email);
    const accesses = await t.db.selectFrom('customerAccesses').selectAll().where('userId', '=', userId).execute();
    expect(accesses).toHaveLength(1);
    expect(accesses[0]).toMatchObject({ customerId: validated.customerId, active: true });
    expect(JSON.stringify(accesses[0]!.roles)).toContain('admin');
    expect(JSON.stringify(accesses[0]!.permissions)).toContain('users:RWCD');
    const mail = await eventually(async () => {
      const row = await t.db.selectFrom('mailOutbox').selectAll().where('kind', '=', 'customerWelcome').where('recipient', '=', email).executeTakeFirst();
      if (row?.status !== 'sent') throw new Error('welcome mail not sent yet');
      return row;
    }, 15_000);
    expect(mail.subject).toBe('Validatie Test NV is registered');
    expect(mail.text).toContain(`/?company=${validated.customerId}`);

    // Now the user acts for the new company as its admin.
    const session = ok(await t.call('GET', '/api/customers/all', { as: email })).result;
    expect(session).toEqual([{ id: validated.customerId, name: 'Validatie Test NV', vatNumber: reg.vatNumber, blocked: false }]);
    expect(ok(await t.call('POST', '/api/customers/getCustomerAccessCount', { as: email, customerId: validated.customerId, body: { customerId: validated.customerId } })).result).toBe(1);

    fails(await t.call('POST', `${path}/validate`, { as: ADMIN, body: {} }), 409, 'RegistrationAlreadyValidated');
    fails(await t.call('PUT', `${path}/update`, { as: ADMIN, body: { dto } }), 409, 'RegistrationAlreadyValidated');
    expect(await t.db.selectFrom('customers').select('id').where('vatNumber', '=', reg.vatNumber).execute()).toHaveLength(1);
    fails(await t.call('POST', '/api/pending-customer-registrations/00000000-0000-4000-8000-000000000000/validate', { as: ADMIN, body: {} }), 404, 'RegistrationNotFound');
  });

  test('a number a customer got meanwhile is refused at validation and nothing is created', async () => {
    const email = await newcomer();
    const reg = ok(await register(email, company())).result;
    const [firstCustomer] = await t.customerIds();
    await t.db.updateTable('customers').set({ vatNumber: reg.vatNumber } as never).where('id', '=', firstCustomer!).execute();
    try {
      fails(await t.call('POST', `/api/pending-customer-registrations/${reg.id}/validate`, { as: ADMIN, body: {} }), 409, 'VatNumberAlreadyExists');
      const row = await t.db.selectFrom('pendingCustomerRegistrations').selectAll().where('id', '=', reg.id).executeTakeFirstOrThrow();
      expect(row.approved).toBe(false);
      expect(await t.db.selectFrom('customerAccesses').select('id').where('userId', '=', await t.userId(email)).execute()).toEqual([]);
    } finally {
      await t.db.updateTable('customers').set({ vatNumber: TENANT_SEEDS[0]!.customers[0]!.vatNumber } as never).where('id', '=', firstCustomer!).execute();
    }
  });
});

describe('customer calls (GET /customers/all, /by-id/{id}, PUT /customers/update, admin query with the search filter, checkvatknown, getCustomerForActingSupplier)', () => {
  test('customer users read their own companies; a customer admin changes the details; others are refused', async () => {
    const [first, second] = await t.customerIds();
    const buyer = ok(await t.call('GET', '/api/customers/all', { as: 'buyer@demo.test', customerId: first })).result;
    expect(buyer.map((c: { id: string }) => c.id)).toEqual([first]);
    expect(ok(await t.call('GET', `/api/customers/by-id/${first}`, { as: 'buyer@demo.test', customerId: first })).result).toMatchObject({ id: first });
    fails(await t.call('GET', `/api/customers/by-id/${second}`, { as: 'buyer@demo.test', customerId: first }), 403, 'NoAccessToCustomer');
    expect(ok(await t.call('GET', '/api/customers/all', { as: ADMIN })).result.length).toBeGreaterThanOrEqual(2);
    fails(await t.call('PUT', '/api/customers/update', { as: 'buyer@demo.test', customerId: first, body: { dto: { generalEmail: 'x@y.example' } } }), 403, 'forbiddenAccess');
    const changed = ok(await t.call('PUT', '/api/customers/update', { as: 'manager@demo.test', customerId: first, body: { dto: { generalEmail: 'aankoop@janssens.example' } } })).result;
    expect(changed).toMatchObject({ id: first, generalEmail: 'aankoop@janssens.example' });
    fails(await t.call('PUT', '/api/customers/update', { as: 'manager@demo.test', customerId: first, body: { dto: { blocked: true } } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/customers/getCustomerAccessCount', { as: 'buyer@demo.test', customerId: first, body: { customerId: first } }), 403, 'NoAccessToCustomer');
    expect(ok(await t.call('POST', '/api/customers/getCustomerAccessCount', { as: ADMIN, body: { customerId: first } })).result).toBeGreaterThan(0);
  });

  test('the admin search filter of flows §3: address members, blocked, the registering user; update blocks', async () => {
    const [first] = await t.customerIds();
    const query = async (q: Record<string, unknown>) => ok(await t.call('POST', '/api/admin/customers/query', { as: ADMIN, body: { query: { take: 100, ...q } } })).result.items.map((c: { id: string }) => c.id);
    expect(await query({ street: 'kerkstraat', houseNumber: '1', city: TENANT_SEEDS[0]!.customers[0]!.city.toLowerCase() })).toEqual([first]);
    expect(await query({ vatNumber: TENANT_SEEDS[0]!.customers[0]!.vatNumber.slice(4, 9) })).toEqual([first]);
    expect(await query({ onlyBlocked: true })).not.toContain(first);
    const blocked = ok(await t.call('POST', '/api/admin/customers/update', { as: ADMIN, body: { dto: { id: first, blocked: true, features: ['budgets', 'invoices'] } } })).result;
    expect(blocked).toMatchObject({ blocked: true, features: ['budgets', 'invoices'] });
    expect(await query({ onlyBlocked: true })).toContain(first);
    await t.call('POST', '/api/admin/customers/update', { as: ADMIN, body: { dto: { id: first, blocked: false, features: TENANT_SEEDS[0]!.customers[0]!.features } } });
    const registered = await t.db.selectFrom('pendingCustomerRegistrations').select(['customerId', 'userEmail']).where('approved', '=', true).executeTakeFirstOrThrow();
    expect(await query({ userEmail: registered.userEmail!.slice(0, 14) })).toEqual([registered.customerId]);
    const known = ok(await t.call('POST', '/api/admin/customers/checkvatknown', { as: ADMIN, body: { vatNumber: TENANT_SEEDS[0]!.customers[0]!.vatNumber, email: 'someone@janssens.example' } })).result;
    expect(known).toMatchObject({ vatKnown: true, customerId: first, emailDomainKnown: true });
  });

  test("a supplier's user reads a customer their supplier serves only", async () => {
    const [first] = await t.customerIds();
    fails(await t.call('POST', '/api/customers/getCustomerForActingSupplier', { as: 'supplier@demo.test', body: { customerId: first } }), 403, 'NoAccessToCustomer');
    expect(ok(await t.call('POST', '/api/customers/getCustomerForActingSupplier', { as: ADMIN, body: { customerId: first } })).result).toMatchObject({ id: first, name: TENANT_SEEDS[0]!.customers[0]!.name });
  });
});
