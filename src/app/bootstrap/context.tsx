import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { readSession, subscribeSession, type SessionState } from '../session/store';
import type { CoreServices } from './core';
import type { AppServices } from './services';

const AppServicesContext = createContext<CoreServices | null>(null);

/** The services of the subtree: the core services at the root, with react-admin's inside a react-admin area. */
export function AppServicesProvider({ value, children }: { value: CoreServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={value}>{children}</AppServicesContext.Provider>;
}

/** The shared services every page has (HTTP client, session loader, i18n, domain configuration…). */
export function useCoreServices(): CoreServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useCoreServices needs <AppServicesProvider>');
  return services;
}

/**
 * The services with react-admin's data provider and store. Those two exist only inside the
 * react-admin areas (areas/ShopArea, areas/AdminArea); components that also
 * render on the light shop pages (src/app/shell/light) read only the core part, or use useCoreServices.
 */
export function useAppServices(): AppServices {
  return useCoreServices() as AppServices;
}

/** The persisted session, re-rendering when it changes (also from another tab). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
