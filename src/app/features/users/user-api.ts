import { useGetList } from 'ra-core';
import { ROLES } from '../../../../model/catalogue/permissions';
import { LANDING_PAGES } from '../../../../model/resources/platform';
import { customerAccessesCustomerUsers } from '../../../../generated/app/calls/customer-accesses.gen';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';
import { useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';

/** The customer admin's user calls (flows §7 Users, Departments), typed as the server answers them. */

export const ROLE_KEYS = Object.keys(ROLES) as (keyof typeof ROLES)[];
export const LANDING_PAGE_KEYS = Object.keys(LANDING_PAGES) as (keyof typeof LANDING_PAGES)[];
export type RoleKey = (typeof ROLE_KEYS)[number];
export type LandingPageKey = (typeof LANDING_PAGE_KEYS)[number];
/** Keeps the roles this app knows (the contracts' choices) of an answer's role names. */
export const knownRoles = (roles: readonly string[]): RoleKey[] => roles.filter((r): r is RoleKey => (ROLE_KEYS as string[]).includes(r));
/** An answer's landing page as one of the choices (the dashboard when none or unknown). */
export const landingPageOf = (page: string | null | undefined): LandingPageKey =>
  (LANDING_PAGE_KEYS as (string | null | undefined)[]).includes(page) ? page as LandingPageKey : 'dashboard';

type CustomerAccessContracts = Contracts['customer-accesses'];
/** One row of POST /customer-user-management/query. */
export type CustomerUserRow = ResultOf<CustomerAccessContracts['customerUsers']>['result']['items'][number];
/** A user of the acting company with their access there (POST /customer-user-management/byid, /update, /customers/inviteUser). */
export type CustomerUser = ResultOf<CustomerAccessContracts['customerUserById']>['result'];

/** The acting company's users (POST /customer-user-management/query, a read), at most 100 a page. */
export function useCustomerUsers(search = '') {
  const { activeCustomerId } = useSession();
  const answer = useCallQuery(customerAccessesCustomerUsers, { body: { query: { skip: 0, take: 100, search: search.trim() || undefined } } }, { enabled: !!activeCustomerId });
  return { data: answer.data?.result, error: answer.error, isPending: answer.isPending };
}

/** The acting company's departments (GET /customer-departments/query: the data provider's list). */
export function useCompanyDepartments() {
  const { activeCustomerId } = useSession();
  return useGetList<CustomerDepartmentRecord>('customer-departments',
    { pagination: { page: 1, perPage: 100 }, filter: { customerId: activeCustomerId } }, { enabled: !!activeCustomerId });
}
