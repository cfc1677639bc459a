import { use, useState } from 'react';
import { useCoreServices } from '../../bootstrap/context';
import { withReactAdminServices, type AppServices } from '../../bootstrap/services';

/**
 * The core services with react-admin's data provider and store, for a react-admin area: created on
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
    return withReactAdminServices(core);
  });
  return services;
}
