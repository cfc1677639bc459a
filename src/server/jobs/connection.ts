import { fromPglite, type ConstructorOptions, type Db } from 'pg-boss';
import type { QueueAccess } from '../db/job-queue-slot';

/** pg-boss's own schema in every database (its tables never mix with the model's). */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss's connection settings for a database. PostgreSQL: a pool of its own, small (workers and
 * the LISTEN connection; the app's requests have theirs). PGlite: pg-boss's PGlite adapter, with
 * every statement and the LISTEN/UNLISTEN taking the single connection in turn (STACK.md: a
 * statement slipped into an open app transaction was lost with its rollback).
 */
export function connectionOptions(access: QueueAccess): ConstructorOptions {
  if (access.kind === 'postgres') return { connectionString: access.connectionString, max: 4, schema: JOB_SCHEMA };
  return { db: serializedPglite(access), backend: 'pglite', schema: JOB_SCHEMA };
}

function serializedPglite(access: Extract<QueueAccess, { kind: 'pglite' }>): Db {
  const inner = fromPglite(access.pglite);
  const db: Db = { executeSql: (text, values) => access.serialized(() => inner.executeSql(text, values)) };
  const listen = inner.listen?.bind(inner);
  if (listen) {
    // onReconnect only wakes workers (no statement of its own), so calling it inside the turn cannot wait for itself.
    db.listen = async (channel, onNotification, onReconnect) => {
      const handle = await access.serialized(() => listen(channel, onNotification, onReconnect));
      return { close: () => access.serialized(() => handle.close()) };
    };
  }
  return db;
}
