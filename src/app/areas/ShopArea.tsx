import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { AuthErrorPage, LoginPage } from '../auth';
import { useAppServices } from '../bootstrap/context';
import { ShopLayout } from '../layout/Layouts';
import { HomePage, LandingPage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RedirectPage } from '../pages/RedirectPage';
import { ToUnauthorized, UnauthorizedPage } from '../pages/UnauthorizedPage';

/**
 * Everything outside /ycAdmin and /redirect: the session routes (/login, /auth-callback, /auth-error —
 * no layout, no sign-in needed) and the customer shop (/, /dashboard, /unauthorized, 404), signed-in only.
 */
export function ShopArea() {
  const services = useAppServices();
  return (
    <Admin
      basename=""
      disableTelemetry
      requireAuth
      title={services.domain.name}
      dataProvider={services.dataProvider}
      authProvider={services.authProviders.shop}
      i18nProvider={services.i18n.i18nProvider}
      store={services.store}
      theme={services.theme}
      darkTheme={null}
      layout={ShopLayout}
      loginPage={LoginPage}
      authCallbackPage={RedirectPage}
      dashboard={LandingPage}
      catchAll={NotFoundPage}
      accessDenied={ToUnauthorized}
    >
      <CustomRoutes noLayout>
        <Route path="/auth-error" element={<AuthErrorPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<HomePage />} />
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
      </CustomRoutes>
    </Admin>
  );
}
