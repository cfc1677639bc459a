import type { ZodTypeProvider } from 'fastify-type-provider-zod';
/**
 * The CRM integration calls (flows §7 Invoices admin calls, for platform admins) and the receiver of
 * the CRM's webhooks (beyond the spec: POST /crm/teamleader/webhook/{secret}, in the OpenAPI
 * document). What they do is ./teamleader.ts; the events go to ./events.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { access } from '../../../model';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import { handedOutOrigin } from '../public-url';
import { handleCrmEvent } from './events';
import {
  authorizeUrl, connect, connectionState, listWebhooks, PROVIDER, receiverUrl, redirectUri, registerWebhooks, unregisterWebhooks, WEBHOOK_TYPES,
} from './teamleader';
import type { DB } from '../../../generated/db/database.gen';

/** A return URL is a path of this site (never another origin: no open redirect through the callback). */
const returnUrl = z.string().trim().max(2000).regex(/^\/(?![/\\])[^\s]*$/, { error: 'invalid' });
const setTokenBody = z.object({ code: z.string().trim().min(1).max(2000), returnUrl: returnUrl.default('/crm-integration') });
const emptyBody = z.object({}).prefault({});
const webhookSchema = z.object({ url: z.string(), types: z.array(z.string()) }).meta({ id: 'CrmWebhook', description: 'A webhook registered in the CRM' });
const eventBody = z.object({
  type: z.string().trim().min(1).max(100),
  subject: z.object({ type: z.string().max(100).optional(), id: z.string().max(100).optional() }).loose().nullish(),
}).loose().meta({ id: 'TeamleaderWebhookEvent', description: "An event as Teamleader's webhooks post it" });

export function registerCrmRoutes(server: FastifyInstance, db: Kysely<DB>, config: ServerConfig): void {
  // Routes typed by their schemas: request.params, .query and .body are what the schemas produced.
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = { access: access.platformAdmin() };
  const tags = ['admin'];
  const origin = (request: { tenant: { hostname: string } }) => handedOutOrigin(config.publicUrl, request.tenant.hostname, request.tenant.hostname);

  app.get('/admin/teamleaderinfo/getclientId', {
    config: admin,
    schema: {
      summary: "The CRM integration's client id, the authorize URL the connect button opens (?returnUrl= becomes its state), the redirect URI, and the tenant's connection (platform admins). 409 CrmNotConfigured without TEAMLEADER_CLIENT_ID/SECRET.",
      tags, querystring: z.object({ returnUrl: returnUrl.optional() }),
      response: {
        200: z.object({
          result: z.object({
            clientId: z.string(), authorizeUrl: z.string(), redirectUri: z.string(), connected: z.boolean(), expiresAt: z.string().nullable(),
            webhookUrl: z.string().nullable(), webhookTypes: z.array(z.string()),
          }),
        }),
      },
    },
  }, async (request) => {
    const o = origin(request);
    const back = request.query.returnUrl ?? '/crm-integration';
    const url = authorizeUrl(config, o, back);
    const state = await connectionState(db, request.tenant.id);
    return {
      result: {
        clientId: config.teamleader.clientId!, authorizeUrl: url, redirectUri: redirectUri(o), connected: state.connected, expiresAt: state.expiresAt,
        webhookUrl: state.webhookSecret ? receiverUrl(o, state.webhookSecret) : null, webhookTypes: [...WEBHOOK_TYPES],
      },
    };
  });

  app.post('/admin/invoices/set-teamleader-token', {
    config: admin,
    schema: {
      summary: "Trades the OAuth code of the CRM's callback for the tenant's tokens ({code, returnUrl}) and keeps them encrypted; answers where to go back to. 400 CrmAuthorizationFailed for a code the CRM refuses (platform admins).",
      tags, body: setTokenBody,
      response: { 200: z.object({ result: z.object({ connected: z.literal(true), expiresAt: z.string(), returnUrl: z.string() }) }) },
    },
  }, async (request) => {
    const body = request.body;
    const expiresAt = await connect(db, config, request.tenant.id, origin(request), body.code, authOf(request).realUser.id);
    request.log.info({ provider: PROVIDER }, 'CRM connected');
    return { result: { connected: true as const, expiresAt: expiresAt.toISOString(), returnUrl: body.returnUrl } };
  });

  app.get('/admin/invoices/registered-webhooks', {
    config: admin,
    schema: {
      summary: "The webhooks registered in the tenant's CRM account (its webhooks.list), ours among them (platform admins). 409 CrmNotConfigured / CrmNotConnected.",
      tags, response: { 200: z.object({ result: z.array(webhookSchema) }) },
    },
  }, async (request) => ({ result: await listWebhooks(db, config, request.tenant.id) }));

  app.post('/admin/invoices/register-webhooks', {
    config: admin,
    schema: {
      summary: `Registers our receiver in the tenant's CRM account for the invoice events ${WEBHOOK_TYPES.join(', ')}; answers the webhooks registered now (platform admins).`,
      tags, body: emptyBody, response: { 200: z.object({ result: z.array(webhookSchema) }) },
    },
  }, async (request) => {
    await registerWebhooks(db, config, request.tenant.id, origin(request));
    return { result: await listWebhooks(db, config, request.tenant.id) };
  });

  app.post('/admin/invoices/unregister-webhooks', {
    config: admin,
    schema: {
      summary: "Unregisters our receiver from the tenant's CRM account; answers the webhooks registered now (platform admins).",
      tags, body: emptyBody, response: { 200: z.object({ result: z.array(webhookSchema) }) },
    },
  }, async (request) => {
    await unregisterWebhooks(db, config, request.tenant.id, origin(request));
    return { result: await listWebhooks(db, config, request.tenant.id) };
  });

  app.post('/crm/teamleader/webhook/:secret', {
    config: { access: access.public() },
    schema: {
      summary: "Receives an event of the CRM's webhooks (Teamleader posts {type, subject: {type, id}, …}); the secret in the URL names the tenant's connection (unknown: 404). Beyond the spec.",
      tags: ['crm'], params: z.object({ secret: z.string().min(16).max(100) }), body: eventBody,
      response: { 200: z.object({ result: z.object({ recorded: z.literal(true) }) }) },
    },
  }, async (request) => {
    const { secret } = request.params;
    const connection = await db.selectFrom('crmConnections').select(['tenantId']).where('webhookSecret', '=', secret).where('provider', '=', PROVIDER).executeTakeFirst();
    if (!connection || connection.tenantId !== request.tenant.id) throw new ApiError('notFound');
    await handleCrmEvent(db, connection.tenantId, PROVIDER, request.body);
    return { result: { recorded: true as const } };
  });
}
