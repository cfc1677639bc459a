import { useCallback } from 'react';
import { useSession } from '../../../bootstrap/context';
import { useCallQuery } from '../../../data/calls';
import { sessionUserDepartments } from '../../../../../generated/app/calls/session.gen';
import { customerDepartmentsCustomerList } from '../../../../../generated/app/calls/customer-departments.gen';
import type { CustomerDepartmentRecord } from '../../../../../generated/types/customer-departments.gen';

/** A department as the department pages show it. */
export type Department = Pick<CustomerDepartmentRecord, 'id' | 'name' | 'costCenter'>;

export interface DepartmentsState {
  departments: Department[] | null;
  failed: boolean;
}

/**
 * Loads a department list for the signed-in user and the acting customer: 'mine' is
 * GET /users/{userId}/customer-departments (a bare list), 'customer' all departments of the acting
 * customer (GET /customer-departments/query, the model's customer list: a REST page). The acting
 * company is part of each read's key, so a company switch reads anew.
 */
export function useDepartments(which: 'mine' | 'customer'): DepartmentsState & { reload: () => void } {
  const { user } = useSession();
  const mine = useCallQuery(sessionUserDepartments, { params: { userId: user?.id ?? '' } }, { enabled: !!user && which === 'mine' });
  const all = useCallQuery(customerDepartmentsCustomerList, { query: { page: 1, pageSize: 100 } }, { enabled: !!user && which === 'customer' });
  const { isError, refetch } = which === 'mine' ? mine : all;
  const data = which === 'mine' ? mine.data : all.data?.items;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { departments: isError ? [] : data ?? null, failed: isError, reload };
}
