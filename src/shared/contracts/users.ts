import { z } from 'zod';
import { PERMISSION_AREAS } from '../../../model/catalogue/permissions';
import { access } from '../../../model/dsl/access';
import { field, t } from '../../../model/dsl';
import { USER_KINDS, users } from '../../../model/resources/platform';
import { listFiltersSchema } from '../user-settings-schema';
import { contractsOf } from './define';
import { departmentIdList, uuidText, landingPageChoice, languageCodeChoice, nameText, resultOf, roleNames, userPage, userSearchBody } from './shapes';

/**
 * The platform's user calls (core §4 Impersonation; flows §7 Users and Customers: /ycAdmin/users,
 * /ycAdmin/administrators, /ycAdmin/user-details/{id}).
 */

/** GET /users/me (and the user an impersonation starts). */
export const userDtoSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  displayname: z.string().nullable(),
  /** 1 super admin, 2 platform admin, 3 customer user (0: none of these), as src/shared/session-types.ts UserType. */
  userType: z.literal([0, 1, 2, 3]),
  customerAccess: z.array(z.object({
    id: z.string(), userId: z.string(), customerId: z.string(), active: z.boolean(), roles: z.array(z.string()),
    customer: z.object({ id: z.string(), name: z.string(), vatNumber: z.string().nullable(), domain: z.string().nullable() }),
  })),
  landingPage: landingPageChoice,
  languageCode: languageCodeChoice,
  phoneNumber: z.string().nullable(),
  listFilters: listFiltersSchema,
  /** The suppliers the user works for (a supplier user follows up their supplier orders); empty for others. */
  supplierIds: z.array(z.string()),
});

/** What loginbyuserid answers: the user as the identity provider knows them, and in the shape of GET /users/me (the app switches to it). */
const impersonationAnswer = z.object({
  userToImpersonateAuth0: z.object({
    /** The shop's user id: what X-Impersonate-User carries from now on. */
    userId: z.string(),
    email: z.string(),
    displayname: z.string().nullable(),
    /** The embedded provider's account id; null for a tenant with its own provider. */
    accountId: z.string().nullable(),
  }),
  userToImpersonate: userDtoSchema,
});

const permission = z.string().regex(new RegExp(`^(${PERMISSION_AREAS.join('|')}):[RWCDX]{1,5}$`), 'invalid');
/** 1 super admin, 2 platform admin, 3 customer user. */
const userType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** The user as GET /users/me shows them, with whether they may sign in. */
const userAnswer = resultOf(userDtoSchema.extend({ active: z.boolean() }));

export const userContracts = contractsOf(users, {
  loginByUserId: {
    method: 'POST', path: '/usermanagement/loginbyuserid', access: access.superAdmin(),
    summary: 'Starts impersonating a user (super admins only; core §4 Impersonation): {userToImpersonateAuth0, userToImpersonate}.',
    body: z.object({ userId: z.uuid({ error: 'invalid' }) }),
    response: impersonationAnswer,
    errors: ['UserNotFound', 'UserNotInIdentityProvider', 'NoActiveCustomerAccess', 'UserHasNoPermissions'],
  },
  query: {
    method: 'POST', read: true, path: '/usermanagement/query', access: access.platformAdmin('users', 'R'),
    summary: "The tenant's users by display name, searched on e-mail and display name (platform admins), optionally only administrators or only the others: {result:{items, total, skip, take}}; each item says its kind (USER_KINDS: superAdmin, platformAdmin, customerUser, supplierUser, unregistered).",
    // administrators: only platform admins and super admins (/ycAdmin/administrators); false: only the others.
    body: userSearchBody<{ administrators?: boolean | null }>({ administrators: field.boolean(t('Beheerders', 'Administrators', 'Administrateurs')) }),
    response: userPage({ userType: z.number(), kind: z.enum(Object.keys(USER_KINDS) as [keyof typeof USER_KINDS, ...(keyof typeof USER_KINDS)[]]) }),
  },
  byId: {
    method: 'GET', path: '/usermanagement/byid', access: access.platformAdmin('users', 'R'),
    summary: 'One user of the tenant (?userid) with their customer accesses (platform admins).',
    query: z.object({ userid: uuidText }),
    response: userAnswer,
    errors: ['UserNotFound'],
  },
  createAndSendPasswordMail: {
    method: 'POST', path: '/usermanagement/createAndSentPasswordMail', access: access.platformAdmin('users', 'C'),
    summary: 'Creates a user (platform users and administrators) and mails them a link to set their password; a known e-mail is refused (duplicate_email). Administrators (userType 1 or 2) only by super admins.',
    body: z.object({
      email: z.email('email').trim().max(320),
      firstname: nameText(100).nullable().optional(), lastname: nameText(100).nullable().optional(),
      displayname: nameText(200).nullable().optional(),
      /** Accesses are given with /admin/customer-accesses/create. */
      userType: userType.default(3),
      landingPage: landingPageChoice.default('dashboard'), languageCode: languageCodeChoice.default('NL'),
      platformPermissions: z.array(permission).max(PERMISSION_AREAS.length).default([]),
    }),
    response: userAnswer,
    errors: ['duplicate_email', 'UnauthorizedRole', 'UserNotFound'],
  },
  update: {
    method: 'POST', path: '/usermanagement/update', access: access.platformAdmin('users', 'W'),
    summary: "Changes a user ({userId, …}: flows §3's field names): names, landing page, language, activation, (super admins) type and platform rights, and with customerId their roleIds (at least one: UserRoleRequired) and departmentIds there. Unknown keys are refused (validationFailed); nothing changes unless all of it does.",
    /**
     * flows §3 User update: the invite's fields plus userId and active. roleIds (at least one, flows §5)
     * and departmentIds change the user's access at customerId; a key the call does not know is refused.
     */
    body: z.object({
      userId: uuidText,
      firstname: nameText(100).nullable().optional(), lastname: nameText(100).nullable().optional(),
      displayname: nameText(200).nullable().optional(),
      landingPage: landingPageChoice.optional(), languageCode: languageCodeChoice.optional(), active: z.boolean().optional(),
      userType: userType.optional(),
      platformPermissions: z.array(permission).max(PERMISSION_AREAS.length).optional(),
      customerId: uuidText.optional(), roleIds: roleNames.optional(), departmentIds: departmentIdList.optional(),
    }).strict(),
    response: userAnswer,
    errors: ['UserNotFound', 'UnauthorizedRole', 'UserRoleRequired', 'NoAccessToCustomer', 'DepartmentNotFound', 'DuplicateRoleDepartment'],
  },
  sendPasswordMail: {
    method: 'POST', path: '/usermanagement/sendPasswordMail', access: access.platformAdmin('users', 'W'),
    summary: 'Not in the spec: mails a user a new link to set their password (the earlier links stop working), for an invitation that expired.',
    body: z.object({ id: uuidText }),
    response: resultOf(z.literal(true)),
    errors: ['UserNotFound', 'UnauthorizedRole'],
  },
});
