import type { PGlite } from '@electric-sql/pglite';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/**
 * How the job queue (src/server/jobs) reaches a database. PostgreSQL: by URL, with a small pool of
 * its own (LISTEN needs a connection to itself). PGlite: through the instance itself, but every
 * statement waits for the one connection like the app's queries do; otherwise a statement of the
 * queue could run inside an open app transaction and share its fate (STACK.md, PGlite pitfalls).
 */
export type QueueAccess =
  | { readonly kind: 'postgres'; readonly connectionString: string }
  | { readonly kind: 'pglite'; readonly pglite: PGlite; readonly serialized: <T>(fn: () => Promise<T>) => Promise<T> };

/**
 * Carried among a database handle's plugins (openDatabase puts one there) so that code holding only
 * a transaction — an order decision enqueueing its mail — finds the job queue that runs on that
 * database: the handle, the instances derived from it and its transactions all share the plugins.
 * It changes no query and no result.
 */
export class JobQueueSlot<Queue = unknown> implements KyselyPlugin {
  /** The running queue of this database, set by src/server/jobs while it runs. */
  queue: Queue | undefined;

  constructor(readonly access: QueueAccess) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The slot among `db`'s plugins (a handle from openDatabase, an instance derived from it, or a transaction of it). */
export function jobQueueSlotOf(db: Kysely<DB>): JobQueueSlot | undefined {
  // getExecutor() is marked internal, but it is how a plugin is found on a derived instance (as tableChangesOf does).
  return db.getExecutor().plugins.find((p): p is JobQueueSlot => p instanceof JobQueueSlot);
}
