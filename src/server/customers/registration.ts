import { sql, type Kysely, type Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import { permissionsForRoles } from '../../shared/access';
import { checkVatNumber, compactNumber, normalizeVatNumber, REGISTRATION_COUNTRIES, type RegistrationCountry } from '../../shared/company-numbers';
import { ApiError } from '../errors';
import { queueMail } from '../mail/queue-mail';
import { toColumns, toRecord } from '../db/records';
import type { UserRow } from '../types';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Self-registration (flows §1, §5 Registration, §7 Customers and registration): a signed-in user
 * without a company registers one; a platform admin validates it, which makes the customer, gives
 * the user its first access as customer admin and mails them a welcome.
 */

const registrations = resourceByName('pending-customer-registrations');
const customers = resourceByName('customers');

/** The company and user data of a registration, as register and update take them (checked by the route's schema). */
export interface RegistrationInput {
  customerName: string;
  vatNumber: string;
  countryCode: RegistrationCountry;
  juridicalFrom?: string | null;
  employeeCount?: string | null;
  street?: string | null;
  houseNumber?: string | null;
  bus?: string | null;
  zipCode?: string | null;
  city?: string | null;
  userFirstname?: string | null;
  userLastname?: string | null;
  userDisplayname?: string | null;
}

export type RegistrationRecord = Record<string, unknown> & { id: string };
const asRecord = (row: unknown) => toRecord(registrations, row as Record<string, unknown>) as RegistrationRecord;

/**
 * The VAT number as stored, or the error of flows §5: a Belgian number whose format or mod-97 check
 * digits are wrong is InvalidCompanyNumber, another country's number of the wrong format InvalidVatNumber.
 */
export function checkedVatNumber(input: string, country: RegistrationCountry): string {
  const path = 'vatNumber';
  const check = checkVatNumber(input, country);
  if (check !== 'ok') throw new ApiError(country === 'BE' ? 'InvalidCompanyNumber' : 'InvalidVatNumber', [{ path, rule: check }]);
  return normalizeVatNumber(input, country)!;
}

/** Whether a customer of the tenant, or a registration that waits (other than `except`), has this VAT number. */
export async function vatNumberTaken(db: Kysely<DB>, tenantId: string, vatNumber: string, except?: string): Promise<boolean> {
  const customer = await db.selectFrom('customers').select('id').where('tenantId', '=', tenantId)
    .where(sql<string>`upper(replace(replace(vat_number, ' ', ''), '.', ''))`, '=', vatNumber).executeTakeFirst();
  if (customer) return true;
  let pending = db.selectFrom('pendingCustomerRegistrations').select('id').where('tenantId', '=', tenantId)
    .where('vatNumber', '=', vatNumber).where('approved', '=', false);
  if (except) pending = pending.where('id', '<>', except);
  return !!(await pending.executeTakeFirst());
}

/** What the platform already knows of a company with this VAT number: a supplier of the tenant with it (its name and address). */
export async function knownCompany(db: Kysely<DB>, tenantId: string, vatNumber: string) {
  const supplier = await db.selectFrom('suppliers').select(['name', 'address']).where('tenantId', '=', tenantId)
    .where(sql<string>`upper(replace(replace(vat_number, ' ', ''), '.', ''))`, '=', vatNumber).orderBy('createdAt').executeTakeFirst();
  if (!supplier) return null;
  const a = (typeof supplier.address === 'string' ? JSON.parse(supplier.address) : supplier.address ?? {}) as Record<string, string | null | undefined>;
  const countryCode = REGISTRATION_COUNTRIES.includes(a.countryCode as RegistrationCountry) ? a.countryCode as RegistrationCountry : null;
  return {
    customerName: String(supplier.name), street: a.street ?? null, houseNumber: a.houseNumber ?? null, bus: a.bus ?? null,
    zipCode: a.zipCode ?? null, city: a.city ?? null, countryCode,
  };
}

/** POST /customerregistration/checkIfVatExists: the number checked, whether it is taken, and what is known of the company. */
export async function checkIfVatExists(db: Kysely<DB>, tenantId: string, query: string, country: RegistrationCountry) {
  const vatNumber = checkedVatNumber(query, country);
  return { exists: await vatNumberTaken(db, tenantId, vatNumber), vatNumber, known: await knownCompany(db, tenantId, vatNumber) };
}

const emailDomain = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';

/** What the platform knows of a registration's number and e-mail: a customer with the VAT number, one whose domain is the e-mail's. */
export async function platformKnowledge(db: Kysely<DB>, tenantId: string, vatNumber: string, email: string | null) {
  const byVat = await db.selectFrom('customers').select(['id', 'name']).where('tenantId', '=', tenantId)
    .where(sql<string>`upper(replace(replace(vat_number, ' ', ''), '.', ''))`, '=', compactNumber(vatNumber)).executeTakeFirst();
  const domain = email ? emailDomain(email) : '';
  const byDomain = domain
    ? await db.selectFrom('customers').select(['id', 'name']).where('tenantId', '=', tenantId).where(sql<string>`lower(domain)`, '=', domain).executeTakeFirst()
    : undefined;
  return {
    vatKnown: !!byVat, customerId: byVat ? String(byVat.id) : null, customerName: byVat ? String(byVat.name) : null,
    emailDomainKnown: !!byDomain, emailDomainCustomerName: byDomain ? String(byDomain.name) : null,
  };
}

/** The columns of a registration's company and user data (the VAT number already checked). */
function dataColumns(input: RegistrationInput, vatNumber: string) {
  const values: Record<string, unknown> = {
    customerName: input.customerName, vatNumber, countryCode: input.countryCode, juridicalFrom: input.juridicalFrom ?? null,
    employeeCount: input.employeeCount ?? null, street: input.street ?? null, houseNumber: input.houseNumber ?? null, bus: input.bus ?? null,
    zipCode: input.zipCode ?? null, city: input.city ?? null, userFirstname: input.userFirstname ?? null, userLastname: input.userLastname ?? null,
    userDisplayname: input.userDisplayname || [input.userFirstname, input.userLastname].filter(Boolean).join(' ') || null,
  };
  return toColumns(registrations, values);
}

/** The caller's own registration that waits, if any. */
export async function pendingRegistrationOf(db: Kysely<DB>, tenantId: string, userId: string): Promise<RegistrationRecord | null> {
  const row = await db.selectFrom('pendingCustomerRegistrations').selectAll().where('tenantId', '=', tenantId)
    .where('userId', '=', userId).where('approved', '=', false).orderBy('createdAt', 'desc').executeTakeFirst();
  return row ? asRecord(row) : null;
}

/**
 * POST /customers/register: the caller registers their company. The number is checked offline,
 * may not be taken, the terms must be accepted; one waiting registration per user.
 */
export async function registerCustomer(db: Kysely<DB>, tenantId: string, user: UserRow, input: RegistrationInput & { acceptTerms?: boolean | null }): Promise<RegistrationRecord> {
  const vatNumber = checkedVatNumber(input.vatNumber, input.countryCode);
  if (input.acceptTerms !== true) throw new ApiError('TermsNotAccepted', [{ path: 'acceptTerms', rule: 'required' }]);
  return db.transaction().execute(async (trx) => {
    // One registration at a time per tenant: two users racing for the same number cannot both pass the check.
    await sql`select pg_advisory_xact_lock(hashtext(${`registration:${tenantId}`}))`.execute(trx);
    if (await pendingRegistrationOf(trx, tenantId, user.id)) throw new ApiError('RegistrationAlreadyPending');
    if (await vatNumberTaken(trx, tenantId, vatNumber)) throw new ApiError('VatNumberAlreadyExists', [{ path: 'vatNumber', rule: 'VatNumberAlreadyExists' }]);
    const known = await platformKnowledge(trx, tenantId, vatNumber, user.email);
    const row = await trx.insertInto('pendingCustomerRegistrations').values({
      ...dataColumns(input, vatNumber), tenantId, userId: user.id, userEmail: user.email, approved: false,
      vatKnown: known.vatKnown, emailDomainKnown: known.emailDomainKnown, termsAcceptedAt: new Date(),
    } as never).returningAll().executeTakeFirstOrThrow();
    return asRecord(row);
  });
}

async function registrationRow(db: Kysely<DB>, tenantId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('RegistrationNotFound');
  const row = await db.selectFrom('pendingCustomerRegistrations').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('RegistrationNotFound');
  return row;
}

/** GET /pending-customer-registrations/{id}: the registration and what the platform knows of it now. */
export async function registrationDetail(db: Kysely<DB>, tenantId: string, id: string) {
  const row = await registrationRow(db, tenantId, id);
  const knowledge = await platformKnowledge(db, tenantId, String(row.vatNumber), row.userEmail as string | null);
  return { ...asRecord(row), knowledge };
}

export interface RegistrationFilters { skip: number; take: number; status: 'pending' | 'approved' | 'all'; search?: string; countryCode?: RegistrationCountry }

/** GET /pending-customer-registrations: newest first, with the filters. */
export async function listRegistrations(db: Kysely<DB>, tenantId: string, f: RegistrationFilters) {
  let q = db.selectFrom('pendingCustomerRegistrations').where('tenantId', '=', tenantId);
  if (f.status !== 'all') q = q.where('approved', '=', f.status === 'approved');
  if (f.countryCode) q = q.where('countryCode', '=', f.countryCode);
  if (f.search) {
    const pattern = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or(['customerName', 'vatNumber', 'userEmail', 'userDisplayname'].map((c) => eb(eb.fn('lower', [sql.ref(c)]), 'like', pattern))));
  }
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('createdAt', 'desc').orderBy('id').offset(f.skip).limit(f.take).execute(),
  ]);
  return { items: rows.map(asRecord), total: Number(total), skip: f.skip, take: f.take };
}

