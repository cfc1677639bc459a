/**
 * The shop's menus offer only pages the app has (pages/registry.tsx SHOP_PAGES). That registry holds
 * the pages' components, all of them react-admin screens; the light shop needs only their names.
 * tests/app/light-shell.test.tsx keeps this list equal to SHOP_PAGES' keys.
 */
import type { NavMenuItem } from '../../shared/generated-contract';

export type PageNames = Readonly<Record<string, unknown>>;

export const SHOP_PAGE_NAMES: PageNames = Object.fromEntries([
  'dashboard', 'user-settings', 'user-settings-list-departments', 'user-settings-add-departments',
  'products', 'products-id', 'transporter', 'orders', 'order-detail-id', 'types', 'component-library',
].map((name) => [name, true]));

/**
 * Only entries that lead somewhere: a page that is registered, an action or an external link; a
 * group stays while one of its entries does (as pages/registry's registeredMenu).
 */
export function registeredMenu(menu: readonly NavMenuItem[], registry: PageNames = SHOP_PAGE_NAMES): NavMenuItem[] {
  const shown: NavMenuItem[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = registeredMenu(item.children, registry);
      if (children.length) shown.push({ ...item, children });
    } else if (item.page ? item.page in registry : !!(item.action || item.href || item.tenantLink)) {
      shown.push(item);
    }
  }
  return shown;
}
