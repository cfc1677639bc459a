/** Wires the marketplace search into the server (app.ts): the protocol routes and, for Algolia, the indexing job. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { createAlgoliaPublisher } from './algolia-job';
import { setSearchPublisher } from './index-sync';
import { registerSearchProtocol } from './protocol';
import type { DB } from '../../../generated/db/database.gen';

export async function installSearch(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig): Promise<void> {
  // The publisher is the process's; an app built later in the same process (tests) replaces it, also with none.
  setSearchPublisher(config.search.provider === 'algolia' ? createAlgoliaPublisher(db, config.search) : null);
  if (config.search.provider !== 'algolia') await registerSearchProtocol(app, db, config);
}

export { reindexArticles, rebuildTenantIndex } from './index-sync';
