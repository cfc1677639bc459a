import { useState } from 'react';
import { useCoreServices } from '../bootstrap/context';
import { withReactAdminServices, type AppServices } from '../bootstrap/services';

/**
 * The core services with react-admin's data provider and store, for a react-admin area: created on
 * the first area that opens, shared by all of them, with the store's locale set to the interface
 * language as the area mounts (the user may have switched language on a light page).
 */
export function useReactAdminServices(): AppServices {
  const core = useCoreServices();
  const [services] = useState(() => withReactAdminServices(core));
  return services;
}
