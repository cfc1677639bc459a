import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { purgeExpiredOidcPayloads } from './adapter';
import { createEndSession } from './end-session';
import { registerInteractionRoutes } from './interactions';
import { registerSetPasswordRoutes } from './set-password';
import { createOidcProvider, type OidcOptions, type OidcRuntime } from './provider';
import { allowOnlyKnownOrigins } from './cors';
import { cacheDiscovery } from './discovery-cache';
import { providerPageCsp } from './page-security';
import { createTenantVerifier, externalTenantsFrom } from './tenant-verifier';
import { createLocalVerifier, type AccessTokenVerifier } from './verifier';
import type { DB } from '../../../generated/db/database.gen';

export interface OidcHandle extends OidcRuntime {
  /** Verifies bearer tokens of the embedded provider and of tenants with their own provider. */
  verifier: AccessTokenVerifier;
  /** Revokes the account's grants for the tenant's client and returns the provider's logout URL. */
  endSession: ReturnType<typeof createEndSession>;
}

const METHODS = ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE'] as const;

/**
 * The provider (Koa, `proxy` on) builds every URL it hands out — discovery endpoints, redirects to
 * its pages, the resume URL — from the request's host and X-Forwarded-Proto. Those are set here from
 * PUBLIC_URL, so a rewritten Host or a forged X-Forwarded-* never reaches an answer; the client
 * address is the one Fastify's trustProxy setting chose.
 */
function pinToPublicUrl(request: FastifyRequest, publicUrl: string): void {
  const url = new URL(publicUrl);
  const headers = request.raw.headers;
  const ip = request.ip;
  headers.host = url.host;
  headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  delete headers['x-forwarded-host'];
  headers['x-forwarded-for'] = ip;
}

/** oidc-provider's events for a request it answered with an OAuth error (not a server error). */
export const OIDC_ERROR_EVENTS = ['grant.error', 'revocation.error', 'end_session.error', 'end_session_confirm.error', 'authorization.error', 'jwks.error', 'discovery.error'] as const;

/**
 * What the log keeps of a refused request: the route, the client, the grant type, the OAuth error and
 * the provider's reason for it (its error_detail, never sent to the client). No token or code.
 */
export function oidcErrorLog(event: string, ctx: unknown, err: unknown): Record<string, unknown> {
  const oidc = (ctx as { oidc?: { client?: { clientId?: string }; params?: Record<string, unknown> } } | undefined)?.oidc;
  const e = (err ?? {}) as { error?: unknown; error_description?: unknown; error_detail?: unknown; message?: unknown; statusCode?: unknown };
  const grantType = oidc?.params?.grant_type;
  return {
    event,
    clientId: oidc?.client?.clientId,
    grantType: typeof grantType === 'string' ? grantType : undefined,
    status: e.statusCode,
    error: e.error ?? e.message,
    error_description: e.error_description,
    error_detail: e.error_detail,
  };
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Mounts the embedded identity provider on `${prefix}` and `${prefix}/*` (prefix = the issuer's
 * path, '/oidc'), except the interaction pages, which are ordinary Fastify routes.
 * The provider is a Koa app: an onRequest hook hands it the raw request before Fastify reads the
 * body (the provider parses its own form posts), with the prefix stripped and kept in originalUrl
 * so the provider builds its URLs under the mount path.
 */
export async function registerOidc(app: FastifyInstance, { db, config }: { db: Kysely<DB>; config: OidcOptions }): Promise<OidcHandle> {
  const runtime = await createOidcProvider(db, { log: (message) => app.log.warn(message), ...config });
  const { provider, issuer, audience } = runtime;
  const prefix = new URL(issuer).pathname.replace(/\/+$/, '');
  provider.use(allowOnlyKnownOrigins(runtime.origins));
  provider.use(cacheDiscovery());
  const callback = provider.callback();

  const handOver = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    const rest = (raw.url ?? '').slice(prefix.length);
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    pinToPublicUrl(request, runtime.publicUrl);
    // helmet has set its headers on the raw response already; the provider's pages get their own policy.
    runtime.origins.all().then((origins) => {
      reply.raw.setHeader('content-security-policy', providerPageCsp(origins));
      callback(raw, reply.raw);
    }, (err) => {
      app.log.error({ err }, 'reading the allowed origins failed');
      reply.raw.statusCode = 500;
      reply.raw.end();
    });
    done();
  };
  const unreachable = async () => undefined; // the hook has answered; Fastify never gets here
  for (const url of [prefix, `${prefix}/*`]) {
    app.route({ method: [...METHODS], url, onRequest: handOver, handler: unreachable });
  }

  await app.register(async (scope) => {
    // The login form posts urlencoded; parse it here unless the app already does.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    }
    scope.addHook('onRequest', async (request) => pinToPublicUrl(request, runtime.publicUrl));
    registerInteractionRoutes(scope, runtime, db);
    registerSetPasswordRoutes(scope, runtime, db);
  });

  provider.on('server_error', (_ctx: unknown, err: unknown) => app.log.error({ err }, 'identity provider error'));
  // A refused token, revocation or sign-out request answers 4xx with a generic description; the
  // reason (error_detail, e.g. 'refresh token already used') is only here. Never the token itself.
  for (const event of OIDC_ERROR_EVENTS) {
    provider.on(event, (ctx, err) => app.log.warn(oidcErrorLog(event, ctx, err), 'identity provider refused a request'));
  }

  const purge = setInterval(() => {
    Promise.all([purgeExpiredOidcPayloads(runtime.db), runtime.throttle.purge()])
      .catch((err) => app.log.warn({ err }, 'purging expired identity provider state failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const local = { issuer, verifier: createLocalVerifier(runtime.keys.publicJwks, { issuer, audience }) };
  const handle: OidcHandle = {
    ...runtime,
    verifier: createTenantVerifier(local, externalTenantsFrom(runtime.db)),
    endSession: createEndSession(runtime),
  };
  return handle;
}
