/**
 * The pages the app has built: the model's pages that name a view (model/catalogue/pages*.ts →
 * generated/app/page-views.gen.ts). The one router routes them, and the menus, the landing page and
 * the assistant offer only them. Plain data: the light pages import it without any page's code.
 */
import { PAGES } from '../../../../generated/app/pages.gen';
import { PAGE_VIEWS } from '../../../../generated/app/page-views.gen';
import type { NavMenuItem, PageEntry } from '../../../shared/generated-contract';

/** Page names the app has, as a lookup table (`name in registry`); tests pass their own. */
export type PageRegistry = Readonly<Record<string, unknown>>;

export const BUILT_PAGES: PageRegistry = PAGE_VIEWS;

/** The built pages of PAGES that `where` selects, in the model's order. */
export function builtPages(where: (page: PageEntry) => boolean): PageEntry[] {
  return Object.values(PAGES).filter((page) => page.name in PAGE_VIEWS && where(page));
}

/**
 * Pages drawn in the light shell (light/LightShop: the shop's header and sidebar without react-admin,
 * for the marketplace's JavaScript budget): the shop's pages of the 'marketplace' layout.
 */
export const isLightPage = (page: PageEntry): boolean => page.area === 'shop' && page.layout === 'marketplace';

/**
 * Only entries that lead somewhere: a page that is built, an action or an external link; a group
 * stays while one of its entries does.
 */
export function registeredMenu(menu: readonly NavMenuItem[], registry: PageRegistry = BUILT_PAGES): NavMenuItem[] {
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
