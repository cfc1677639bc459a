import type { Kysely } from 'kysely';
import { PgBoss } from 'pg-boss';
import { jobQueueSlotOf } from '../db/job-queue-slot';
import { connectionOptions } from './connection';
import type { JobRegistry } from './definition';
import { ensureQueues } from './queue';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Installs or upgrades pg-boss's schema and creates the queues of `jobs` (when given), as part of
 * migrating (src/server/db/migrate.ts): they then exist before any app starts, so each server start,
 * and each test database copied from a migrated template, skips that work (without `jobs`, the
 * queues are created when the queue first starts). pg-boss keeps its own schema version and upgrades
 * it itself; this only runs it at migration time.
 */
export async function installJobSchema(db: Kysely<DB>, jobs?: JobRegistry): Promise<void> {
  const slot = jobQueueSlotOf(db);
  if (!slot) throw new Error('The database handle has no job queue slot (open it with openDatabase)');
  const boss = new PgBoss({
    ...connectionOptions(slot.access),
    supervise: false, schedule: false, registerInstance: false, migrate: true, createSchema: true,
  });
  // Errors of start() reject below; this only keeps an 'error' event from being thrown as unhandled.
  boss.on('error', () => undefined);
  try {
    await boss.start();
    if (jobs) await ensureQueues(boss, jobs);
  } finally {
    await boss.stop({ graceful: false });
  }
}
