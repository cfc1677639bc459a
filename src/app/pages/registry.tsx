import type { ReactElement } from 'react';
import type { NavMenuItem } from '../../shared/generated-contract';
import { registeredMenu as registeredMenuIn } from '../light/page-names';
import { ComponentLibraryRoute, TypesRoute } from './dev';
import { HomePage } from './HomePage';
import { OrderDetailPage, OrdersPage, TransporterPage } from '../shop/pages';
import { AddDepartmentsPage } from './user-settings/AddDepartmentsPage';
import { ListDepartmentsPage } from './user-settings/ListDepartmentsPage';
import { UserSettingsPage } from './user-settings/UserSettingsPage';

/** A page the light shop serves (App.tsx sends its paths to light/LightShop, never to the shop <Admin>). */
export const LIGHT_SHOP = 'light-shop';

/**
 * The shop pages that exist in the app, by their name in PAGES (generated/app/pages.gen.ts), with
 * the element their route shows in the shop <Admin>, or LIGHT_SHOP. Menus only offer entries whose
 * page is here; adding a page means adding one line.
 */
export const SHOP_PAGES: Readonly<Record<string, ReactElement | typeof LIGHT_SHOP>> = {
  dashboard: <HomePage />,
  'user-settings': <UserSettingsPage />,
  'user-settings-list-departments': <ListDepartmentsPage />,
  'user-settings-add-departments': <AddDepartmentsPage />,
  // The shop of issue 4: marketplace, product, basket and the buyer's orders.
  products: LIGHT_SHOP,
  'products-id': LIGHT_SHOP,
  transporter: <TransporterPage />,
  orders: <OrdersPage />,
  'order-detail-id': <OrderDetailPage />,
  // System pages (core §2) for developers; guards auth + registered customer, as PAGES says.
  types: <TypesRoute />,
  'component-library': <ComponentLibraryRoute />,
};

export type PageRegistry = Readonly<Record<string, unknown>>;

/** The platform admin pages outside the generated resource screens (e.g. ADMIN_EXTRA_MENU's); none yet. */
export const ADMIN_PAGES: PageRegistry = {};

/** The menu's entries that lead somewhere (light/page-names.ts), by default against this registry. */
export function registeredMenu(menu: readonly NavMenuItem[], registry: PageRegistry = SHOP_PAGES): NavMenuItem[] {
  return registeredMenuIn(menu, registry);
}
