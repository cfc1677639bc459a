import { useCallback } from 'react';
import type { UserDepartmentDto } from '../../../../shared/session-types';
import { useAppServices, useSession } from '../../../bootstrap/context';
import { useAppQuery } from '../../../data/query-client';
import { callApi } from '../../../data/call-api';
import { sessionUserDepartments } from '../../../../../generated/app/calls/session.gen';

export interface DepartmentsState {
  departments: UserDepartmentDto[] | null;
  failed: boolean;
}

/**
 * Loads a department list for the signed-in user and the acting customer: 'mine' is
 * GET /users/{userId}/customer-departments (a bare list), 'customer' all departments of the acting
 * customer (GET /customer-departments/query, a REST page). Reloads when the company changes.
 */
export function useDepartments(which: 'mine' | 'customer'): DepartmentsState & { reload: () => void } {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  const { data, isError, refetch } = useAppQuery({
    queryKey: ['app', 'departments', which, user?.id, activeCustomerId],
    queryFn: ({ signal }) => (which === 'mine'
      ? callApi(http, sessionUserDepartments, { params: { userId: user!.id } }, { signal })
      : http.get<{ items: UserDepartmentDto[] }>('/customer-departments/query', { query: { page: 1, pageSize: 100, customerId: activeCustomerId }, signal }).then((r) => r.items)
    ).then((departments) => (Array.isArray(departments) ? departments : [])),
    enabled: !!user,
  });
  const reload = useCallback(() => void refetch(), [refetch]);
  return { departments: isError ? [] : data ?? null, failed: isError, reload };
}
