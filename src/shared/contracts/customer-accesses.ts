import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { customerAccesses } from '../../../model/resources/platform';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { departmentIdList, uuidText, landingPageChoice, languageCodeChoice, nameText, resultOf, roleNames, userPage, userSearchBody } from './shapes';

/**
 * The calls of users' accesses to customers: the assigned tasks, the customer admin's user calls
 * (flows §7 Users) and the platform admin's access calls (/ycAdmin/user-details/{id}).
 */

/** One task: an order waiting for the caller's step (dates as ISO strings, money as a decimal string). */
export const taskSchema = z.object({
  id: z.string(), type: z.literal('order'), action: z.string(), orderId: z.string(), orderNumber: z.string().nullable(),
  orderDate: z.string().nullable(), status: z.string(), orderedBy: z.string().nullable(), totalCost: z.string().nullable(),
});

/** A user of the acting customer as its admin sees them (flows §4 User). */
const customerUser = z.object({
  id: uuidText, email: z.string(), firstname: z.string().nullable(), lastname: z.string().nullable(), displayname: z.string().nullable(),
  landingPage: z.string().nullable(), languageCode: z.string().nullable(), phoneNumber: z.string().nullable(),
  userType: z.number().int(), active: z.boolean(), customerAccessId: uuidText, customerId: uuidText,
  roles: z.array(z.string()), departmentIds: z.array(z.string()), accessActive: z.boolean(),
});

const accessSchema = z.object({ id: uuidText, userId: uuidText, customerId: uuidText, roles: z.array(z.string()), departmentIds: z.array(z.string()), active: z.boolean() });
const sent = resultOf(z.literal(true));

