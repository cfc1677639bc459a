/**
 * What every page needs, created once at startup from the domain configuration: the HTTP client, the
 * OIDC-backed auth providers (one per area), the session loader, i18n and the theme. Nothing here
 * loads react-admin at run time (only its types): the shop's light pages (/products, /products/{id})
 * run on these alone. react-admin's own services (data provider, store) are added by
 * bootstrap/services.ts when a react-admin area opens.
 */
import type { AuthProvider } from 'ra-core';
import { RESOURCE_ACCESS } from '../../../generated/access/access.gen';
import type { DomainConfig } from '../../shared/session-types';
import { withAppAuth } from '../access/auth-provider';
import { createAuthProvider, type ShopAuthProvider } from '../auth/authProvider';
import { createLazyOidcClient } from '../auth/lazy-user-manager';
import { createHttpClient, type HttpClient } from '../data/http';
import { createAppQueryClient } from '../data/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { createAppI18n, type AppI18n } from '../i18n';
import { languageFromCode, type Language } from '../i18n/language';
import { createSessionLoader, type SessionLoader } from '../session/load';
import { readSession } from '../session/store';
import { createAppTheme } from '../theme';
import { apiBaseOf, type DomainResult } from './domain';

export interface CoreServices {
  domain: DomainConfig;
  /** The domain configuration could not be fetched; defaults are in use. */
  domainFallback: boolean;
  http: HttpClient;
  /** The one TanStack Query client: the light pages' reads and both react-admin areas' data hooks. */
  queryClient: QueryClient;
  session: SessionLoader;
  i18n: AppI18n;
  /** The OIDC auth provider with the app's access rules, per area (access/auth-provider). */
  authProviders: { admin: AuthProvider; shop: AuthProvider };
  theme: ReturnType<typeof createAppTheme>;
}

/** The language to start in: the user's saved choice, else the tenant's default, else Dutch. */
export function initialLanguage(domain: DomainConfig): Language {
  return languageFromCode(readSession().userSettings?.languageCode) ?? languageFromCode(domain.defaultLanguage) ?? 'nl';
}

export async function createCoreServices({ domain, fallback }: DomainResult): Promise<CoreServices> {
  const language = initialLanguage(domain);
  const i18n = await createAppI18n(language);
  let auth: ShopAuthProvider | null = null;
  const http = createHttpClient({
    baseUrl: apiBaseOf(domain.serverUrl),
    // Late-bound: the auth provider needs this client for /users/me and /auth/end-session.
    getAccessToken: () => auth?.getAccessToken() ?? null,
    getLanguage: () => i18n.i18nProvider.getLocale(),
    onUnauthorized: () => signOutOnce(),
  });
  // core §8: a 401 on any call signs the user out, in the light shop as in the react-admin areas, and
  // ends the provider session too (else /login would sign the same refused session straight back in).
  // The user did not choose it: signing in again brings them back to the page they were on.
  let signingOut = false;
  const signOutOnce = () => {
    if (signingOut || !auth) return;
    signingOut = true;
    void auth.logout({ returnTo: window.location.pathname + window.location.search }).catch(() => undefined).then((target) => {
      window.location.assign(typeof target === 'string' && target ? target : '/login');
    });
  };
  // oidc-client-ts is a lazy chunk: a stored valid sign-in serves the first page without it, and it
  // loads right after startup (automatic renewal, cross-tab refresh lock) or earlier when needed.
  const userManager = createLazyOidcClient(domain, { language: () => i18n.i18nProvider.getLocale() });
  userManager.preloadWhenIdle();
  const base = createAuthProvider({ userManager, api: http, onSignInEnded: () => signOutOnce() });
  auth = base;
  const session = createSessionLoader(http, domain.languages, { signedIn: async () => !!(await base.getAccessToken()) });
  return {
    domain,
    domainFallback: fallback,
    http,
    queryClient: createAppQueryClient(),
    session,
    i18n,
    authProviders: {
      admin: withAppAuth(base, { area: 'admin', session, table: RESOURCE_ACCESS }),
      shop: withAppAuth(base, { area: 'shop', session, table: RESOURCE_ACCESS }),
    },
    theme: createAppTheme(domain.theme),
  };
}
