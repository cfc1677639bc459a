import type { ReactElement } from 'react';
import type { NavMenuItem } from '../../shared/generated-contract';
import { HomePage } from './HomePage';

/**
 * The shop pages that exist in the app, by their name in PAGES (generated/app/pages.gen.ts), with
 * the element their route shows. Menus only offer entries whose page is here; adding a page means
 * adding one line.
 */
export const SHOP_PAGES: Readonly<Record<string, ReactElement>> = {
  dashboard: <HomePage />,
};

export type PageRegistry = Readonly<Record<string, unknown>>;

/**
 * Only entries that lead somewhere: a page that is registered, an action or an external link;
 * a group stays while one of its entries does.
 */
export function registeredMenu(menu: readonly NavMenuItem[], registry: PageRegistry = SHOP_PAGES): NavMenuItem[] {
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