/** PUT /pending-customer-registrations/{id}/update: a platform admin corrects a waiting registration. */
export async function updateRegistration(db: Kysely<DB>, tenantId: string, id: string, input: RegistrationInput): Promise<RegistrationRecord> {
  const vatNumber = checkedVatNumber(input.vatNumber, input.countryCode);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`registration:${tenantId}`}))`.execute(trx);
    const row = await registrationRow(trx, tenantId, id);
    if (row.approved) throw new ApiError('RegistrationAlreadyValidated');
    if (await vatNumberTaken(trx, tenantId, vatNumber, id)) throw new ApiError('VatNumberAlreadyExists', [{ path: 'vatNumber', rule: 'VatNumberAlreadyExists' }]);
    const known = await platformKnowledge(trx, tenantId, vatNumber, row.userEmail as string | null);
    const updated = await trx.updateTable('pendingCustomerRegistrations')
      .set({ ...dataColumns(input, vatNumber), vatKnown: known.vatKnown, emailDomainKnown: known.emailDomainKnown, updatedAt: new Date() } as never)
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return asRecord(updated);
  });
}

/** The registering user: found by e-mail in the tenant, or created as a customer user without a password yet. */
async function registeringUser(trx: Transaction<DB>, tenantId: string, row: Record<string, unknown>): Promise<string> {
  const email = String(row.userEmail).toLowerCase();
  const found = await trx.selectFrom('users').select('id').where('tenantId', '=', tenantId).where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
  if (found) return String(found.id);
  const created = await trx.insertInto('users').values({
    tenantId, email, firstname: row.userFirstname ?? null, lastname: row.userLastname ?? null, displayname: row.userDisplayname ?? email,
    userType: 3, active: true, landingPage: 'dashboard', languageCode: 'NL',
  } as never).returning('id').executeTakeFirstOrThrow();
  return String(created.id);
}

/**
 * POST /pending-customer-registrations/{id}/validate: in one transaction the customer is made, the
 * registering user gets its first access there as customer admin, the registration is approved and
 * the welcome mail is queued (sent once the transaction commits).
 */
export async function validateRegistration(db: Kysely<DB>, tenantId: string, validatedById: string, id: string): Promise<RegistrationRecord> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`registration:${tenantId}`}))`.execute(trx);
    const row = await registrationRow(trx, tenantId, id);
    if (row.approved) throw new ApiError('RegistrationAlreadyValidated');
    const vatNumber = String(row.vatNumber);
    const customerTaken = await trx.selectFrom('customers').select('id').where('tenantId', '=', tenantId)
      .where(sql<string>`upper(replace(replace(vat_number, ' ', ''), '.', ''))`, '=', vatNumber).executeTakeFirst();
    if (customerTaken) throw new ApiError('VatNumberAlreadyExists', [{ path: 'vatNumber', rule: 'VatNumberAlreadyExists' }]);
    const email = String(row.userEmail);
    const customer = await trx.insertInto('customers').values({
      ...toColumns(customers, {
        name: row.customerName, vatNumber, juridicalFrom: row.juridicalFrom ?? null, generalEmail: email, domain: emailDomain(email) || null,
        address: { street: row.street ?? null, houseNumber: row.houseNumber ?? null, bus: row.bus ?? null, zipCode: row.zipCode ?? null, city: row.city ?? null, countryCode: row.countryCode ?? 'BE' },
        features: [], blocked: false,
      }),
      tenantId,
    } as never).returning('id').executeTakeFirstOrThrow();
    const customerId = String(customer.id);
    const userId = await registeringUser(trx, tenantId, row);
    const roles = ['admin'];
    await trx.insertInto('customerAccesses').values({
      tenantId, userId, customerId, active: true, roles: JSON.stringify(roles), permissions: JSON.stringify(permissionsForRoles(roles)), departmentIds: JSON.stringify([]),
    } as never).execute();
    const updated = await trx.updateTable('pendingCustomerRegistrations')
      .set({ approved: true, customerId, userId, validatedAt: new Date(), validatedById, updatedAt: new Date() } as never)
      .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    await queueMail(trx, { tenantId, recipients: [userId], mail: { kind: 'customerWelcome', customerId } });
    return asRecord(updated);
  });
}
