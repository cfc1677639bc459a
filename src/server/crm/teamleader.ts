/**
 * Teamleader Focus, the third-party CRM (flows §7 Invoices admin calls): the OAuth 2
 * authorization-code flow, the tenant's tokens (encrypted at rest, refreshed when they expire) and
 * the API calls of its webhooks (webhooks.register, webhooks.list, webhooks.unregister).
 *
 * Shapes, as Teamleader documents them: the token endpoint takes a form or JSON body with
 * client_id, client_secret and either grant_type=authorization_code with code and redirect_uri, or
 * grant_type=refresh_token with refresh_token; it answers {token_type: 'Bearer', access_token,
 * refresh_token, expires_in}. The API is RPC-style: POST {apiUrl}/webhooks.register {url, types},
 * POST /webhooks.list {} → {data: [{url, types}]}, POST /webhooks.unregister {url, types}, each with
 * `Authorization: Bearer <access_token>`; a refresh token is used once (the answer carries a new one).
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ServerConfig, TeamleaderConfig } from '../config';
import { ApiError } from '../errors';
import { loadKeks, seal, unseal, type Kek, type SealedMaterial } from '../oidc/key-encryption';
import type { DB } from '../../../generated/db/database.gen';
import { WEBHOOK_TYPES } from '../../shared/contracts/crm';

export const PROVIDER = 'teamleader';

export { WEBHOOK_TYPES };

/** A token is refreshed this long before Teamleader says it expires. */
const REFRESH_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

export interface Webhook { url: string; types: string[] }

/** The configured integration, or 409 CrmNotConfigured. */
export function configured(config: ServerConfig): Required<TeamleaderConfig> & { clientId: string; clientSecret: string } {
  const { clientId, clientSecret } = config.teamleader;
  if (!clientId || !clientSecret) throw new ApiError('CrmNotConfigured');
  return { ...config.teamleader, clientId, clientSecret };
}

/** Where Teamleader sends the user back: the CRM integration page of the tenant's origin. */
export const redirectUri = (origin: string) => `${origin}/crm-integration`;

/** The authorize URL the page's connect button opens; `state` carries the return URL. */
export function authorizeUrl(config: ServerConfig, origin: string, returnUrl: string): string {
  const tl = configured(config);
  const url = new URL(tl.authorizeUrl);
  url.searchParams.set('client_id', tl.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', redirectUri(origin));
  url.searchParams.set('state', returnUrl);
  return url.toString();
}

let keks: Promise<Kek[]> | undefined;
let keksFor: string | undefined;
/** The key-encryption keys of OIDC_KEY_ENCRYPTION_KEY (or the data directory's key file): the project's one secret facility. */
function keysOf(config: ServerConfig): Promise<Kek[]> {
  const id = `${config.oidcKeyEncryptionKeys.join(',')}|${config.dataDir}`;
  if (!keks || keksFor !== id) {
    keksFor = id;
    keks = loadKeks(config.oidcKeyEncryptionKeys, config.dataDir, () => undefined);
  }
  return keks;
}

interface TokenAnswer { access_token: string; refresh_token: string; expires_in: number }

async function post(url: string, body: unknown, bearer?: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('CrmUnavailable');
  }
}

async function tokenRequest(tl: ReturnType<typeof configured>, grant: Record<string, string>): Promise<TokenAnswer | null> {
  const response = await post(tl.tokenUrl, { client_id: tl.clientId, client_secret: tl.clientSecret, ...grant });
  // Teamleader answers 400/401 to a code or refresh token it does not (or no longer) accept.
  if (response.status === 400 || response.status === 401) return null;
  if (!response.ok) throw new ApiError('CrmUnavailable');
  const answer = await response.json().catch(() => null) as Partial<TokenAnswer> | null;
  if (!answer?.access_token || !answer.refresh_token || typeof answer.expires_in !== 'number') throw new ApiError('CrmUnavailable');
  return answer as TokenAnswer;
}

const aad = (tenantId: string, which: string) => `crm:${PROVIDER}:${tenantId}:${which}`;

async function store(db: Kysely<DB>, config: ServerConfig, tenantId: string, tokens: TokenAnswer, userId: string | null): Promise<Date> {
  const [kek] = await keysOf(config);
  const expiresAt = new Date(Date.now() + tokens.expires_in * 1000);
  const values = {
    accessToken: JSON.stringify(seal(tokens.access_token, kek!, aad(tenantId, 'access'))),
    refreshToken: JSON.stringify(seal(tokens.refresh_token, kek!, aad(tenantId, 'refresh'))),
    expiresAt: expiresAt.toISOString(), updatedAt: sql<Date>`now()`,
  };
  const existing = await db.selectFrom('crmConnections').select('id').where('tenantId', '=', tenantId).where('provider', '=', PROVIDER).executeTakeFirst();
  if (existing) {
    await db.updateTable('crmConnections').set({ ...values, ...(userId ? { connectedBy: userId } : {}) } as never).where('id', '=', existing.id).execute();
  } else {
    await db.insertInto('crmConnections').values({
      tenantId, provider: PROVIDER, ...values, webhookSecret: randomBytes(24).toString('base64url'), connectedBy: userId,
    } as never).execute();
  }
  return expiresAt;
}

