import { customerDepartmentContracts } from '../../shared/contracts/customer-departments';
import { saveDepartment } from '../users/departments';
import { implement } from './define';

/** POST /customerDepartment/create and /update: the work is in src/server/users/departments.ts. */
export const customerDepartmentActions = implement(customerDepartmentContracts, {
  create: async ({ db, owner, body }) => saveDepartment(db, owner, body.dto),
  update: async ({ db, owner, body }) => saveDepartment(db, owner, body.dto),
});
