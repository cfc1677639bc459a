import { use, useState } from 'react';
import { useCoreServices } from '../../bootstrap/context';
import { AREA_SPECIFIC_RESOURCES, withReactAdminServices, type AppServices } from '../../bootstrap/services';

/**
 * The core services with react-admin's data providers and store, for a react-admin area: created on
 * the first area that opens, shared by all of them, with the store's locale set to the interface
 * language as the area mounts (the user may have switched language on a light page).
 * Suspends until the admin tier of the messages (react-admin's texts, resource labels) is loaded:
 * the light shop pages start without it (i18n/index.ts), and every area calls this hook first.
 */
export function useReactAdminServices(): AppServices {
  const core = useCoreServices();
  use(core.i18n.loadAdminTexts());
  const [services] = useState(() => {
    // One query client serves every area, but each area asks its own auth provider (the access rules
    // differ per area): answers about sign-in and access cached by another area are not reused.
    core.queryClient.removeQueries({ queryKey: ['auth'] });
    // Nor their records of a resource each area reaches by its own endpoints (react-admin's keys start with the resource).
    for (const resource of AREA_SPECIFIC_RESOURCES) core.queryClient.removeQueries({ queryKey: [resource] });
    return withReactAdminServices(core);
  });
  return services;
}
