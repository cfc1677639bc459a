/**
 * Everything the two react-admin areas share, created once at startup from the domain configuration:
 * the HTTP client, the OIDC-backed auth provider (one wrapper per area), the session loader, the
 * i18n provider, the data provider and react-admin's store.
 */
import { localStorageStore, type AuthProvider, type Store } from 'react-admin';
import { RESOURCE_ACCESS } from '../../../generated/access/access.gen';
import { RESOURCE_ENDPOINTS } from '../../../generated/app/endpoints.gen';
import type { DomainConfig } from '../../shared/session-types';
import { withAppAuth } from '../access/auth-provider';
import { createAuthProvider, createOidcClient, type ShopAuthProvider } from '../auth';
import { createDataProvider, type AppDataProvider } from '../data';
import { createHttpClient, type HttpClient } from '../data/http';
import { createAppI18n, type AppI18n } from '../i18n';
import { languageFromCode, type Language } from '../i18n/language';
import { createSessionLoader, type SessionLoader } from '../session/load';
import { readSession } from '../session/store';
import { createAppTheme } from '../theme';
import { apiBaseOf, type DomainResult } from './domain';

export interface AppServices {
  domain: DomainConfig;
  /** The domain configuration could not be fetched; defaults are in use. */
  domainFallback: boolean;
  http: HttpClient;
  session: SessionLoader;
  i18n: AppI18n;
  dataProvider: AppDataProvider;
  authProviders: { admin: AuthProvider; shop: AuthProvider };
  store: Store;
  theme: ReturnType<typeof createAppTheme>;
}

/** The language to start in: the user's saved choice, else the tenant's default, else Dutch. */
export function initialLanguage(domain: DomainConfig): Language {
  return languageFromCode(readSession().userSettings?.languageCode) ?? languageFromCode(domain.defaultLanguage) ?? 'nl';
}

export async function createServices({ domain, fallback }: DomainResult): Promise<AppServices> {
  const language = initialLanguage(domain);
  const i18n = await createAppI18n(language);
  let auth: ShopAuthProvider | null = null;
  const http = createHttpClient({
    baseUrl: apiBaseOf(domain.serverUrl),
    // Late-bound: the auth provider needs this client for /users/me and /auth/end-session.
    getAccessToken: () => auth?.getAccessToken() ?? null,
    getLanguage: () => i18n.i18nProvider.getLocale(),
  });
  const userManager = createOidcClient(domain, { language: () => i18n.i18nProvider.getLocale() });
  const base = createAuthProvider({ userManager, api: http });
  auth = base;
  const session = createSessionLoader(http, domain.languages, { signedIn: async () => !!(await base.getAccessToken()) });
  const dataProvider = createDataProvider({ http, endpoints: RESOURCE_ENDPOINTS, i18nProvider: i18n.i18nProvider });
  const store = localStorageStore('1', 'procurement-shop-ra');
  // react-admin restores the interface language from its store; start it where i18next starts.
  store.setup();
  store.setItem('locale', language);
  return {
    domain,
    domainFallback: fallback,
    http,
    session,
    i18n,
    dataProvider,
    authProviders: {
      admin: withAppAuth(base, { area: 'admin', session, table: RESOURCE_ACCESS }),
      shop: withAppAuth(base, { area: 'shop', session, table: RESOURCE_ACCESS }),
    },
    store,
    theme: createAppTheme(domain.theme),
  };
}
