/**
 * What the react-admin areas add to the core services (bootstrap/core.ts): a data provider per area
 * (the model's endpoints and field schemas) and react-admin's store. Only the react-admin areas import
 * this module, so none of it is in the shop's first load; they are created once, on first use.
 */
import type { I18nProvider } from 'ra-core';
import { localStorageStore, type Store } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../../../generated/app/endpoints.gen';
import { createDataProvider, type AppDataProvider } from '../data';
import type { HttpClient } from '../data/http';
import { SHOP_ENDPOINTS } from '../data/shop-endpoints';
import type { CoreServices } from './core';

export { initialLanguage, type CoreServices } from './core';

/** The react-admin areas: the platform admin's (/ycAdmin) and the customer shop's. */
export type RaArea = 'admin' | 'shop';

export interface AppServices extends CoreServices {
  /** Each area's data provider (areaDataProviders). */
  dataProviders: Readonly<Record<RaArea, AppDataProvider>>;
  store: Store;
}

/**
 * The data provider of each react-admin area. The admin area reaches every resource by the endpoints
 * of its generated screens; the shop reaches the resources it shows (SHOP_ENDPOINTS) by the customer's
 * routes instead: the shop's orders are the acting customer's (GET /v2/orders), the admin's those of
 * every customer of the tenant (POST /admin/orders/query).
 */
export function areaDataProviders({ http, i18nProvider }: { http: HttpClient; i18nProvider: I18nProvider }): Record<RaArea, AppDataProvider> {
  return {
    admin: createDataProvider({ http, endpoints: RESOURCE_ENDPOINTS, i18nProvider }),
    shop: createDataProvider({ http, endpoints: { ...RESOURCE_ENDPOINTS, ...SHOP_ENDPOINTS }, i18nProvider }),
  };
}

/**
 * The resources whose react-admin answers one area cannot reuse from another: reached by other
 * endpoints, their records differ (the shop's order carries its lines and the user's decisions).
 */
export const AREA_SPECIFIC_RESOURCES: readonly string[] = Object.keys(SHOP_ENDPOINTS);

const created = new WeakMap<CoreServices, AppServices>();

export const hasReactAdminServices = (services: CoreServices): services is AppServices =>
  'dataProviders' in services && 'store' in services;

/**
 * The core services with react-admin's, created on first call for these core services. The store's
 * locale follows the interface language of the moment: react-admin restores its language from the
 * store, and the user may have switched language on a light page meanwhile.
 */
export function withReactAdminServices(core: CoreServices): AppServices {
  let services = hasReactAdminServices(core) ? core : created.get(core);
  if (!services) {
    const dataProviders = areaDataProviders({ http: core.http, i18nProvider: core.i18n.i18nProvider });
    const store = localStorageStore('1', 'procurement-shop-ra');
    store.setup();
    services = { ...core, dataProviders, store };
    created.set(core, services);
  }
  const locale = core.i18n.i18nProvider.getLocale();
  if (services.store.getItem('locale') !== locale) services.store.setItem('locale', locale);
  return services;
}
