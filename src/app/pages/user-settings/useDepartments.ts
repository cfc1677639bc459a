import { useCallback, useEffect, useState } from 'react';
import type { UserDepartmentDto } from '../../../shared/session-types';
import { useAppServices, useSession } from '../../bootstrap/context';

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
  const [state, setState] = useState<DepartmentsState>({ departments: null, failed: false });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (!user) return;
    let live = true;
    const call = which === 'mine'
      ? http.get<UserDepartmentDto[]>(`/users/${encodeURIComponent(user.id)}/customer-departments`)
      : http.get<{ items: UserDepartmentDto[] }>('/customer-departments/query', { query: { page: 1, pageSize: 100, customerId: activeCustomerId } }).then((r) => r.items);
    call.then(
      (departments) => live && setState({ departments: Array.isArray(departments) ? departments : [], failed: false }),
      () => live && setState({ departments: [], failed: true }),
    );
    return () => {
      live = false;
    };
  }, [http, user, activeCustomerId, which, round]);
  return { ...state, reload };
}