export const customerAccessContracts = contractsOf(customerAccesses, {
  tasks: {
    method: 'GET', path: '/customer-access/tasks', access: access.customer(),
    summary: "The user's assigned tasks for the acting customer (customerId): orders waiting for a workflow step their roles may take, oldest first.",
    response: resultOf(z.array(taskSchema)),
  },
  customerUsers: {
    method: 'POST', read: true, path: '/customer-user-management/query', access: access.customer('users', 'R'),
    summary: "The acting customer's users (flows §7 Users) by display name, searched on e-mail and display name, each with their customer access, roles and departments there: {result:{items, total, skip, take}}.",
    body: userSearchBody(),
    response: userPage({ customerAccessId: z.string().meta({ format: 'uuid' }), roles: z.array(z.string()), departmentIds: z.array(z.string()) }),
  },
  customerUserById: {
    method: 'POST', read: true, path: '/customer-user-management/byid', access: access.customer('users', 'R'),
    summary: "A user of the acting customer ({query:{id, customerId}}) with their roles, departments and activation there; needs an active customer ('There is no active customer').",
    body: z.object({ query: z.object({ id: uuidText, customerId: uuidText.nullable().optional() }) }),
    response: resultOf(customerUser),
    errors: ['UserNotFound', 'NoAccessToCustomer'],
  },
  customerUserUpdate: {
    method: 'POST', path: '/customer-user-management/update', access: access.customer('users', 'W'),
    summary: "Changes a user of the acting customer ({dto: {userId, roleIds, departmentIds?, firstname?, lastname?, displayname?, landingPage?, languageCode?, active?, customerId?}}, the invite's field names): roles (at least one: 'An user requires at least one role.', UserRoleRequired), departments (one validator per department: DuplicateRoleDepartment) and activation. Unknown keys are refused (validationFailed).",
    /**
     * flows §3 User update: the invite's field names (roleIds, departmentIds; customerId may name the
     * acting customer) plus userId and active; roleIds needs at least one role (flows §5). A key the call
     * does not know is refused, not dropped.
     */
    body: z.object({
      dto: z.object({
        userId: uuidText,
        customerId: uuidText.nullable().optional(),
        firstname: nameText(100).nullable().optional(), lastname: nameText(100).nullable().optional(), displayname: nameText(200).nullable().optional(),
        landingPage: landingPageChoice.optional(), languageCode: languageCodeChoice.optional(),
        roleIds: roleNames, departmentIds: departmentIdList.optional(),
        /** The access's activation at this customer (the user's own activation is the platform's). */
        active: z.boolean().optional(),
      }).strict(),
    }).strict(),
    response: resultOf(customerUser),
    errors: ['UserNotFound', 'NoAccessToCustomer', 'UserRoleRequired', 'DepartmentNotFound', 'DuplicateRoleDepartment'],
  },
  inviteUser: {
    method: 'POST', path: '/customers/inviteUser', access: access.customer('users', 'C'),
    summary: 'Invites a colleague (flows §4: customerId, displayname, firstname, lastname, email, roleIds, departmentIds, landingPage): creates the user and access and mails a link to set a password; a known e-mail is refused (duplicate_email).',
    body: z.object({
      customerId: uuidText.nullable().optional(),
      displayname: nameText(200).nullable().optional(), firstname: nameText(100).nullable().optional(), lastname: nameText(100).nullable().optional(),
      email: z.email('email').trim().max(320),
      roleIds: roleNames, departmentIds: departmentIdList.default([]), landingPage: landingPageChoice.default('dashboard'),
      languageCode: languageCodeChoice.optional(),
    }),
    response: resultOf(customerUser),
    errors: ['duplicate_email', 'NoAccessToCustomer', 'UserRoleRequired', 'DepartmentNotFound', 'DuplicateRoleDepartment'],
  },
  resendInvite: {
    method: 'POST', path: '/customer-user-management/resendInvite', access: access.customer('users', 'W'),
    summary: 'Not in the spec: mails a user of the acting customer a new link to set their password (the earlier links stop working), for an invitation that expired.',
    body: z.object({ id: uuidText }),
    response: sent,
    errors: ['UserNotFound'],
  },
  adminCreate: {
    method: 'POST', path: '/admin/customer-accesses/create', access: access.platformAdmin('users', 'C'),
    summary: 'Gives a user access to a customer (platform admins): roles (at least one), departments; a second access to the same customer is refused.',
    body: z.object({ userId: uuidText, customerId: uuidText, roles: roleNames, departmentIds: departmentIdList.default([]), active: z.boolean().default(true) }),
    response: resultOf(accessSchema),
    errors: ['UserNotFound', 'CustomerNotFound', 'CustomerAccessExists', 'UnauthorizedRole', 'UserRoleRequired', 'DepartmentNotFound', 'DuplicateRoleDepartment'],
  },
  adminUpdate: {
    method: 'POST', path: '/admin/customer-accesses/update', access: access.platformAdmin('users', 'W'),
    summary: "Changes a customer access (platform admins): roles (at least one), departments, activation. The spec's extra header is not named; X-Customer-Id is not needed here.",
    body: z.object({ id: uuidText, roles: roleNames, departmentIds: departmentIdList.optional(), active: z.boolean().optional() }),
    response: resultOf(accessSchema),
    errors: ['NoAccessToCustomer', 'UserRoleRequired', 'DepartmentNotFound', 'DuplicateRoleDepartment'],
  },
  adminCustomers: {
    method: 'GET', path: '/admin/customer-accesses/customers', access: access.platformAdmin('users', 'C'),
    summary: "Not in the spec: the tenant's customers by name (?search, at most 20), to choose the customer of a new access on /ycAdmin/user-details/{id}.",
    query: z.object({ search: safeString(undefined, false).trim().max(200).optional() }),
    response: resultOf(z.array(z.object({ id: uuidText, name: z.string() }))),
  },
  adminDelete: {
    method: 'POST', path: '/admin/customer-accesses/delete', access: access.platformAdmin('users', 'D'),
    summary: 'Removes a customer access (platform admins); the departments it validated lose their validator.',
    body: z.object({ id: uuidText }),
    response: sent,
    errors: ['NoAccessToCustomer'],
  },
});
