import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { customerAddresses } from '../../../model/resources/address-book';
import { customerAddressCreateSchema, customerAddressRecordSchema, customerAddressUpdateSchema } from '../../../generated/schemas/customer-addresses.gen';
import { contractsOf } from './define';
import { resultOf } from './shapes';

/** The entry a {dto} names: an id that is no uuid names none (AddressNotFound). */
const idSchema = z.object({ id: z.uuid('AddressNotFound') });

/** The customer's address book (core §7 Address book, flows §5): its records as the model declares them (one-time entries included). */
export const customerAddressContracts = contractsOf(customerAddresses, {
  byCustomerId: {
    method: 'POST', read: true, path: '/customeraddressbook/bycustomerid', access: access.customer('addresses', 'R'),
    summary: "The acting customer's addresses ({query}), primary first; one-time addresses only with the feature.",
    body: z.object({ query: z.object({ customerId: z.string().nullable().optional() }).prefault({}) }).prefault({}),
    response: resultOf(z.array(customerAddressRecordSchema)),
    errors: ['noActiveCustomer'],
  },
  addNew: {
    method: 'POST', path: '/customeraddressbook/addNew', access: access.customer('addresses', 'C'),
    summary: 'Adds an address ({dto}); a duplicate of an existing one is refused (DuplicateAddress).',
    body: z.object({ dto: customerAddressCreateSchema }),
    response: resultOf(customerAddressRecordSchema),
    errors: ['noActiveCustomer', 'DuplicateAddress', 'OneTimeAddressesDisabled'],
  },
  update: {
    method: 'POST', path: '/customeraddressbook/update', access: access.customer('addresses', 'W'),
    summary: 'Changes an address ({dto}); refused once an order uses it (AddressUsedByOrder) or when it would duplicate another.',
    body: z.object({ dto: z.intersection(idSchema, customerAddressUpdateSchema) }),
    response: resultOf(customerAddressRecordSchema),
    errors: ['noActiveCustomer', 'AddressNotFound', 'AddressUsedByOrder', 'DuplicateAddress'],
  },
  remove: {
    method: 'POST', path: '/customeraddressbook/delete', access: access.customer('addresses', 'D'),
    summary: 'Removes an address ({dto:{id}}); the primary address cannot be removed (DeletePrimaryCustomerAddress).',
    body: z.object({ dto: idSchema }),
    response: resultOf(z.literal(true)),
    errors: ['noActiveCustomer', 'AddressNotFound', 'DeletePrimaryCustomerAddress'],
  },
});
