import { AdminContext } from "react-admin";
import { AppServicesProvider } from "../../bootstrap/context";
import { useReactAdminServices } from "./use-ra-services";
import { RedirectPage } from "../pages/RedirectPage";

/**
 * /redirect, the OIDC callback, in its own react-admin context. Inside the shop's <Admin> it would
 * share the auth-state query that <Admin requireAuth> ran before the tokens existed; that cached
 * "signed out" answer logged the user out right after signing in. react-admin keeps its own
 * /auth-callback outside its routes for the same reason.
 */
export function CallbackArea() {
  const services = useReactAdminServices();
  return (
    <AppServicesProvider value={services}>
      <AdminContext
        basename=""
        authProvider={services.authProviders.shop}
        dataProvider={services.dataProvider}
        i18nProvider={services.i18n.i18nProvider}
        store={services.store}
        theme={services.theme}
        darkTheme={null}
      >
        <RedirectPage />
      </AdminContext>
    </AppServicesProvider>
  );
}

export default CallbackArea;
