/**
 * The CRM integration calls and the receiver of the CRM's webhooks (src/shared/contracts/crm.ts)
 * bound to their handlers. What they do is ./teamleader.ts; the events go to ./events.ts.
 */
import type { FastifyRequest } from 'fastify';
import { crmContracts } from '../../shared/contracts/crm';
import { implement } from '../actions/define';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import { handedOutOrigin } from '../public-url';
import { handleCrmEvent } from './events';
import {
  authorizeUrl, connect, connectionState, listWebhooks, PROVIDER, receiverUrl, redirectUri, registerWebhooks, unregisterWebhooks, WEBHOOK_TYPES,
} from './teamleader';

const originOf = (config: ServerConfig, request: FastifyRequest) => handedOutOrigin(config.publicUrl, request.tenant.hostname, request.tenant.hostname);

export const crmActions = implement(crmContracts, {
  clientInfo: async ({ db, request, query, services: { config } }) => {
    const o = originOf(config, request);
    const url = authorizeUrl(config, o, query.returnUrl ?? '/crm-integration');
    const state = await connectionState(db, request.tenant.id);
    return {
      result: {
        clientId: config.teamleader.clientId!, authorizeUrl: url, redirectUri: redirectUri(o), connected: state.connected, expiresAt: state.expiresAt,
        webhookUrl: state.webhookSecret ? receiverUrl(o, state.webhookSecret) : null, webhookTypes: [...WEBHOOK_TYPES],
      },
    };
  },

  setToken: async ({ db, request, body, services: { config } }) => {
    const expiresAt = await connect(db, config, request.tenant.id, originOf(config, request), body.code, authOf(request).realUser.id);
    request.log.info({ provider: PROVIDER }, 'CRM connected');
    return { result: { connected: true as const, expiresAt: expiresAt.toISOString(), returnUrl: body.returnUrl } };
  },

  webhooks: async ({ db, request, services: { config } }) => ({ result: await listWebhooks(db, config, request.tenant.id) }),

  registerWebhooks: async ({ db, request, services: { config } }) => {
    await registerWebhooks(db, config, request.tenant.id, originOf(config, request));
    return { result: await listWebhooks(db, config, request.tenant.id) };
  },

  unregisterWebhooks: async ({ db, request, services: { config } }) => {
    await unregisterWebhooks(db, config, request.tenant.id, originOf(config, request));
    return { result: await listWebhooks(db, config, request.tenant.id) };
  },

  webhookEvent: async ({ db, request, params: { secret }, body }) => {
    const connection = await db.selectFrom('crmConnections').select(['tenantId']).where('webhookSecret', '=', secret).where('provider', '=', PROVIDER).executeTakeFirst();
    if (!connection || connection.tenantId !== request.tenant.id) throw new ApiError('notFound');
    await handleCrmEvent(db, connection.tenantId, PROVIDER, body);
    return { result: { recorded: true as const } };
  },
});
