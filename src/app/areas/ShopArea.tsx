import { Admin, CustomRoutes } from "react-admin";
import { Route } from "react-router-dom";
import { AuthErrorPage, LoginPage } from "../auth";
import { RouterShell } from "./RouterShell";
import { AppServicesProvider } from "../bootstrap/context";
import { useReactAdminServices } from "./use-ra-services";
import { sharedAdminProps } from "./shared-admin-props";
import { ShopLayout } from "../layout/Layouts";
import { PAGES } from "../../../generated/app/pages.gen";
import { LandingPage } from "../pages/LandingPage";
import { MaintenancePage } from "../pages/MaintenancePage";
import { RedirectPage } from "../pages/RedirectPage";
import { RegistrationPage } from "../pages/RegistrationPage";
import { LIGHT_SHOP, SHOP_PAGES } from "../pages/registry";
import { UnauthorizedPage } from "../pages/UnauthorizedPage";

/**
 * Everything outside /ycAdmin and /redirect: the session routes (/login, /auth-callback, /auth-error —
 * no layout, no sign-in needed), /maintenance and /registration (no layout), and the customer shop
 * (/, the pages of pages/registry, /unauthorized, 404): signed-in only, behind the page guard (Layouts).
 * /products and /products/{id} are served by the light shop (App.tsx) and never reach this <Admin>
 * (SHOP_PAGES marks them LIGHT_SHOP).
 * A lazy chunk: react-admin loads when the first page of this area opens.
 */
export function ShopArea() {
  const services = useReactAdminServices();
  return (
    <AppServicesProvider value={services}>
      <RouterShell>
        <Admin
          {...sharedAdminProps(services)}
          basename=""
          authProvider={services.authProviders.shop}
          layout={ShopLayout}
          loginPage={LoginPage}
          authCallbackPage={RedirectPage}
          dashboard={LandingPage}
        >
          <CustomRoutes noLayout>
            <Route path="/auth-error" element={<AuthErrorPage />} />
            <Route path="/maintenance" element={<MaintenancePage />} />
            <Route path="/registration" element={<RegistrationPage />} />
          </CustomRoutes>
          <CustomRoutes>
            {Object.entries(SHOP_PAGES).map(([name, element]) =>
              element === LIGHT_SHOP ? null : <Route key={name} path={PAGES[name]!.path} element={element} />,
            )}
            <Route path="/unauthorized" element={<UnauthorizedPage />} />
          </CustomRoutes>
        </Admin>
      </RouterShell>
    </AppServicesProvider>
  );
}

export default ShopArea;
