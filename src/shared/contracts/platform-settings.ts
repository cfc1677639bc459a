import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { platformSettings } from '../../../model/resources/platform-settings';
import { safeString } from '../safe-text';
import { contractsOf } from './define';

/** What both maintenance calls answer. */
const maintenanceAnswer = z.object({ maintenance: z.boolean(), message: z.string().nullable() });

/** GET and PUT /platform-settings (core §4 Maintenance). */
export const platformSettingsContracts = contractsOf(platformSettings, {
  get: {
    method: 'GET', path: '/platform-settings', access: access.public(),
    summary: 'Whether the platform is in maintenance, and the message to show: {maintenance, message}. Public, read before sign-in.',
    response: maintenanceAnswer,
  },
  update: {
    method: 'PUT', path: '/platform-settings', access: access.superAdmin(),
    summary: 'Switches maintenance mode (super admins only); answers {maintenance, message}.',
    body: z.object({
      // No default: a body without it is a mistake, not "switch off".
      maintenance: z.boolean(),
      /** Empty clears it. */
      message: z.union([z.literal('').transform(() => null), safeString().trim().max(1000, { error: 'maxLength' })]).nullable().optional(),
    }),
    response: maintenanceAnswer,
  },
});
