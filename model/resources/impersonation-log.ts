import { access, endpoints, field, filter, resource, t } from '../dsl';

/**
 * Every API call a super admin makes while impersonating another user (core §4 Impersonation),
 * with both identities. The server writes the rows itself (src/server/plugins/impersonation-log.ts);
 * nobody creates or changes them through the API, super admins only read them.
 */
export const impersonationLog = resource('impersonation-log', {
  label: { one: t('Impersonatielog', 'Impersonation log entry', "Entrée du journal d'usurpation"), many: t('Impersonatielog', 'Impersonation log', "Journal d'usurpation") },
  scope: 'tenant',
  fields: {
    realUserId: field.reference(t('Aangemelde gebruiker', 'Signed-in user', 'Utilisateur connecté'), 'users').required().readOnly(),
    impersonatedUserId: field.reference(t('Geïmpersoneerde gebruiker', 'Impersonated user', 'Utilisateur usurpé'), 'users').required().readOnly(),
    method: field.text(t('Methode', 'Method', 'Méthode')).required().max(10).readOnly(),
    path: field.text(t('Pad', 'Path', 'Chemin')).required().max(2048).readOnly(),
    statusCode: field.integer(t('Statuscode', 'Status code', 'Code de statut')).required().readOnly(),
    at: field.datetime(t('Tijdstip', 'Time', 'Moment')).required().readOnly(),
  },
  recordRepresentation: 'path',
  filters: {
    realUserId: filter.eq(t('Aangemelde gebruiker', 'Signed-in user', 'Utilisateur connecté'), 'realUserId'),
    impersonatedUserId: filter.eq(t('Geïmpersoneerde gebruiker', 'Impersonated user', 'Utilisateur usurpé'), 'impersonatedUserId'),
  },
  list: { columns: ['at', 'realUserId', 'impersonatedUserId', 'method', 'path', 'statusCode'], sort: { field: 'at', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/impersonation-log', ['query'], access.superAdmin()),
  },
  notFound: 'notFound',
});
