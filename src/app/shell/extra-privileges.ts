/**
 * Super admin extra privileges (core §4, flows §6): a toggle, on by default only on the acceptance
 * host and in development (the domain configuration's environment), remembered in the session store
 * (so signing out forgets it). With it on, the admin menu also offers ADMIN_EXTRA_MENU's entries whose
 * pages the app has built (pages/built-pages).
 */
import { ADMIN_EXTRA_MENU, PAGES } from '../../../generated/app/pages.gen';
import type { NavMenuItem } from '../../shared/generated-contract';
import { visibleMenu } from '../../shared/page-access';
import type { DomainConfig } from '../../shared/session-types';
import { pageSubjectOf } from '../access/page-subject';
import type { SessionState } from '../session/store';
import { registeredMenu, type PageRegistry } from './pages/built-pages';

export const extraPrivilegesByDefault = (environment: DomainConfig['environment']) => environment !== 'production';

/** Whether the toggle is offered: to super admins only. */
export const offersExtraPrivileges = (session: SessionState) => session.user?.userType === 1;

/** The toggle's state: the remembered choice, else the environment's default; off for everyone but super admins. */
export function extraPrivilegesOn(session: SessionState, domain: Pick<DomainConfig, 'environment'>): boolean {
  if (!offersExtraPrivileges(session)) return false;
  return session.extraPrivileges ?? extraPrivilegesByDefault(domain.environment);
}

/** The extra admin menu entries to show: those the user may open and the app has; the extraPrivileges ones only while the toggle is on. */
export function extraAdminMenu(
  session: SessionState,
  domain: Pick<DomainConfig, 'environment' | 'links'>,
  registry: PageRegistry,
): NavMenuItem[] {
  const on = extraPrivilegesOn(session, domain);
  const subject = pageSubjectOf(session, domain.links ?? {});
  if (!subject) return [];
  // Entries without the extraPrivileges condition (reporting) are every platform admin's.
  const items = on ? ADMIN_EXTRA_MENU : ADMIN_EXTRA_MENU.filter((item) => item.when !== 'extraPrivileges');
  return registeredMenu(visibleMenu(items, { ...subject, extraPrivileges: on }, PAGES), registry);
}
