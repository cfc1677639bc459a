import { pendingCustomerRegistrationContracts } from '../../shared/contracts/pending-customer-registrations';
import {
  checkIfVatExists, listRegistrations, pendingRegistrationOf, registerCustomer, registrationDetail, updateRegistration, validateRegistration,
} from '../customers/registration';
import { authOf } from '../request-context';
import { implement } from './define';

/** flows §7 Customers and registration: the wizard's calls and the platform admin's registrations (src/server/customers/registration.ts does the work). */
export const customerRegistrationActions = implement(pendingCustomerRegistrationContracts, {
  register: async ({ db, owner, request, body }) => ({ result: await registerCustomer(db, owner.tenantId, authOf(request).user, body.dto) }),
  checkIfVatExists: async ({ db, owner, body }) => ({ result: await checkIfVatExists(db, owner.tenantId, body.vatNumberQuery, body.countryCode) }),
  mine: async ({ db, owner, request }) => ({ result: await pendingRegistrationOf(db, owner.tenantId, authOf(request).user.id) }),
  list: async ({ db, owner, query: { skip, take, status, search, countryCode } }) =>
    ({ result: await listRegistrations(db, owner.tenantId, { skip, take, status: status ?? 'pending', search, countryCode }) }),
  get: async ({ db, owner, params }) => ({ result: await registrationDetail(db, owner.tenantId, params.id) }),
  validate: async ({ db, owner, request, params }) => ({ result: await validateRegistration(db, owner.tenantId, authOf(request).user.id, params.id) }),
  update: async ({ db, owner, params, body }) => ({ result: await updateRegistration(db, owner.tenantId, params.id, body.dto) }),
});
