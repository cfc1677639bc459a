import { platformSettingsContracts } from '../../shared/contracts/platform-settings';
import { platformSettings, savePlatformSettings } from '../platform/settings';
import { implement } from './define';

export const platformSettingsActions = implement(platformSettingsContracts, {
  /** GET /platform-settings (public): read fresh-enough from the cache the maintenance check shares. */
  get: async ({ db }) => platformSettings(db),
  /** PUT /platform-settings {maintenance, message} (super admins). */
  update: async ({ db, body, request }) => {
    const saved = await savePlatformSettings(db, { maintenance: body.maintenance, message: body.message ?? null });
    request.log.info({ maintenance: saved.maintenance, by: request.auth?.realUser.id }, 'maintenance mode switched');
    return saved;
  },
});
