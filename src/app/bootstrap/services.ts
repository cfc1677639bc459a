/**
 * What the react-admin areas add to the core services (bootstrap/core.ts): the data provider (the
 * model's endpoints and field schemas) and react-admin's store. Only the react-admin areas import
 * this module, so none of it is in the shop's first load; they are created once, on first use.
 */
import type { I18nProvider } from 'ra-core';
import { localStorageStore, type Store } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../../../generated/app/endpoints.gen';
import { createDataProvider, type AppDataProvider } from '../data';
import type { HttpClient } from '../data/http';
import type { CoreServices } from './core';

export { initialLanguage, type CoreServices } from './core';

export interface AppServices extends CoreServices {
  /**
   * The data provider of every react-admin area: each resource by the endpoints of its generated
   * screens (RESOURCE_ENDPOINTS). The shop's own pages read the customer's routes through their calls
   * (generated/app/calls), e.g. the acting customer's orders (GET /v2/orders).
   */
  dataProvider: AppDataProvider;
  store: Store;
}

/** The data provider of the react-admin areas. */
export function appDataProvider({ http, i18nProvider }: { http: HttpClient; i18nProvider: I18nProvider }): AppDataProvider {
  return createDataProvider({ http, endpoints: RESOURCE_ENDPOINTS, i18nProvider });
}

const created = new WeakMap<CoreServices, AppServices>();

export const hasReactAdminServices = (services: CoreServices): services is AppServices =>
  'dataProvider' in services && 'store' in services;

/**
 * The core services with react-admin's, created on first call for these core services. The store's
 * locale follows the interface language of the moment: react-admin restores its language from the
 * store, and the user may have switched language on a light page meanwhile.
 */
export function withReactAdminServices(core: CoreServices): AppServices {
  let services = hasReactAdminServices(core) ? core : created.get(core);
  if (!services) {
    const dataProvider = appDataProvider({ http: core.http, i18nProvider: core.i18n.i18nProvider });
    const store = localStorageStore('1', 'procurement-shop-ra');
    store.setup();
    services = { ...core, dataProvider, store };
    created.set(core, services);
  }
  const locale = core.i18n.i18nProvider.getLocale();
  if (services.store.getItem('locale') !== locale) services.store.setItem('locale', locale);
  return services;
}
