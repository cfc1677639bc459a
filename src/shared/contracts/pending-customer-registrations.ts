import { z } from 'zod';
import { CONSTANTS } from '../../../model';
import { access } from '../../../model/dsl/access';
import { customerRegistrations } from '../../../model/resources/customer-registrations';
import { REGISTRATION_COUNTRIES } from '../company-numbers';
import { fieldSchema, type Mode } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf } from './shapes';
import { pendingCustomerRegistrationRecordSchema } from '../../../generated/schemas/pending-customer-registrations.gen';

/** flows §7 Customers and registration: the wizard's calls and the platform admin's registrations. */

const record = pendingCustomerRegistrationRecordSchema;
const f = customerRegistrations.fields;
/** A field of the registration in the body, checked as the model's kind checks it ('' clears it), typed as the work reads it */
const kind = <T = string | null | undefined>(name: keyof typeof f, op: Mode) => fieldSchema(f[name], op) as z.ZodType<T>;
/** The same for a field the body may leave out (update mode: always optional). */
const optionalKind = (name: keyof typeof f) => fieldSchema(f[name], 'update') as z.ZodType as z.ZodOptional<z.ZodType<string | null, string | null | ''>>;
const country = z.enum(REGISTRATION_COUNTRIES);
/** The number as typed (0412.345.614, BE 0412 345 614, NL123456782B01): its check is the server's own (InvalidCompanyNumber, InvalidVatNumber). */
const numberAsTyped = safeString(undefined, false).trim().min(1, { error: 'required' }).max(40, { error: 'maxLength' });

const data = {
  customerName: kind<string>('customerName', 'create'),
  vatNumber: numberAsTyped,
  countryCode: country.default('BE'),
  juridicalFrom: optionalKind('juridicalFrom'),
  employeeCount: optionalKind('employeeCount'),
  street: optionalKind('street'),
  houseNumber: optionalKind('houseNumber'),
  bus: optionalKind('bus'),
  zipCode: optionalKind('zipCode'),
  city: optionalKind('city'),
  userFirstname: optionalKind('userFirstname'),
  userLastname: optionalKind('userLastname'),
  userDisplayname: optionalKind('userDisplayname'),
};
const knownCompany = z.object({
  customerName: z.string(), street: z.string().nullable(), houseNumber: z.string().nullable(), bus: z.string().nullable(),
  zipCode: z.string().nullable(), city: z.string().nullable(), countryCode: country.nullable(),
});
const knowledge = z.object({
  vatKnown: z.boolean(), customerId: z.string().nullable(), customerName: z.string().nullable(),
  emailDomainKnown: z.boolean(), emailDomainCustomerName: z.string().nullable(),
}).meta({ description: 'What the platform knows now: a customer with the VAT number, one whose domain is the user e-mail\'s.' });
const blank = <S extends z.ZodType>(s: S) => z.union([z.literal('').transform(() => undefined), s]).optional();

const bodies = {
  register: z.object({ dto: z.object({ ...data, acceptTerms: z.boolean().nullish() }).strict() }),
  checkIfVatExists: z.object({ vatNumberQuery: numberAsTyped, countryCode: country.default('BE') }),
  update: z.object({ dto: z.object(data).strict() }),
};
const queries = {
  list: z.object({
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(CONSTANTS.pendingRegistrationsTake).default(CONSTANTS.pendingRegistrationsTake),
    status: blank(z.enum(['pending', 'approved', 'all'])),
    search: blank(safeString(undefined, false).trim().max(200)),
    countryCode: blank(country),
  }),
};
const answers = {
  registration: resultOf(record),
  mine: resultOf(record.nullable()),
  detail: resultOf(record.extend({ knowledge })),
  page: resultOf(z.object({ items: z.array(record), total: z.number(), skip: z.number(), take: z.number() })),
  vat: resultOf(z.object({ exists: z.boolean(), vatNumber: z.string(), known: knownCompany.nullable() })),
};
const idParams = z.object({ id: z.string().max(100) });

