import { actionBodySchema } from '../../shared/schema-builder';
import { objectAt, parseOrThrow } from '../crud/validate';
import { platformSettings, savePlatformSettings, type PlatformSettingsDto } from '../platform/settings';
import type { ActionHandler } from './index';

/** GET /platform-settings (public): read fresh-enough from the cache the maintenance check shares. */
const get: ActionHandler = async ({ db }): Promise<PlatformSettingsDto> => platformSettings(db);

/** PUT /platform-settings {maintenance, message} (super admins): validated by the model's action body. */
const update: ActionHandler = async ({ db, resource, request }): Promise<PlatformSettingsDto> => {
  const body = parseOrThrow(actionBodySchema(resource, 'update'), objectAt(request.body)) as { maintenance: boolean; message?: string | null };
  const saved = await savePlatformSettings(db, { maintenance: body.maintenance, message: body.message ?? null });
  request.log.info({ maintenance: saved.maintenance, by: request.auth?.realUser.id }, 'maintenance mode switched');
  return saved;
};

export const platformSettingsActions = { get, update };
