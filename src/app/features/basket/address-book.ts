import { useMemo } from 'react';
import { customerAddressesByCustomerId } from '../../../../generated/app/calls/customer-addresses.gen';
import { useCallQuery } from '../../data/calls';
import { useSession } from '../../bootstrap/context';
import type { Address } from '../../common/types';


/**
 * The acting customer's address book without its one-time addresses (POST
 * /customeraddressbook/bycustomerid), read once for the basket page and the order form; undefined
 * while it loads. Adding an address (useCustomerAddressesAddNew) reads it again.
 */
export function useAddressBook(): Address[] | undefined {
  const customerId = useSession().activeCustomerId;
  // A read made with POST (the spec's query style): a query, not a mutation.
  const { data } = useCallQuery(customerAddressesByCustomerId, { body: { query: { customerId } } });
  return useMemo(() => data?.result.filter((a) => !a.oneTime), [data]);
}
