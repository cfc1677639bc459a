/**
 * The departments and projects an order is booked on, for the basket's pickers and the order's edit
 * dialog. Apart from ./hooks.ts, which the light marketplace loads: react-admin's data hooks stay out
 * of its JavaScript (scripts/bundle-budget.ts).
 */
import { useMemo } from 'react';
import { useGetList } from 'ra-core';
import type { ProjectRecord } from '../../../../generated/types/projects.gen';
import { useSession } from '../../bootstrap/context';

/** A department or project an order can be booked on (the generated records' fields the pickers read). */
export type BookingChoice = Pick<ProjectRecord, 'id' | 'name' | 'code' | 'active'>;
const NO_CHOICES: BookingChoice[] = [];
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

/**
 * The acting customer's departments (GET /customer-departments/query?customerId) or projects
 * (GET /projects), first 100 and the active ones, through the data provider. A list that cannot be
 * read (no access to projects, for example) is empty, also while it loads, so its picker is left out.
 */
export function useBookingChoices(resource: 'customer-departments' | 'projects', enabled = true): BookingChoice[] {
  const { activeCustomerId } = useSession();
  const filter = resource === 'projects' ? {} : { customerId: activeCustomerId };
  // No sort field: the lists keep the server's order (react-admin would otherwise ask for id DESC).
  const { data } = useGetList<BookingChoice & { id: string }>(resource, { pagination: { page: 1, perPage: 100 }, sort: SERVER_ORDER, filter }, { enabled, retry: false });
  return useMemo(() => (data ? data.filter((x) => x.active !== false) : NO_CHOICES), [data]);
}