/** POST /admin/invoices/set-teamleader-token: trades the callback's code for tokens and keeps them. */
export async function connect(db: Kysely<DB>, config: ServerConfig, tenantId: string, origin: string, code: string, userId: string): Promise<Date> {
  const tl = configured(config);
  const tokens = await tokenRequest(tl, { grant_type: 'authorization_code', code, redirect_uri: redirectUri(origin) });
  if (!tokens) throw new ApiError('CrmAuthorizationFailed');
  return store(db, config, tenantId, tokens, userId);
}

export interface ConnectionState { connected: boolean; expiresAt: string | null; webhookSecret: string | null }

export async function connectionState(db: Kysely<DB>, tenantId: string): Promise<ConnectionState> {
  const row = await db.selectFrom('crmConnections').select(['expiresAt', 'webhookSecret']).where('tenantId', '=', tenantId).where('provider', '=', PROVIDER).executeTakeFirst();
  return { connected: !!row, expiresAt: row ? new Date(row.expiresAt as unknown as string).toISOString() : null, webhookSecret: row?.webhookSecret ?? null };
}

/** A valid access token of the tenant, refreshed first when it is (about to be) expired; 409 CrmNotConnected without one. */
export async function accessToken(db: Kysely<DB>, config: ServerConfig, tenantId: string): Promise<string> {
  const tl = configured(config);
  const token = await db.transaction().execute(async (trx) => {
    // One refresh at a time per tenant: a refresh token is good for one use.
    const row = await trx.selectFrom('crmConnections').selectAll().where('tenantId', '=', tenantId).where('provider', '=', PROVIDER).forUpdate().executeTakeFirst();
    if (!row) return null;
    const keys = await keysOf(config);
    if (new Date(row.expiresAt as unknown as string).getTime() - REFRESH_MARGIN_MS > Date.now()) {
      return unseal(JSON.parse(row.accessToken) as SealedMaterial, keys, aad(tenantId, 'access')) as string;
    }
    const refreshToken = unseal(JSON.parse(row.refreshToken) as SealedMaterial, keys, aad(tenantId, 'refresh')) as string;
    const tokens = await tokenRequest(tl, { grant_type: 'refresh_token', refresh_token: refreshToken });
    if (!tokens) {
      // The CRM no longer accepts the refresh token (revoked, or used): the connection is gone.
      await trx.deleteFrom('crmConnections').where('id', '=', row.id).execute();
      return null;
    }
    await store(trx, config, tenantId, tokens, null);
    return tokens.access_token;
  });
  if (!token) throw new ApiError('CrmNotConnected');
  return token;
}

/** One API call with the tenant's token. */
async function api<T>(db: Kysely<DB>, config: ServerConfig, tenantId: string, method: string, body: unknown): Promise<T | null> {
  const token = await accessToken(db, config, tenantId);
  const response = await post(`${config.teamleader.apiUrl}/${method}`, body, token);
  if (response.status === 401) throw new ApiError('CrmNotConnected');
  if (!response.ok) throw new ApiError('CrmUnavailable');
  if (response.status === 204) return null;
  return await response.json().catch(() => null) as T | null;
}

/** The webhooks registered in the tenant's CRM account (webhooks.list). */
export async function listWebhooks(db: Kysely<DB>, config: ServerConfig, tenantId: string): Promise<Webhook[]> {
  const answer = await api<{ data?: unknown }>(db, config, tenantId, 'webhooks.list', {});
  if (!answer || !Array.isArray(answer.data)) throw new ApiError('CrmUnavailable');
  return answer.data
    .filter((w): w is Webhook => !!w && typeof (w as Webhook).url === 'string' && Array.isArray((w as Webhook).types))
    .map((w) => ({ url: w.url, types: w.types.map(String) }));
}

/** Our receiver's URL for the tenant (the secret names the tenant's connection). */
export const receiverUrl = (origin: string, secret: string) => `${origin}/api/crm/teamleader/webhook/${secret}`;

export async function registerWebhooks(db: Kysely<DB>, config: ServerConfig, tenantId: string, origin: string): Promise<Webhook> {
  configured(config);
  const { webhookSecret } = await connectionState(db, tenantId);
  if (!webhookSecret) throw new ApiError('CrmNotConnected');
  const hook = { url: receiverUrl(origin, webhookSecret), types: [...WEBHOOK_TYPES] };
  await api(db, config, tenantId, 'webhooks.register', hook);
  return hook;
}

export async function unregisterWebhooks(db: Kysely<DB>, config: ServerConfig, tenantId: string, origin: string): Promise<Webhook> {
  configured(config);
  const { webhookSecret } = await connectionState(db, tenantId);
  if (!webhookSecret) throw new ApiError('CrmNotConnected');
  const hook = { url: receiverUrl(origin, webhookSecret), types: [...WEBHOOK_TYPES] };
  await api(db, config, tenantId, 'webhooks.unregister', hook);
  return hook;
}
