import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAnswerKept } from '../db/commit-guard';
import { enqueue } from '../jobs/enqueue';
import { reindexArticles } from '../search/index-sync';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Called after supplier articles were created or changed (and committed), with their ids: the one
 * place where the search index learns about catalogue changes made through the shop's calls.
 * The articles are stored by then, so a failing index write must not turn the answer into an
 * error (the client would retry and meet its own duplicate): it is logged and a full rebuild of the
 * tenant's index is queued (`search.reindex {tenantId}`, which also runs every night for all).
 * In a request with an Idempotency-Key the index is written once the request's answer is kept (and
 * before the answer leaves, so the caller's next search sees the change): a process that dies
 * between the commit and the kept answer loses that answer, and the index work would widen that
 * window (commit-guard.ts, afterAnswerKept). Elsewhere it is written now.
 */
export async function afterArticlesChanged(db: Kysely<DB>, tenantId: string, ids: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  await afterAnswerKept(() => reindexOrQueue(db, tenantId, ids, log));
}

async function reindexOrQueue(db: Kysely<DB>, tenantId: string, ids: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  try {
    await reindexArticles(db, tenantId, ids);
  } catch (err) {
    log?.error({ err, tenantId, articles: ids.length }, 'search index sync failed after an article change: a rebuild is queued');
    try {
      await db.transaction().execute((trx) => enqueue(trx, 'search.reindex', { tenantId }));
    } catch (queueErr) {
      log?.error({ err: queueErr, tenantId }, 'the search index rebuild could not be queued: the nightly rebuild repairs it');
    }
  }
}
