import { z } from 'zod';
import { resourceByName } from '../../../model';
import { REGISTRATION_COUNTRIES } from '../../shared/company-numbers';
import { fieldSchema } from '../../shared/field-schemas';
import { schemasFor } from '../../shared/schema-builder';
import { safeString } from '../../shared/safe-text';
import { CONSTANTS } from '../../../model';
import {
  checkIfVatExists, listRegistrations, pendingRegistrationOf, registerCustomer, registrationDetail, updateRegistration, validateRegistration,
  type RegistrationInput,
} from '../customers/registration';
import { authOf } from '../request-context';
import { resultOf } from '../../shared/contracts/shapes';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** flows §7 Customers and registration: the wizard's calls and the platform admin's registrations (src/server/customers/registration.ts does the work). */

const registrations = resourceByName('pending-customer-registrations');
const record = schemasFor(registrations).record;
const f = registrations.fields;
const kind = (name: string, op: 'create' | 'update') => fieldSchema(f[name]!, op);
const country = z.enum(REGISTRATION_COUNTRIES);
/** The number as typed (0412.345.614, BE 0412 345 614, NL123456782B01): its check is the server's own (InvalidCompanyNumber, InvalidVatNumber). */
const numberAsTyped = safeString(undefined, false).trim().min(1, { error: 'required' }).max(40, { error: 'maxLength' });

const data = {
  customerName: kind('customerName', 'create'),
  vatNumber: numberAsTyped,
  countryCode: country.default('BE'),
  juridicalFrom: kind('juridicalFrom', 'update'),
  employeeCount: kind('employeeCount', 'update'),
  street: kind('street', 'update'),
  houseNumber: kind('houseNumber', 'update'),
  bus: kind('bus', 'update'),
  zipCode: kind('zipCode', 'update'),
  city: kind('city', 'update'),
  userFirstname: kind('userFirstname', 'update'),
  userLastname: kind('userLastname', 'update'),
  userDisplayname: kind('userDisplayname', 'update'),
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
const idParams = z.object({ id: z.string().max(100) });
const answers = {
  registration: resultOf(record),
  mine: resultOf(record.nullable()),
  detail: resultOf(record.extend({ knowledge })),
  page: resultOf(z.object({ items: z.array(record), total: z.number(), skip: z.number(), take: z.number() })),
  vat: resultOf(z.object({ exists: z.boolean(), vatNumber: z.string(), known: knownCompany.nullable() })),
};
type Answer<S extends z.ZodType> = Promise<z.input<S>>;
type Rec = z.input<typeof record>;

export const customerRegistrationSchemas: Record<string, ActionSchemas> = {
  register: { body: bodies.register, response: answers.registration },
  checkIfVatExists: { body: bodies.checkIfVatExists, response: answers.vat },
  mine: { response: answers.mine },
  list: { querystring: queries.list, response: answers.page },
  get: { params: idParams, response: answers.detail },
  validate: { params: idParams, body: z.object({}).nullish(), response: answers.registration },
  update: { params: idParams, body: bodies.update, response: answers.registration },
};

const tenantOf = (ctx: ActionContext) => ctx.owner.tenantId;

const register = async (ctx: ActionContext<z.output<typeof bodies.register>>): Answer<typeof answers.registration> =>
  ({ result: await registerCustomer(ctx.db, tenantOf(ctx), authOf(ctx.request).user, ctx.body.dto as RegistrationInput & { acceptTerms?: boolean | null }) as Rec });

const vatExists = async (ctx: ActionContext<z.output<typeof bodies.checkIfVatExists>>): Answer<typeof answers.vat> =>
  ({ result: await checkIfVatExists(ctx.db, tenantOf(ctx), ctx.body.vatNumberQuery, ctx.body.countryCode) });

const mine = async (ctx: ActionContext): Answer<typeof answers.mine> =>
  ({ result: await pendingRegistrationOf(ctx.db, tenantOf(ctx), authOf(ctx.request).user.id) as Rec | null });

const list = async (ctx: ActionContext<unknown, z.output<typeof queries.list>>): Answer<typeof answers.page> => {
  const { skip, take, status, search, countryCode } = ctx.query;
  return { result: await listRegistrations(ctx.db, tenantOf(ctx), { skip, take, status: status ?? 'pending', search, countryCode }) as z.input<typeof answers.page>['result'] };
};

const get = async (ctx: ActionContext): Answer<typeof answers.detail> =>
  ({ result: await registrationDetail(ctx.db, tenantOf(ctx), ctx.params.id!) as z.input<typeof answers.detail>['result'] });

const validate = async (ctx: ActionContext): Answer<typeof answers.registration> =>
  ({ result: await validateRegistration(ctx.db, tenantOf(ctx), authOf(ctx.request).user.id, ctx.params.id!) as Rec });

const update = async (ctx: ActionContext<z.output<typeof bodies.update>>): Answer<typeof answers.registration> =>
  ({ result: await updateRegistration(ctx.db, tenantOf(ctx), ctx.params.id!, ctx.body.dto as RegistrationInput) as Rec });

export const customerRegistrationActions = actionsOf({ register, checkIfVatExists: vatExists, mine, list, get, validate, update });
