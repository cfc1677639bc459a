import { use } from "react";
import { Admin, CustomRoutes, Resource } from "react-admin";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { ADMIN_SCREENS } from "../../../generated/admin/index.gen";
import { ADMIN_MENU } from "../../../generated/app/menu.gen";
import { RouterShell } from "./RouterShell";
import { AppServicesProvider } from "../bootstrap/context";
import { useReactAdminServices } from "./use-ra-services";
import { sharedAdminProps } from "./shared-admin-props";
import { makeAdminLayout } from "../layout/Layouts";
import { AdminLanding } from "../pages/HomePage";
import { loadAdminScreens, SCREEN_OVERRIDES } from "./admin-screens";

const AdminLayout = makeAdminLayout(ADMIN_MENU);

/** Keeps react-admin's { nextPathname } so the user returns to the admin page after signing in. */
function ToLogin() {
  const { state } = useLocation();
  return <Navigate to="/login" replace state={state} />;
}

/**
 * The platform admin area: a react-admin <Admin> mounted by App at /ycAdmin/* with basename '/ycAdmin',
 * so resource names stay the model's names (data provider and i18n keys) while their screens live
 * at /ycAdmin/<name>. Loaded lazily: none of this is in the shop's bundle.
 */
export default function AdminArea() {
  const services = useReactAdminServices();
  const screens = use(loadAdminScreens(ADMIN_SCREENS));
  return (
    <AppServicesProvider value={services}>
      <RouterShell>
        {/* react-admin's routes are relative to the route that holds it: this one takes /ycAdmin off. */}
        <Routes>
          <Route
            path="/ycAdmin/*"
            element={
              <Admin
                {...sharedAdminProps(services)}
                basename="/ycAdmin"
                authProvider={services.authProviders.admin}
                layout={AdminLayout}
                loginPage={false}
                dashboard={AdminLanding}
              >
                {/* each resource's generated screens, one replaced where admin-screens.ts says so */}
                {screens.map(({ entry, set }) => (
                  <Resource key={entry.name} {...set} {...SCREEN_OVERRIDES[set.name]} />
                ))}
                <CustomRoutes noLayout>
                  {/* react-admin sends signed-out users to <basename>/login; the one login page is /login. */}
                  <Route path="/login" element={<ToLogin />} />
                </CustomRoutes>
              </Admin>
            }
          />
        </Routes>
      </RouterShell>
    </AppServicesProvider>
  );
}
