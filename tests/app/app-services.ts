import { memoryStore, type AuthProvider } from 'react-admin';
import { RESOURCE_ACCESS } from '../../generated/access/access.gen';
import { withAppAuth } from '../../src/app/access/auth-provider';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import { appDataProvider, type AppServices } from '../../src/app/bootstrap/services';
import { createAppQueryClient } from '../../src/app/data/query-client';
import type { HttpClient } from '../../src/app/data/http';
import type { AppI18n } from '../../src/app/i18n';
import type { SessionLoader } from '../../src/app/session/load';
import { createAppTheme } from '../../src/app/theme';

/** Everything <App> needs, on the default domain, with `auth` as both areas' sign-in edge. */
export function appServices({ http, i18n, session, auth }: { http: HttpClient; i18n: AppI18n; session: SessionLoader; auth: AuthProvider }): AppServices {
  const domain = defaultDomain();
  return {
    domain,
    domainFallback: false,
    http,
    queryClient: createAppQueryClient(),
    session,
    i18n,
    dataProvider: appDataProvider({ http, i18nProvider: i18n.i18nProvider }),
    authProviders: {
      admin: withAppAuth(auth, { area: 'admin', session, table: RESOURCE_ACCESS }),
      shop: withAppAuth(auth, { area: 'shop', session, table: RESOURCE_ACCESS }),
    },
    store: memoryStore({ locale: 'nl' }),
    theme: createAppTheme(domain.theme),
  };
}
