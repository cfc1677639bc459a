import { RESOURCE_ACCESS } from '../../../generated/access/access.gen';
import { ADMIN_MENU } from '../../../generated/app/menu.gen';
import type { MenuEntry } from '../../shared/generated-contract';
import type { ResourceAccessTable } from '../../shared/generated-contract';
import { decideAccess, isPlatformUser } from '../access/can-access';
import type { SessionState } from '../session/store';

/** Menu entries in menu order. */
export function orderedMenu(menu: readonly MenuEntry[] = ADMIN_MENU): MenuEntry[] {
  return [...menu].sort((a, b) => a.order - b.order);
}

/**
 * Where '/' sends a signed-in user: platform admins to the first admin screen they may list (or
 * /unauthorized when none); customer users stay on '/' (the home page) — the shop's own landing pages
 * (products, orders, …) join here when they exist.
 */
export function landingPathFor(
  session: SessionState,
  menu: readonly MenuEntry[] = ADMIN_MENU,
  table: ResourceAccessTable = RESOURCE_ACCESS,
): string | null {
  if (!isPlatformUser(session)) return null;
  const first = orderedMenu(menu).find((entry) => decideAccess({ area: 'admin', action: 'list', resource: entry.resource }, session, table));
  return first ? first.path : '/unauthorized';
}
