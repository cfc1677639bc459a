/**
 * The CRM integration calls (flows §7 Invoices admin calls, for platform admins) and the receiver of
 * the CRM's webhooks (beyond the spec: POST /crm/teamleader/webhook/{secret}). They belong to no
 * model resource (callsOf); the server's handlers are src/server/crm/routes.ts.
 */
import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { callsOf } from './define';
import { resultOf } from './shapes';

/**
 * The Teamleader webhook events our receiver is registered for: an invoice booked, sent, a payment
 * registered on it or taken off it (paid / unpaid again), and an invoice deleted.
 */
export const WEBHOOK_TYPES = ['invoice.booked', 'invoice.sent', 'invoice.paymentRegistered', 'invoice.paymentRemoved', 'invoice.deleted'] as const;

/** A return URL is a path of this site (never another origin: no open redirect through the callback). */
const returnUrl = z.string().trim().max(2000).regex(/^\/(?![/\\])[^\s]*$/, { error: 'invalid' });
const emptyBody = z.object({}).prefault({});
const webhookSchema = z.object({ url: z.string(), types: z.array(z.string()) }).meta({ id: 'CrmWebhook', description: 'A webhook registered in the CRM' });
const eventBody = z.object({
  type: z.string().trim().min(1).max(100),
  subject: z.object({ type: z.string().max(100).optional(), id: z.string().max(100).optional() }).loose().nullish(),
}).loose().meta({ id: 'TeamleaderWebhookEvent', description: "An event as Teamleader's webhooks post it" });
const webhooks = resultOf(z.array(webhookSchema));

const admin = access.platformAdmin();
const configuredErrors = ['CrmNotConfigured', 'CrmNotConnected'] as const;

export const crmContracts = callsOf('crm', {
  clientInfo: {
    method: 'GET', path: '/admin/teamleaderinfo/getclientId', access: admin,
    summary: "The CRM integration's client id, the authorize URL the connect button opens (?returnUrl= becomes its state), the redirect URI, and the tenant's connection (platform admins). 409 CrmNotConfigured without TEAMLEADER_CLIENT_ID/SECRET.",
    query: z.object({ returnUrl: returnUrl.optional() }),
    response: resultOf(z.object({
      clientId: z.string(), authorizeUrl: z.string(), redirectUri: z.string(), connected: z.boolean(), expiresAt: z.string().nullable(),
      webhookUrl: z.string().nullable(), webhookTypes: z.array(z.string()),
    })),
    errors: ['CrmNotConfigured'],
  },
  setToken: {
    method: 'POST', path: '/admin/invoices/set-teamleader-token', access: admin,
    summary: "Trades the OAuth code of the CRM's callback for the tenant's tokens ({code, returnUrl}) and keeps them encrypted; answers where to go back to. 400 CrmAuthorizationFailed for a code the CRM refuses (platform admins).",
    body: z.object({ code: z.string().trim().min(1).max(2000), returnUrl: returnUrl.default('/crm-integration') }),
    response: resultOf(z.object({ connected: z.literal(true), expiresAt: z.string(), returnUrl: z.string() })),
    errors: ['CrmNotConfigured', 'CrmAuthorizationFailed'],
  },
  webhooks: {
    method: 'GET', path: '/admin/invoices/registered-webhooks', access: admin,
    summary: "The webhooks registered in the tenant's CRM account (its webhooks.list), ours among them (platform admins). 409 CrmNotConfigured / CrmNotConnected.",
    response: webhooks,
    errors: configuredErrors,
  },
  registerWebhooks: {
    method: 'POST', path: '/admin/invoices/register-webhooks', access: admin,
    summary: `Registers our receiver in the tenant's CRM account for the invoice events ${WEBHOOK_TYPES.join(', ')}; answers the webhooks registered now (platform admins).`,
    body: emptyBody,
    response: webhooks,
    errors: configuredErrors,
  },
  unregisterWebhooks: {
    method: 'POST', path: '/admin/invoices/unregister-webhooks', access: admin,
    summary: "Unregisters our receiver from the tenant's CRM account; answers the webhooks registered now (platform admins).",
    body: emptyBody,
    response: webhooks,
    errors: configuredErrors,
  },
  webhookEvent: {
    method: 'POST', path: '/crm/teamleader/webhook/{secret}', access: access.public(),
    summary: "Receives an event of the CRM's webhooks (Teamleader posts {type, subject: {type, id}, …}); the secret in the URL names the tenant's connection (unknown: 404). Beyond the spec.",
    params: z.object({ secret: z.string().min(16).max(100) }),
    body: eventBody,
    response: resultOf(z.object({ recorded: z.literal(true) })),
    errors: ['notFound'],
  },
});
