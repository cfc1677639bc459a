import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { customerDepartments } from '../../../model/resources/customer-departments';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { uuidText, resultOf } from './shapes';

/**
 * POST /customerDepartment/create and /update {dto} (flows §7 Departments): a department of the
 * acting customer with its validator, its members (the users whose access holds it) and its budget.
 */

const fields = {
  name: safeString(undefined, false).trim().min(1, 'required').max(200),
  costCenter: safeString(undefined, false).trim().max(50).nullable().optional(),
  validatorUserId: uuidText.nullable().optional(),
  /** The users of the company in the department; absent leaves the members as they are. */
  memberUserIds: z.array(uuidText).max(1000).optional(),
  budgetId: uuidText.nullable().optional(),
};

const department = z.object({
  id: uuidText, customerId: uuidText, name: z.string(), costCenter: z.string().nullable(), validatorUserId: z.string().nullable(),
  budgetId: z.string().nullable(), memberUserIds: z.array(z.string()),
});

export const customerDepartmentContracts = contractsOf(customerDepartments, {
  create: {
    method: 'POST', path: '/customerDepartment/create', access: access.customer('users', 'C'),
    summary: 'Creates a department of the acting customer ({dto:{name, costCenter, validatorUserId, memberUserIds}}); the validator must be a user of the company.',
    body: z.object({ dto: z.object(fields) }),
    response: resultOf(department),
    errors: ['ValidatorNotOfCustomer', 'BudgetNotFound', 'UserNotFound'],
  },
  update: {
    method: 'POST', path: '/customerDepartment/update', access: access.customer('users', 'W'),
    summary: 'Changes a department ({dto:{id, …}}): a second validator is refused (DuplicateRoleDepartment) until the current one is removed; members are set as given.',
    body: z.object({ dto: z.object({ id: uuidText, ...fields, name: fields.name.optional() }) }),
    response: resultOf(department),
    errors: ['DepartmentNotFound', 'DuplicateRoleDepartment', 'ValidatorNotOfCustomer', 'BudgetNotFound', 'UserNotFound'],
  },
});
