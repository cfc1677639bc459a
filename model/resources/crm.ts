import { access, endpoints, field, filter, resource, t } from '../dsl';

/**
 * The third-party CRM integration (Teamleader Focus; core §2 CRM integration page, flows §7 Invoices
 * admin calls). The server writes both tables itself (src/server/crm); nobody creates or changes
 * them through the API.
 */

/**
 * A tenant's connection to the CRM: the OAuth tokens (encrypted at rest with the key of
 * OIDC_KEY_ENCRYPTION_KEY, AES-256-GCM: never readable through the API) and the secret in the
 * URL of our webhook receiver. One row per tenant and provider.
 */
export const crmConnections = resource('crm-connections', {
  label: { one: t('CRM-koppeling', 'CRM connection', 'Connexion CRM'), many: t('CRM-koppelingen', 'CRM connections', 'Connexions CRM') },
  scope: 'tenant',
  fields: {
    provider: field.text(t('CRM', 'CRM', 'CRM')).required().max(40).readOnly(),
    accessToken: field.textarea(t('Toegangstoken (versleuteld)', 'Access token (encrypted)', "Jeton d'accès (chiffré)")).required().max(8000).readOnly(),
    refreshToken: field.textarea(t('Vernieuwingstoken (versleuteld)', 'Refresh token (encrypted)', 'Jeton de renouvellement (chiffré)')).required().max(8000).readOnly(),
    expiresAt: field.datetime(t('Verloopt op', 'Expires at', 'Expire le')).required().readOnly(),
    webhookSecret: field.text(t('Webhookgeheim', 'Webhook secret', 'Secret du webhook')).required().max(100).readOnly(),
    connectedBy: field.reference(t('Gekoppeld door', 'Connected by', 'Connecté par'), 'users').readOnly(),
  },
  recordRepresentation: 'provider',
  list: { columns: ['provider', 'expiresAt'], sort: { field: 'provider', order: 'ASC' } },
  endpoints: {},
  notFound: 'notFound',
});

/**
 * Each event the CRM's webhooks delivered (POST /crm/teamleader/webhook/{secret}), as received:
 * its type (invoice.booked, …), the subject it names and the whole payload. Mapping the events onto
 * the shop's invoices is later work (src/server/crm/events.ts, handleCrmEvent).
 */
export const crmEvents = resource('crm-events', {
  label: { one: t('CRM-gebeurtenis', 'CRM event', 'Événement CRM'), many: t('CRM-gebeurtenissen', 'CRM events', 'Événements CRM') },
  scope: 'tenant',
  fields: {
    provider: field.text(t('CRM', 'CRM', 'CRM')).required().max(40).readOnly(),
    eventType: field.text(t('Gebeurtenis', 'Event', 'Événement')).required().max(100).readOnly(),
    subjectType: field.text(t('Onderwerp', 'Subject', 'Sujet')).max(100).readOnly(),
    subjectId: field.text(t('Id van het onderwerp', 'Subject id', 'Id du sujet')).max(100).readOnly(),
    payload: field.textarea(t('Inhoud', 'Payload', 'Contenu')).max(20000).readOnly(),
    receivedAt: field.datetime(t('Ontvangen op', 'Received at', 'Reçu le')).required().readOnly(),
  },
  recordRepresentation: 'eventType',
  filters: {
    eventType: filter.eq(t('Gebeurtenis', 'Event', 'Événement'), 'eventType'),
  },
  list: { columns: ['receivedAt', 'eventType', 'subjectType', 'subjectId'], sort: { field: 'receivedAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/crm-events', ['query', 'getById'], access.platformAdmin()),
  },
  notFound: 'notFound',
});
