import { Admin, CustomRoutes } from "react-admin";
import { Route } from "react-router";
import { AuthErrorPage, LoginPage } from "../../auth";
import { AppServicesProvider } from "../../bootstrap/context";
import { useReactAdminServices } from "./use-ra-services";
import { sharedAdminProps } from "./shared-admin-props";
import { ShopLayout } from "../Layouts";
import { LandingPage } from "../pages/LandingPage";
import { MaintenancePage } from "../pages/MaintenancePage";
import { RedirectPage } from "../pages/RedirectPage";
import { RegistrationPage } from "../../features/customers/RegistrationPage";
import { builtPages, isLightPage } from "../pages/built-pages";
import { pageRoutes } from "../pages/page-routes";
import { UnauthorizedPage } from "../pages/UnauthorizedPage";

/**
 * The built shop and system pages that the shop's layout draws: the model's pages with a view, but
 * the light shell's (App.tsx) and the admin area's.
 */
const SHOP_LAYOUT_PAGES = builtPages((page) => page.area !== 'admin' && !isLightPage(page));

/**
 * Everything outside /ycAdmin, /redirect and the light pages, under the app's one router (App.tsx):
 * the session routes (/login, /auth-callback, /auth-error — no layout, no sign-in needed),
 * /maintenance and /registration (no layout), and the customer shop (/, the model's built pages,
 * /unauthorized, 404): signed-in only, behind the page guard (Layouts).
 * A lazy chunk: react-admin loads when the first page of this area opens.
 */
export function ShopArea() {
  const services = useReactAdminServices();
  return (
    <AppServicesProvider value={services}>
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
          {pageRoutes(SHOP_LAYOUT_PAGES)}
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
        </CustomRoutes>
      </Admin>
    </AppServicesProvider>
  );
}

export default ShopArea;
