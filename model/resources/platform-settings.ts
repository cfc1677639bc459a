import { field, resource, t } from '../dsl';

/**
 * Settings of the whole platform, across tenants: one row (key 'platform'). Maintenance mode lives
 * here and not on tenants because a super admin switches it for a release or a database move of
 * the one deployment every tenant runs on (core §4 Maintenance). Its calls are in
 * src/shared/contracts/platform-settings.ts.
 */
export const platformSettings = resource('platform-settings', {
  label: { one: t('Platforminstellingen', 'Platform settings', 'Paramètres de la plateforme'), many: t('Platforminstellingen', 'Platform settings', 'Paramètres de la plateforme') },
  scope: 'platform',
  fields: {
    /** Always 'platform': the unique key makes the row a singleton that an upsert can target. */
    key: field.text(t('Sleutel', 'Key', 'Clé')).required().unique().default('platform').hidden().readOnly(),
    maintenance: field.boolean(t('Onderhoudsmodus', 'Maintenance mode', 'Mode maintenance')).required(),
    message: field.textarea(t('Onderhoudsbericht', 'Maintenance message', 'Message de maintenance')).max(1000),
  },
  recordRepresentation: 'key',
  list: { columns: ['maintenance', 'message'], sort: { field: 'key', order: 'ASC' } },
  notFound: 'notFound',
});
