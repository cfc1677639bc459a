/**
 * GET /search/credentials (shop contract, "Search"): what the app needs to search — the app id, a
 * per-user secured key, the tenant's index and the hosts. The key's filters carry the tenant, the
 * acting customer's own articles and the user's catalogue rules, so whatever the browser asks, it
 * only ever gets what this user may see.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { searchCredentialsSchema } from '../../shared/contracts/search';
import { rulesOfUser } from '../catalogue/visibility';
import type { ServerConfig } from '../config';
import { authOf } from '../request-context';
import { requestHostname } from '../request-context';
import { handedOutOrigin } from '../public-url';
import { algoliaSecuredKey } from './algolia-job';
import { indexNameFor } from './index-sync';
import { replicaNames } from '../../shared/search-sorts';
import { generateSecuredKey, searchKeys } from './keys';
import { SEARCH_PREFIX } from './protocol';
import { visibilityFilter } from './rules-filter';
import type { DB } from '../../../generated/db/database.gen';

/** What the app needs to search (src/shared/contracts/search.ts). */
export type SearchCredentials = z.output<typeof searchCredentialsSchema>;

/**
 * The tenant's public origin (PUBLIC_URL's scheme and port, public-url.ts), with the API's search
 * path: the client builds '<protocol>://<url>/1/indexes/…' (algoliasearch v5 puts a `port` after
 * the url, so the port stays inside `url` and none is given).
 */
function embeddedHost(config: ServerConfig, request: FastifyRequest): { url: string; protocol: 'http' | 'https'; accept: 'read' } {
  const origin = new URL(handedOutOrigin(config.publicUrl, request.tenant.hostname, requestHostname(request)));
  return { url: `${origin.host}${SEARCH_PREFIX}`, protocol: origin.protocol === 'https:' ? 'https' : 'http', accept: 'read' };
}

export async function credentialsFor(db: Kysely<DB>, config: ServerConfig, request: FastifyRequest): Promise<SearchCredentials> {
  const auth = authOf(request);
  const tenant = request.tenant;
  const rules = await rulesOfUser(db, tenant.id, auth.user.id);
  const filters = visibilityFilter(tenant.id, auth.customerId, rules);
  const validUntil = Math.floor(Date.now() / 1000) + config.search.keyTtlSeconds;
  const indexName = indexNameFor(tenant, config.search.provider === 'algolia' ? config.search.indexPrefix : '');
  const restrictions = { filters, validUntil, restrictIndices: [indexName, ...replicaNames(indexName)], userToken: auth.user.id };
  if (config.search.provider === 'algolia') {
    return { appId: config.search.appId!, apiKey: algoliaSecuredKey(config.search, restrictions), indexName, hosts: null, validUntil };
  }
  const keys = await searchKeys(db, config.search);
  return { appId: keys.appId, apiKey: generateSecuredKey(keys.searchKey, restrictions), indexName, hosts: [embeddedHost(config, request)], validUntil };
}
