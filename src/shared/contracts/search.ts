/**
 * The shop's search call (shop contract, "Search"): what the app needs to search with the
 * algoliasearch client. It belongs to no model resource (callsOf); the handler is
 * src/server/search/credentials.ts. (The Algolia protocol itself, src/server/search/protocol.ts, is a
 * foreign API the client speaks: no contract of ours.)
 */
import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { callsOf } from './define';
import { resultOf } from './shapes';

export const searchCredentialsSchema = z.object({
  appId: z.string(),
  apiKey: z.string(),
  /** The primary index; its sort replicas are `<indexName>_<sort>` (src/shared/search-sorts.ts), allowed by the same key. */
  indexName: z.string(),
  /** Unix time (seconds) after which the key is refused. */
  validUntil: z.number(),
  /**
   * null: Algolia's own hosts. Embedded: one host the client can be given as is — algoliasearch v5
   * ignores a host without `accept` ('read' here: the browser only searches).
   */
  hosts: z.array(z.object({ url: z.string(), protocol: z.enum(['http', 'https']), port: z.number().optional(), accept: z.literal('read') })).nullable(),
});

export const searchContracts = callsOf('search', {
  credentials: {
    method: 'GET', path: '/search/credentials', access: access.customer(),
    summary: "A secured search key limited to what the user may see, with the tenant's index and the search hosts.",
    response: resultOf(searchCredentialsSchema),
  },
});
