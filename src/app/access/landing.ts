import { RESOURCE_ACCESS } from '../../../generated/access/access.gen';
import { ADMIN_MENU } from '../../../generated/app/menu.gen';
import { PAGES } from '../../../generated/app/pages.gen';
import type { MenuEntry } from '../../shared/generated-contract';
import type { ResourceAccessTable } from '../../shared/generated-contract';
import { decideAccess, isPlatformUser } from './can-access';
import { isSupplierUser } from '../../shared/access';
import type { SessionState } from '../session/store';

/** Menu entries in menu order. */
export function orderedMenu(menu: readonly MenuEntry[] = ADMIN_MENU): MenuEntry[] {
  return [...menu].sort((a, b) => a.order - b.order);
}

/** Admin pages behind the extra-privileges guard (flows §6): only a super admin's toggle opens them. */
const EXTRA_PRIVILEGE_PATHS = new Set(Object.values(PAGES).filter((p) => (p.guards as readonly string[]).includes('extraPrivileges')).map((p) => p.path));

/**
 * The first admin screen in menu order the user may list (and whose page opens for them: a platform
 * admin never has extra privileges), or /unauthorized when there is none.
 */
export function adminLandingPath(
  session: SessionState,
  menu: readonly MenuEntry[] = ADMIN_MENU,
  table: ResourceAccessTable = RESOURCE_ACCESS,
): string {
  const opens = (path: string) => session.user?.userType === 1 || !EXTRA_PRIVILEGE_PATHS.has(path);
  const first = orderedMenu(menu).find((entry) => opens(entry.path) && decideAccess({ area: 'admin', action: 'list', resource: entry.resource }, session, table));
  return first ? first.path : '/unauthorized';
}

/** The page names the shop has built (pages/built-pages); only these can be landed on. */
export type RegisteredPages = Readonly<Record<string, unknown>>;

/**
 * Where '/' sends a signed-in user (core §2 "Landing pages"); null keeps them on '/', which shows the
 * dashboard.
 * - Customer users: their landing page (user settings: dashboard, products, orders, deliveries,
 *   suppliers) when that page is registered; otherwise, and for 'dashboard', the dashboard.
 * - A supplier's user (supplierIds) lands on their supplier orders (/supplier-orders).
 * - Super admins default to orders: the platform's order overview in the admin area (super admins have
 *   no shop header, core §6). Until the admin area has an orders screen, they land like platform admins.
 * - Platform admins: the first admin screen they may list (or /unauthorized).
 */
export function landingPathFor(
  session: SessionState,
  registered: RegisteredPages = {},
  menu: readonly MenuEntry[] = ADMIN_MENU,
  table: ResourceAccessTable = RESOURCE_ACCESS,
): string | null {
  if (isPlatformUser(session)) {
    const adminOrders = menu.find((entry) => entry.resource === 'orders');
    if (session.user?.userType === 1 && adminOrders) return adminOrders.path;
    return adminLandingPath(session, menu, table);
  }
  const chosen = session.userSettings?.landingPage ?? session.user?.landingPage ?? 'dashboard';
  // A supplier's user lands on their supplier orders: the landing pages to choose from are the company's side.
  if (session.user && isSupplierUser({ userType: session.user.userType, supplierIds: session.user.supplierIds ?? [] }) && 'supplier-orders' in registered) {
    return PAGES['supplier-orders']?.path ?? null;
  }
  if (chosen === 'dashboard' || !(chosen in registered)) return null;
  return PAGES[chosen]?.path ?? null;
}
