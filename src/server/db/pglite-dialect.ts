import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * PGlite is one connection. kysely-pglite hands that same connection to every caller, so two
 * concurrent requests would run inside each other's transactions. This driver lends the connection
 * to one caller at a time (like Kysely's SQLite driver does), which keeps transactions isolated.
 */
class ExclusiveDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> { return this.inner.init(); }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => { release = resolve; });
    await previous;
    this.#release = release;
    return withAffectedRows(await this.inner.acquireConnection());
  }

  beginTransaction(c: DatabaseConnection, s: TransactionSettings): Promise<void> { return this.inner.beginTransaction(c, s); }
  commitTransaction(c: DatabaseConnection): Promise<void> { return this.inner.commitTransaction(c); }
  rollbackTransaction(c: DatabaseConnection): Promise<void> { return this.inner.rollbackTransaction(c); }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(c);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  destroy(): Promise<void> { return this.inner.destroy(); }
}

/**
 * PGlite reports how many rows an update, delete or insert touched as `affectedRows`; Kysely reads
 * `numAffectedRows` (numUpdatedRows, numDeletedRows). Without this every count read 0 on PGlite.
 */
function withAffectedRows(c: DatabaseConnection): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const result = await c.executeQuery<R>(query) as QueryResult<R> & { affectedRows?: number };
      if (result.numAffectedRows === undefined && typeof result.affectedRows === 'number') {
        return { ...result, numAffectedRows: BigInt(result.affectedRows) };
      }
      return result;
    },
    streamQuery: (query, chunkSize) => c.streamQuery(query, chunkSize),
  };
}

/** Wraps a dialect so its single connection is used by one caller at a time. */
export function exclusiveDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ExclusiveDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
