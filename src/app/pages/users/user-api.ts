import { ROLES } from '../../../../model/catalogue/permissions';
import { LANDING_PAGES } from '../../../../model/resources/platform';
import type { ResultOf } from '../../../shared/contracts/define';
import type { customerAccessContracts } from '../../../shared/contracts/customer-accesses';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';

/** The customer admin's user calls (flows §7 Users, Departments), typed as the server answers them. */

export const ROLE_KEYS = Object.keys(ROLES) as (keyof typeof ROLES)[];
export const LANDING_PAGE_KEYS = Object.keys(LANDING_PAGES) as (keyof typeof LANDING_PAGES)[];
export type RoleKey = (typeof ROLE_KEYS)[number];

/** One row of POST /customer-user-management/query. */
export type CustomerUserRow = ResultOf<typeof customerAccessContracts.customerUsers>['result']['items'][number];
/** A user of the acting company with their access there (POST /customer-user-management/byid, /update, /customers/inviteUser). */
export type CustomerUser = ResultOf<typeof customerAccessContracts.customerUserById>['result'];
export interface Department { id: string; name: string; costCenter: string | null; validatorUserId: string | null; budgetId?: string | null }

/** The acting company's users (POST /customer-user-management/query), at most 100 a page. */
export function useCustomerUsers(search = '') {
  const { http } = useCoreServices();
  const { activeCustomerId } = useSession();
  return useAppQuery({
    queryKey: ['app', 'customer-users', activeCustomerId, search],
    queryFn: ({ signal }) => http.post<ResultOf<typeof customerAccessContracts.customerUsers>>('/customer-user-management/query',
      { query: { skip: 0, take: 100, search: search.trim() || undefined } }, { signal }).then((r) => r.result),
    enabled: !!activeCustomerId,
  });
}

/** The acting company's departments (GET /customer-departments/query). */
export function useCompanyDepartments() {
  const { http } = useCoreServices();
  const { activeCustomerId } = useSession();
  return useAppQuery({
    queryKey: ['app', 'company-departments', activeCustomerId],
    queryFn: ({ signal }) => http.get<{ items: Department[] }>('/customer-departments/query',
      { query: { page: 1, pageSize: 100, customerId: activeCustomerId }, signal }).then((r) => r.items ?? []),
    enabled: !!activeCustomerId,
  });
}
