import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { JobRegistry } from './definition';
import { JobQueue, type QueueOverrides } from './queue';
import type { DB } from '../../../generated/db/database.gen';

export interface InstallJobsOptions {
  /** Run jobs in this process (default: config.jobWorkers); off, the app only enqueues. */
  workers?: boolean;
  queues?: QueueOverrides;
  /** Seconds between an idle worker's looks for due jobs (JobQueueOptions.pollSeconds). */
  pollSeconds?: number;
}

/**
 * Starts the database's job queue with the app and gives it back when the app closes (the queue
 * stops with the last app on that database). Started before the app is ready, because enqueueing
 * inside a request's transaction needs it running (src/server/jobs/queue.ts).
 */
export async function installJobs(app: FastifyInstance, db: Kysely<DB>, config: ServerConfig, jobs: JobRegistry, options: InstallJobsOptions = {}): Promise<void> {
  const lease = await JobQueue.acquire(
    { db, config, log: app.log.child({ component: 'jobs' }) },
    { jobs, workers: options.workers ?? config.jobWorkers, queues: options.queues, pollSeconds: options.pollSeconds },
  );
  app.addHook('onClose', () => lease.release());
}
