import { use } from "react";
import { Admin, CustomRoutes, Resource, ResourceContextProvider } from "react-admin";
import { Navigate, Route, useLocation } from "react-router";
import { ADMIN_SCREENS } from "../../../../generated/admin/index.gen";
import { ADMIN_MENU } from "../../../../generated/app/menu.gen";
import { ADMIN_PREFIX } from "../../../../model/catalogue/pages-admin";
import { AppServicesProvider } from "../../bootstrap/context";
import { useReactAdminServices } from "./use-ra-services";
import { sharedAdminProps } from "./shared-admin-props";
import { makeAdminLayout } from "../Layouts";
import { AdminLanding } from "../pages/HomePage";
import { builtPages } from "../pages/built-pages";
import { pageRoutes } from "../pages/page-routes";
import { loadAdminScreens, SCREEN_OVERRIDES } from "./admin-screens";

const AdminLayout = makeAdminLayout(ADMIN_MENU);

/** The built admin pages beside the generated resource screens (the model's admin pages with a view). */
const ADMIN_AREA_PAGES = builtPages((page) => page.area === 'admin');

/** Keeps react-admin's { nextPathname } so the user returns to the admin page after signing in. */
function ToLogin() {
  const { state } = useLocation();
  return <Navigate to="/login" replace state={state} />;
}

/**
 * The platform admin area: a react-admin <Admin> mounted by App's router at /ycAdmin/* with basename '/ycAdmin',
 * so resource names stay the model's names (data provider and i18n keys) while their screens live
 * at /ycAdmin/<name>. Loaded lazily: none of this is in the shop's bundle.
 */
export default function AdminArea() {
  const services = useReactAdminServices();
  const screens = use(loadAdminScreens(ADMIN_SCREENS));
  return (
    <AppServicesProvider value={services}>
      {/* App mounts this at /ycAdmin/*: react-admin's routes are relative to that route, its links under the basename. */}
      <Admin
        {...sharedAdminProps(services)}
        basename={ADMIN_PREFIX}
        authProvider={services.authProviders.admin}
        layout={AdminLayout}
        loginPage={false}
        dashboard={AdminLanding}
      >
        {/* each resource's generated screens, one replaced where admin-screens.ts says so */}
        {screens.map(({ set }) => {
          const screen = { ...set, ...SCREEN_OVERRIDES[set.name] };
          const Show = screen.show;
          return (
            <Resource key={screen.name} {...screen}>
              {/* A record's admin page is /ycAdmin/<name>/{id} (flows §2, e.g. /ycAdmin/orders/{id}): without an edit screen there, the show page answers at that address too. */}
              {!screen.edit && Show && <Route path=":id" element={<Show />} />}
            </Resource>
          );
        })}
        <CustomRoutes>
          {pageRoutes(ADMIN_AREA_PAGES, (page) => page.path.slice(ADMIN_PREFIX.length))}
          {/* A record page the spec names apart (the model's screens.show.alias, e.g. /ycAdmin/supplier-order-details/{id}): the same show page. */}
          {screens.flatMap(({ set }) => {
            const Show = set.show;
            return set.showAlias && Show ? [
              <Route key={set.showAlias} path={set.showAlias} element={<ResourceContextProvider value={set.name}><Show /></ResourceContextProvider>} />,
            ] : [];
          })}
        </CustomRoutes>
        <CustomRoutes noLayout>
          {/* react-admin sends signed-out users to <basename>/login; the one login page is /login. */}
          <Route path="/login" element={<ToLogin />} />
        </CustomRoutes>
      </Admin>
    </AppServicesProvider>
  );
}
