import type { PageDef } from '../dsl';
import { ADMIN_PAGES, SYSTEM_PAGES } from './pages-admin';
import { SHOP_PAGES } from './pages-shop';

export { ADMIN_PREFIX } from './pages-admin';

/**
 * Every page of the spec (core §2, flows §2): the customer shop, the platform admin area and the
 * session/system pages, as plain data. The ones the app has built name their view.
 */
export const PAGES: readonly PageDef[] = [...SHOP_PAGES, ...ADMIN_PAGES, ...SYSTEM_PAGES];

export const pageByName = (name: string): PageDef => {
  const found = PAGES.find((p) => p.name === name);
  if (!found) throw new Error(`Unknown page ${name}`);
  return found;
};
