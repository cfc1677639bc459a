import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { readSession, subscribeSession, type SessionState } from '../session/store';
import type { AppServices } from './services';

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={value}>{children}</AppServicesContext.Provider>;
}

/** The shared services (HTTP client, session loader, domain configuration…) created at startup. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs <AppServicesProvider>');
  return services;
}

/** The persisted session, re-rendering when it changes (also from another tab). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
