/**
 * The signed-in user as the page guards and menus see them (src/shared/page-access.ts), from the
 * loaded session and the tenant's external links.
 */
import type { PageSubject } from '../../shared/page-access';
import type { SessionState } from '../session/store';
import { subjectOf } from './can-access';

export function pageSubjectOf(session: SessionState, links: Readonly<Record<string, string | null>> = {}): PageSubject | null {
  const base = subjectOf(session);
  const user = session.user;
  if (!base || !user) return null;
  return {
    ...base,
    features: base.features ?? [],
    // Registration gating (core §4): an empty customerAccess list means the company is not registered yet.
    hasCustomerAccess: user.customerAccess.length > 0,
    activeAccessCount: user.customerAccess.filter((a) => a.active).length,
    supplierCount: user.supplierIds?.length ?? 0,
    chosenCustomer: session.activeCustomerId != null,
    links,
  };
}
