import type { AppServices } from '../../bootstrap/services';
import { AppNotification } from '../../notify/AppNotification';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ToUnauthorized } from '../pages/UnauthorizedPage';

/**
 * What the shop's and the admin area's <Admin>s share: query client, i18n, store and theme, sign-in
 * required, the same 404 and access-denied pages, toasts of 5 s, and the data provider. They differ
 * in basename, auth provider, layout and routes.
 */
export function sharedAdminProps(services: AppServices) {
  return {
    disableTelemetry: true,
    requireAuth: true,
    title: services.domain.name,
    dataProvider: services.dataProvider,
    queryClient: services.queryClient,
    i18nProvider: services.i18n.i18nProvider,
    store: services.store,
    theme: services.theme,
    darkTheme: null,
    catchAll: NotFoundPage,
    accessDenied: ToUnauthorized,
    notification: AppNotification,
  } as const;
}
