/**
 * The search index client (contract "search"): credentials from GET /search/credentials, then
 * algoliasearch's lite client on the hosts they name (null: Algolia's own). The marketplace and the
 * header's suggestions share one client per customer. algoliasearch is imported on first use, so
 * pages that never search do not load it.
 */
import type { LiteClient } from 'algoliasearch/lite';
import { searchCredentials } from '../../../../../generated/app/calls/search.gen';
import { callApi } from '../../../data/call-api';
import type { HttpClient } from '../../../data/http';
import { readSession } from '../../../session/store';
import type { SearchCredentials } from '../../../common/types';

export interface ShopSearch {
  client: LiteClient;
  indexName: string;
}

type LiteOptions = NonNullable<Parameters<typeof import('algoliasearch/lite').liteClient>[2]>;
type Requester = NonNullable<LiteOptions['requester']>;

/**
 * Sends the client's requests with the page's fetch: one HTTP edge for the whole app (and for its
 * tests), instead of algoliasearch's XMLHttpRequest or node:http requesters.
 */
export const fetchRequester: Requester = {
  async send(request) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; controller.abort(); }, request.connectTimeout + request.responseTimeout);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.data as BodyInit | undefined,
        signal: controller.signal,
      });
      return { status: response.status, content: await response.text(), isTimedOut: false };
    } catch (error) {
      return { status: 0, content: (error as Error).message ?? '', isTimedOut: timedOut };
    } finally {
      clearTimeout(timer);
    }
  },
};

/** validUntil as epoch ms: the server gives unix seconds (Algolia's secured keys); a value already in ms is kept. */
export function expiryOf(validUntil: SearchCredentials['validUntil']): number {
  return validUntil < 1e12 ? validUntil * 1000 : validUntil;
}

let cached: { customerId: string | null; validUntil: number; promise: Promise<ShopSearch> } | null = null;

/** The client for the acting customer; fetched again after a company switch or once the key expires. */
export function getShopSearch(http: HttpClient): Promise<ShopSearch> {
  const customerId = readSession().activeCustomerId;
  if (cached && cached.customerId === customerId && cached.validUntil > Date.now()) return cached.promise;
  const entry = { customerId, validUntil: Infinity, promise: null as unknown as Promise<ShopSearch> };
  entry.promise = (async () => {
    const [{ result }, { liteClient }] = await Promise.all([
      callApi(http, searchCredentials, {}),
      import('algoliasearch/lite'),
    ]);
    entry.validUntil = expiryOf(result.validUntil);
    const hosts = result.hosts?.map((h) => ({
      url: h.url,
      port: h.port,
      protocol: (h.protocol === 'http' ? 'http' : 'https') as 'http' | 'https',
      accept: 'readWrite' as const,
    }));
    const client = liteClient(result.appId, result.apiKey, { ...(hosts?.length ? { hosts } : {}), requester: fetchRequester });
    return { client, indexName: result.indexName };
  })();
  entry.promise.catch(() => { if (cached === entry) cached = null; });
  cached = entry;
  return entry.promise;
}

/** For tests: forget the client. */
export function resetShopSearch(): void {
  cached = null;
}
