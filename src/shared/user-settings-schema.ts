import { z } from 'zod';
import { resourceByName } from '../../model';
import { fieldSchema, valueSchema } from './field-schemas';

const userFields = resourceByName('users').fields;

/**
 * The default filters a user saved per list ('orders': {orderState, excludeInactive, …}), kept in
 * their preferences: a saved list replaces that list's defaults; an empty object forgets them.
 */
export const listFiltersSchema = z.record(
  z.string().regex(/^[a-z][a-zA-Z-]{0,59}$/, 'invalid'),
  z.record(z.string().regex(/^[a-zA-Z]{1,60}$/, 'invalid'), z.union([z.string().max(200, 'maxLength'), z.boolean(), z.number()])).refine((o) => Object.keys(o).length <= 30, 'invalid'),
).refine((o) => Object.keys(o).length <= 20, 'invalid');

/**
 * PUT /user-settings, from the users model: language and landing page must be one of theirs; the
 * phone is validated like the model's phone field and may be cleared. The server and the user
 * settings form use this one schema.
 */
export const userSettingsSchema = z.object({
  languageCode: valueSchema(userFields.languageCode).optional(),
  landingPage: valueSchema(userFields.landingPage).optional(),
  phoneNumber: fieldSchema(userFields.phoneNumber, 'update').optional(),
  listFilters: listFiltersSchema.optional(),
});

/** The landing pages a user can choose (core §2), in the model's order. */
export const LANDING_PAGE_NAMES: readonly string[] = userFields.landingPage.values ?? [];
