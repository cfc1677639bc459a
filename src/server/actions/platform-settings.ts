import { platformSettings, savePlatformSettings } from '../platform/settings';
import { defineActions } from './index';

export const platformSettingsActions = defineActions('platform-settings', {
  /** GET /platform-settings (public): read fresh-enough from the cache the maintenance check shares. */
  get: async ({ db }) => platformSettings(db),
  /** PUT /platform-settings {maintenance, message} (super admins): validated by the model's action body. */
  update: async ({ db, body, request }) => {
  const saved = await savePlatformSettings(db, { maintenance: body.maintenance, message: body.message ?? null });
  request.log.info({ maintenance: saved.maintenance, by: request.auth?.realUser.id }, 'maintenance mode switched');
  return saved;
  },
});