export const pendingCustomerRegistrationContracts = contractsOf(customerRegistrations, {
  register: {
    method: 'POST', path: '/customers/register', access: access.authenticated(),
    summary: "A signed-in user without a company registers one ({dto}: customerName, vatNumber, countryCode, juridicalFrom?, employeeCount, street, houseNumber, bus?, zipCode, city, userFirstname, userLastname, userDisplayname?, acceptTerms: true). The number is checked offline (a Belgian company number's format and mod-97 check digits: InvalidCompanyNumber; another country's VAT format: InvalidVatNumber), may not belong to a customer or a waiting registration (VatNumberAlreadyExists, 409), the terms must be accepted (TermsNotAccepted); the user is the caller, one waiting registration per user (RegistrationAlreadyPending, 409). {result: registration}.",
    body: bodies.register,
    response: answers.registration,
    errors: ['InvalidCompanyNumber', 'InvalidVatNumber', 'VatNumberAlreadyExists', 'TermsNotAccepted', 'RegistrationAlreadyPending'],
  },
  checkIfVatExists: {
    method: 'POST', path: '/customerregistration/checkIfVatExists', access: access.authenticated(),
    summary: "Whether a VAT or company number ({vatNumberQuery, countryCode?}) already belongs to a customer or a waiting registration of the tenant, and what the platform knows of the company (a supplier with that number: name and address) to fill the wizard: {result: {exists, vatNumber, known}}. A number of the wrong format or check digits is refused as register refuses it.",
    body: bodies.checkIfVatExists,
    response: answers.vat,
    errors: ['InvalidCompanyNumber', 'InvalidVatNumber'],
  },
  mine: {
    method: 'GET', path: '/customerregistration/mine', access: access.authenticated(),
    summary: "Beyond the spec's list: the caller's own registration that waits for validation, so the wizard shows it instead of asking again after a sign-out: {result: registration or null}.",
    response: answers.mine,
  },
  list: {
    method: 'GET', path: '/pending-customer-registrations', access: access.platformAdmin(),
    summary: 'Registrations, newest first (platform admins; take 2000 by default, skip), with the filters status (pending (default), approved, all), search (company name, VAT number, user e-mail or name), countryCode: {result: {items, total, skip, take}}.',
    query: queries.list,
    response: answers.page,
  },
  get: {
    method: 'GET', path: '/pending-customer-registrations/{id}', access: access.platformAdmin(),
    summary: 'One registration with what the platform knows of it now (a customer with its VAT number, one with the e-mail domain of its user): {result}.',
    params: idParams,
    response: answers.detail,
    errors: ['RegistrationNotFound'],
  },
  validate: {
    method: 'POST', path: '/pending-customer-registrations/{id}/validate', access: access.platformAdmin(),
    summary: "Validates a waiting registration in one transaction: creates the customer (name, VAT number, legal form, address, the user's e-mail as its general e-mail), its registering user (found by e-mail, or created) gets its first customer access as customer admin, the registration is marked approved, and a welcome mail goes to the user through the mail outbox. Refused once validated (RegistrationAlreadyValidated, 409) or when a customer got the number meanwhile (VatNumberAlreadyExists, 409). {result: registration}.",
    params: idParams,
    body: z.object({}).nullish(),
    response: answers.registration,
    errors: ['RegistrationNotFound', 'RegistrationAlreadyValidated', 'VatNumberAlreadyExists'],
  },
  update: {
    method: 'PUT', path: '/pending-customer-registrations/{id}/update', access: access.platformAdmin(),
    summary: 'Corrects a waiting registration before validating it ({dto}: the fields of register but acceptTerms), checked as register checks them; a validated one is RegistrationAlreadyValidated (409). {result: registration}.',
    params: idParams,
    body: bodies.update,
    response: answers.registration,
    errors: ['RegistrationNotFound', 'RegistrationAlreadyValidated', 'InvalidCompanyNumber', 'InvalidVatNumber', 'VatNumberAlreadyExists'],
  },
});
