import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { reindexArticles } from '../search/index-sync';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Called after supplier articles were created or changed (and committed), with their ids: the one
 * place where the search index learns about catalogue changes made through the shop's calls.
 * The articles are stored by then, so a failing index write must not turn the answer into an
 * error (the client would retry and meet its own duplicate): it is logged, and the next rebuild
 * of the tenant's index (rebuildTenantIndex) repairs it.
 */
export async function afterArticlesChanged(db: Kysely<DB>, tenantId: string, ids: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  try {
    await reindexArticles(db, tenantId, ids);
  } catch (err) {
    log?.error({ err, tenantId, articles: ids.length }, 'search index sync failed after an article change');
  }
}
