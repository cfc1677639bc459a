import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { customers } from '../../../model/resources/platform';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf, uuidText } from './shapes';
import { customerRecordSchema } from '../../../generated/schemas/customers.gen';

/**
 * flows §7 Customers and registration: the customer calls beside the admin query, id and update (the
 * model's generic routes).
 */

const record = customerRecordSchema;
const f = customers.fields;
/** A field of the customer in a body, checked as the model's kind checks it, typed as the handler reads it. */
const kind = <T>(name: keyof typeof f) => fieldSchema(f[name]!, 'update') as z.ZodType<T>;

const summary = z.object({ id: z.string(), name: z.string(), vatNumber: z.string().nullable(), blocked: z.boolean() });
const forSupplier = z.object({
  id: z.string(), name: z.string(), vatNumber: z.string().nullable(), generalEmail: z.string().nullable(),
  address: record.shape.address,
});
const customerId = z.object({ customerId: uuidText });

export const customerContracts = contractsOf(customers, {
  all: {
    method: 'GET', path: '/customers/all', access: access.authenticated(),
    summary: "The customers the caller may act for, by name: every customer of the tenant for platform users, those of their active accesses for customer users: {result: [{id, name, vatNumber, blocked}]}.",
    response: resultOf(z.array(summary)),
  },
  byId: {
    method: 'GET', path: '/customers/by-id/{id}', access: access.authenticated(),
    summary: 'One customer (platform users; customer users with an active access to it): {result: customer}; another is NoAccessToCustomer.',
    params: z.object({ id: z.string().max(100) }),
    response: resultOf(record),
    errors: ['CustomerNotFound', 'NoAccessToCustomer'],
  },
  update: {
    method: 'PUT', path: '/customers/update', access: access.customer('users', 'W'),
    summary: "A customer admin changes their company's details ({dto}: name, generalEmail, address, juridicalFrom); its VAT number, features and blocking stay with the platform (POST /admin/customers/update). {result: customer}.",
    body: z.object({
      dto: z.object({ name: kind('name'), generalEmail: kind('generalEmail'), address: kind('address'), juridicalFrom: kind('juridicalFrom') }).strict(),
    }),
    response: resultOf(record),
    errors: ['CustomerNotFound'],
  },
  getCustomerAccessCount: {
    method: 'POST', read: true, path: '/customers/getCustomerAccessCount', access: access.authenticated(),
    summary: "How many users have an active access to a customer ({customerId}; platform users, or the customer's admins): {result: count}.",
    body: customerId,
    response: resultOf(z.number().int()),
    errors: ['CustomerNotFound', 'NoAccessToCustomer'],
  },
  getCustomerForActingSupplier: {
    method: 'POST', read: true, path: '/customers/getCustomerForActingSupplier', access: access.authenticated(),
    summary: "A customer as a supplier's user sees it ({customerId}: name, VAT number, address, general e-mail), for a customer with a supplier order of one of their suppliers (platform users: any): {result}; otherwise NoAccessToCustomer.",
    body: customerId,
    response: resultOf(forSupplier),
    errors: ['CustomerNotFound', 'NoAccessToCustomer'],
  },
  checkVatKnown: {
    method: 'POST', path: '/admin/customers/checkvatknown', access: access.platformAdmin(),
    summary: "Whether a VAT number ({vatNumber, email?}) belongs to a customer of the tenant (vatKnown, with its id and name) and whether the e-mail's domain is a customer's domain (emailDomainKnown): {result}.",
    body: z.object({
      vatNumber: safeString(undefined, false).trim().min(1, { error: 'required' }).max(40),
      email: kind<string | null | undefined>('generalEmail'),
    }),
    response: resultOf(z.object({
      vatKnown: z.boolean(), customerId: z.string().nullable(), customerName: z.string().nullable(),
      emailDomainKnown: z.boolean(), emailDomainCustomerName: z.string().nullable(),
    })),
  },
});
