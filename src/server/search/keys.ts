/**
 * Search API keys. Secured keys are built exactly as Algolia builds them —
 * base64(hex(HMAC-SHA256(parentKey, params)) + params), params sorted and URL-encoded — so the
 * embedded engine verifies keys made by algoliasearch's own `generateSecuredApiKey` and the other
 * way round. The embedded parent (search) and admin keys come from the configuration or are
 * generated once and kept in app_state, so every process of one database shares them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SearchConfig } from '../config';
import type { DB } from '../../../generated/db/database.gen';

/** Application id the embedded engine answers as (the lite client needs one). */
export const EMBEDDED_APP_ID = 'SHOPSEARCH';

export interface SearchKeys { appId: string; searchKey: string; adminKey: string }

const cache = new WeakMap<object, SearchKeys>();

export async function searchKeys(db: Kysely<DB>, config: SearchConfig): Promise<SearchKeys> {
  const known = cache.get(db);
  if (known) return known;
  let stored: { searchKey: string; adminKey: string } | undefined;
  if (!config.searchKey || !config.adminKey) {
    const fresh = { searchKey: randomBytes(24).toString('hex'), adminKey: randomBytes(24).toString('hex') };
    await sql`insert into app_state (key, value, updated_at) values ('searchKeys', ${JSON.stringify(fresh)}, now()) on conflict (key) do nothing`.execute(db);
    const row = (await sql<{ value: unknown }>`select value from app_state where key = 'searchKeys'`.execute(db)).rows[0];
    stored = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as typeof fresh;
  }
  const keys = {
    appId: config.provider === 'algolia' ? config.appId! : (config.appId ?? EMBEDDED_APP_ID),
    searchKey: config.searchKey ?? stored!.searchKey,
    adminKey: config.adminKey ?? stored!.adminKey,
  };
  cache.set(db, keys);
  return keys;
}

/** Serialises restrictions as Algolia does: keys sorted, arrays joined by ',', values URL-encoded with %20. */
export function serializeRestrictions(restrictions: Record<string, unknown>): string {
  return Object.keys(restrictions).filter((k) => restrictions[k] !== undefined).sort()
    .map((k) => {
      const v = restrictions[k];
      return `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v)).replace(/\+/g, '%20')}`;
    }).join('&');
}

export interface Restrictions {
  filters?: string;
  validUntil?: number;
  restrictIndices?: string[] | string;
  userToken?: string;
  [other: string]: unknown;
}

export function generateSecuredKey(parentKey: string, restrictions: Restrictions): string {
  const params = serializeRestrictions(restrictions);
  return Buffer.from(createHmac('sha256', parentKey).update(params).digest('hex') + params).toString('base64');
}

export interface DecodedKey { filters: string | null; validUntil: number | null; restrictIndices: string[] | null; userToken: string | null }

/** The API key a search request carries: its X-Algolia-API-Key header, else the query parameter of that name. */
export function apiKeyOf(request: { headers: Record<string, string | string[] | undefined>; query: unknown }): string | undefined {
  const h = request.headers['x-algolia-api-key'];
  const key = (Array.isArray(h) ? h[0] : h) ?? (request.query as Record<string, unknown> | undefined)?.['x-algolia-api-key'];
  return typeof key === 'string' ? key : undefined;
}

/** A secured key's text: base64 of the MAC (64 hex characters) and the params; null for what cannot be one. */
function decodeKey(key: string): string | null {
  if (!/^[A-Za-z0-9+/=]+$/.test(key) || key.length > 16_000) return null;
  const decoded = Buffer.from(key, 'base64').toString('utf8');
  return decoded.length < 64 ? null : decoded;
}

/** The user a secured key names (its userToken), without checking its MAC: for counting calls, never for access. */
export function unverifiedKeyUser(key: string): string | null {
  const decoded = decodeKey(key);
  return decoded === null ? null : new URLSearchParams(decoded.slice(64)).get('userToken');
}

/** The restrictions of a secured key made from `parentKey`, or null when the key was not made from it. */
export function verifySecuredKey(parentKey: string, key: string): DecodedKey | null {
  const decoded = decodeKey(key);
  if (decoded === null) return null;
  const mac = decoded.slice(0, 64);
  const params = decoded.slice(64);
  const expected = createHmac('sha256', parentKey).update(params).digest('hex');
  if (!/^[0-9a-f]{64}$/.test(mac) || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  const q = new URLSearchParams(params);
  const validUntil = q.get('validUntil');
  const indices = q.get('restrictIndices');
  return {
    filters: q.get('filters'),
    validUntil: validUntil === null ? null : Number(validUntil),
    restrictIndices: indices === null ? null : indices.split(',').map((s) => s.trim()).filter(Boolean),
    userToken: q.get('userToken'),
  };
}

/** Whether an index name is allowed by restrictIndices (entries may end in '*', as in Algolia). */
export function indexAllowed(indexName: string, restrictIndices: string[] | null): boolean {
  if (!restrictIndices) return true;
  return restrictIndices.some((r) => (r.endsWith('*') ? indexName.startsWith(r.slice(0, -1)) : r === indexName));
}
