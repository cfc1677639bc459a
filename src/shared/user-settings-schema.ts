import { z } from 'zod';
import { resourceByName } from '../../model';
import { fieldSchema, valueSchema } from './field-schemas';

const userFields = resourceByName('users').fields;

/**
 * PUT /user-settings, from the users model: language and landing page must be one of theirs; the
 * phone is validated like the model's phone field and may be cleared. The server and the user
 * settings form use this one schema.
 */
export const userSettingsSchema = z.object({
  languageCode: valueSchema(userFields.languageCode).optional(),
  landingPage: valueSchema(userFields.landingPage).optional(),
  phoneNumber: fieldSchema(userFields.phoneNumber, 'update'),
});

/** The landing pages a user can choose (core §2), in the model's order. */
export const LANDING_PAGE_NAMES: readonly string[] = userFields.landingPage.values ?? [];
