/** Wires the marketplace search into the server (app.ts): the protocol routes and, for Algolia, the indexing job. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { createAlgoliaPublisher } from './algolia-job';
import { setSearchPublisher } from './index-sync';
import { registerSearchProtocol } from './protocol';
import type { DB } from '../../../generated/db/database.gen';

export async function installSearch(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig): Promise<void> {
  if (config.search.provider === 'algolia') setSearchPublisher(createAlgoliaPublisher(db, config.search));
  else await registerSearchProtocol(app, db, config);
}

export { registerSearchCredentialsRoute } from './credentials';
export { reindexArticles, rebuildTenantIndex } from './index-sync';
