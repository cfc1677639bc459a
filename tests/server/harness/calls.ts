/** Calls for the harness: a per-request timeout and the checks every answer must pass. */
import type { LightMyRequestResponse } from 'fastify';
import { ERRORS } from '../../../model';
import type { TestApp } from '../helpers/test-app';
import { changed, tableState } from './db-state';
import type { HarnessRoute } from './route-schemas';

export const TIMEOUT_MS = 8000;

export interface Sent { body?: unknown; raw?: string | Buffer; contentType?: string; query?: Record<string, string>; params?: string; headers?: Record<string, string> }

/** The search protocol (src/server/search/protocol.ts) answers in Algolia's shape, which its client reads. */
export const isSearchProtocol = (route: HarnessRoute) => route.path.startsWith('/search/1/');

/** How the harness reaches the search protocol: a user's secured key and index (GET /search/credentials). */
export interface SearchAccess { headers: Record<string, string>; indexName: string }

/** The secured search key and index of a customer user. */
export async function searchAccess(t: TestApp, as: string): Promise<SearchAccess> {
  const { result } = (await t.call('GET', '/api/search/credentials', { as })).json() as { result: { appId: string; apiKey: string; indexName: string } };
  return { headers: { 'x-algolia-application-id': result.appId, 'x-algolia-api-key': result.apiKey }, indexName: result.indexName };
}

const encodeQuery = (q: unknown): Record<string, string> | undefined => {
  if (!q || typeof q !== 'object') return undefined;
  return Object.fromEntries(Object.entries(q as Record<string, unknown>).filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
};

/** Query parameters from a payload object (nested values as JSON). */
export const asQuery = encodeQuery;

/** The route's path with `param` (already URL-encoded) or a fresh uuid in each placeholder. */
export function urlOf(route: HarnessRoute, param?: string, search?: SearchAccess): string {
  const fill = (name: string) => param ?? (search && name === 'star' ? '*' : search && name === 'indexName' ? search.indexName : crypto.randomUUID());
  return `/api${route.path.replace(/\{(\w+)\}/g, (_, name: string) => fill(name))}`;
}

/** Tokens per test app and user, signed once a minute at most: signing and reading the user took as long as a refused call. */
const tokens = new WeakMap<TestApp, Map<string, { token: string; at: number }>>();
async function tokenOf(t: TestApp, as: string): Promise<string> {
  let mine = tokens.get(t);
  if (!mine) tokens.set(t, (mine = new Map()));
  const kept = mine.get(as);
  if (kept && Date.now() - kept.at < 60_000) return kept.token;
  const token = await t.tokenFor(as);
  mine.set(as, { token, at: Date.now() });
  return token;
}

/** One call with a timeout: a hang is a failure like a 5xx. */
export async function send(t: TestApp, route: HarnessRoute, as: string | undefined, sent: Sent, search?: SearchAccess): Promise<LightMyRequestResponse | 'timeout'> {
  const headers: Record<string, string> = { host: 'localhost:3000', ...(isSearchProtocol(route) ? search?.headers : {}), ...sent.headers };
  if (as) headers.authorization = `Bearer ${await tokenOf(t, as)}`;
  const payload = sent.raw ?? (sent.body === undefined ? undefined : JSON.stringify(sent.body));
  if (payload !== undefined) headers['content-type'] = sent.contentType ?? 'application/json';
  const call = t.app.inject({ method: route.method, url: urlOf(route, sent.params, isSearchProtocol(route) ? search : undefined), headers, query: sent.query, payload });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS); });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer to bad input: a 5xx, a hang, or a 4xx without the catalogue's envelope. */
export function problemOf(res: LightMyRequestResponse | 'timeout', algoliaShape = false): string | null {
  if (res === 'timeout') return `no answer within ${TIMEOUT_MS} ms`;
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let body: { errorCode?: unknown; message?: unknown };
  try { body = res.json(); } catch { return `${res.statusCode} without a JSON envelope: ${res.body.slice(0, 100)}`; }
  if (algoliaShape) return typeof body.message === 'string' && (body as { status?: unknown }).status === res.statusCode ? null : `${res.statusCode} not in Algolia's error shape`;
  if (typeof body.errorCode !== 'string' || !(body.errorCode in ERRORS)) return `${res.statusCode} errorCode ${String(body.errorCode)} not in the catalogue`;
  if (typeof body.message !== 'string' || !body.message) return `${res.statusCode} ${body.errorCode} without a message`;
  if (ERRORS[body.errorCode as keyof typeof ERRORS].status !== res.statusCode && res.statusCode !== 413 && res.statusCode !== 415) {
    return `${res.statusCode} with ${body.errorCode}, whose status is ${ERRORS[body.errorCode as keyof typeof ERRORS].status}`;
  }
  return null;
}

/**
 * Sends and checks: answers problemOf's verdict, or that a refused call changed a table. Keeps a
 * baseline of the tables between calls (a call that succeeded may write; then the baseline moves).
 */
export class Checker {
  private baseline: Record<string, string> | null = null;
  constructor(private t: TestApp, private search?: SearchAccess) {}

  async check(route: HarnessRoute, as: string | undefined, sent: Sent): Promise<string | null> {
    this.baseline ??= await tableState(this.t.db);
    const res = await send(this.t, route, as, sent, this.search);
    const problem = problemOf(res, isSearchProtocol(route));
    // A GET writes nothing by design; should one, the next refused write reports the difference.
    if (route.method === 'GET') return problem;
    const after = await tableState(this.t.db);
    const refused = res === 'timeout' || res.statusCode >= 400;
    const diff = refused ? changed(this.baseline, after) : [];
    this.baseline = after;
    if (problem) return problem;
    return diff.length ? `refused with ${(res as LightMyRequestResponse).statusCode} but changed ${diff.join('; ')}` : null;
  }
}
