import type { Transaction } from 'kysely';
import { jobQueueSlotOf } from '../db/job-queue-slot';
import type { JobData, JobName } from './job-types';
import type { JobQueue, SendOptions } from './queue';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Enqueues job `name` inside the caller's transaction, so it runs once that transaction commits
 * and never when it rolls back (an approval that fails sends no mail). The data is checked against
 * the job's definition first (the queue's registry): a job that could never run is refused where it
 * is made. Answers the job's id. Throws when no queue runs on this database (the app starts one:
 * src/server/jobs/install.ts).
 */
export async function enqueue<N extends JobName>(trx: Transaction<DB>, name: N, data: JobData<N>, options?: SendOptions): Promise<string> {
  const queue = jobQueueSlotOf(trx)?.queue as JobQueue | undefined;
  if (!queue) throw new Error(`No job queue runs on this database: cannot enqueue ${name}`);
  return queue.send(trx, name, queue.definition(name).parse(data), options);
}
