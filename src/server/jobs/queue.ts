import type { FastifyBaseLogger } from 'fastify';
import { asJob } from '../db/audit-actor';
import type { Kysely, Transaction } from 'kysely';
import { fromKysely, PgBoss, type JobWithMetadata, type Queue, type QueueOptions, type QueueResult, type UpdateQueueOptions } from 'pg-boss';
import type { ServerConfig } from '../config';
import { jobQueueSlotOf, type JobQueueSlot } from '../db/job-queue-slot';
import { connectionOptions } from './connection';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { HAND_RUN_KEY, type JobDefinition, type JobRegistry } from './definition';
import type { DB } from '../../../generated/db/database.gen';

/** Per-queue settings replacing the definitions' (tests shorten retry delays). */
export type QueueOverrides = Partial<Record<string, QueueOptions>>;

export interface JobQueueOptions {
  /** The job kinds: their queues are created, their workers run, enqueue() checks data against them. */
  jobs: JobRegistry;
  /** Run the jobs in this process, or only enqueue them (config.jobWorkers). */
  workers: boolean;
  queues?: QueueOverrides;
  /**
   * How often an idle worker looks for due jobs, in seconds (at least 0.5; default POLL_SECONDS):
   * a retry is found by this polling only, so tests of retries shorten it.
   */
  pollSeconds?: number;
}

/** What workers need to run handlers: the app's database handle, configuration and log. */
export interface WorkerContext {
  db: Kysely<DB>;
  config: ServerConfig;
  log: FastifyBaseLogger;
}

/** Options of one job when enqueued: when it may run at the earliest (a date, or seconds from now), and its priority. */
export interface SendOptions {
  startAfter?: Date | number;
  priority?: number;
}

/** A process's use of the queue; the queue stops when the last lease is given back. */
export interface JobQueueLease {
  readonly queue: JobQueue;
  release(): Promise<void>;
}

/**
 * How often an idle worker looks for jobs. New jobs wake it through LISTEN/NOTIFY at once; polling
 * finds retries (due after their delay, announced by nobody), and everything when NOTIFY is down.
 */
const POLL_SECONDS = { withNotify: 5, withoutNotify: 2 };

type WantedQueue = UpdateQueueOptions & { notify: boolean };

/** The queue settings a definition asks for: its own, the overrides, and a NOTIFY on every new job so workers wake at once. */
function wanted(jobs: JobRegistry, name: string, overrides: QueueOverrides | undefined): WantedQueue {
  // The policy is the queue's at creation only (pg-boss refuses to change it): see ensureQueues.
  const { policy: _policy, ...queue } = jobs[name]!.queue;
  const options: WantedQueue = { ...queue, ...overrides?.[name], notify: true };
  // A maximum delay means something with backoff only (pg-boss refuses it otherwise): cleared when an override turns backoff off.
  if (!options.retryBackoff) options.retryDelayMax = null;
  return options;
}

const differs = (actual: QueueResult, want: WantedQueue) =>
  (Object.keys(want) as (keyof typeof want)[]).some((k) => want[k] !== undefined && actual[k as keyof QueueResult] !== want[k]);

/**
 * Creates the queue of every registered job, or brings its settings to the definition's; one
 * statement when nothing changed. createQueue is idempotent, so processes starting together agree.
 */
export async function ensureQueues(boss: PgBoss, jobs: JobRegistry, overrides?: QueueOverrides): Promise<void> {
  const names = Object.keys(jobs);
  const existing = new Map((await boss.getQueues(names)).map((q) => [q.name, q]));
  for (const name of names) {
    const want = wanted(jobs, name, overrides);
    const found = existing.get(name);
    // createQueue's type has no null for retryDelayMax, its SQL takes one (as 'no maximum').
    if (!found) await boss.createQueue(name, { ...want, policy: jobs[name]!.queue.policy } as Omit<Queue, 'name'>);
    else if (differs(found, want)) await boss.updateQueue(name, want);
  }
  await ensureSchedules(boss, jobs);
}

/** The time zone of a schedule that names none: the shop's (DESIGN: Belgian business days). */
export const SCHEDULE_TZ = SHOP_TIME_ZONE;

/**
 * Brings pg-boss's schedules to the definitions' (JobDefinition.schedule): a definition's cron is
 * (re)written when it differs, a schedule of a registered job that no longer declares one is removed.
 * Only processes started with `schedule` send the jobs; any process may write the table.
 */
async function ensureSchedules(boss: PgBoss, jobs: JobRegistry): Promise<void> {
  const existing = new Map((await boss.getSchedules()).map((s) => [s.name, s]));
  for (const [name, definition] of Object.entries(jobs)) {
    const want = definition.schedule;
    const found = existing.get(name);
    if (want && (found?.cron !== want.cron || found.timezone !== (want.tz ?? SCHEDULE_TZ))) {
      await boss.schedule(name, want.cron, {}, { tz: want.tz ?? SCHEDULE_TZ });
    } else if (!want && found) {
      await boss.unschedule(name);
    }
  }
}

/**
 * The background job queue of one database (pg-boss): started by the first app on that database,
 * found by enqueue() through the database handle's slot, stopped with the last app. Enqueueing
 * needs it started (pg-boss reads a queue's settings from its cache, and on PGlite a cache miss
 * inside the caller's transaction would wait for the connection the transaction holds), so every
 * registered queue is created and cached before the first enqueue; workers are optional.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #slot: JobQueueSlot;
  readonly #jobs: JobRegistry;
  #leases = 0;
  #working = false;
  #started: Promise<void> | undefined;

  private constructor(slot: JobQueueSlot, boss: PgBoss, jobs: JobRegistry) {
    this.#slot = slot;
    this.#boss = boss;
    this.#jobs = jobs;
  }

  /** The definition of job `name`; throws for a name the queue was not given. */
  definition(name: string): JobDefinition<any> {
    const definition = Object.hasOwn(this.#jobs, name) ? this.#jobs[name] : undefined;
    if (!definition) throw new Error(`No job ${name} runs on this queue`);
    return definition;
  }

  /**
   * The queue of `db`'s database, started when this is its first lease; with workers when asked
   * (workers asked by a later lease run without supervision, which the first lease's settings decide).
   */
  static async acquire(ctx: WorkerContext, options: JobQueueOptions): Promise<JobQueueLease> {
    const slot = jobQueueSlotOf(ctx.db);
    if (!slot) throw new Error('The database handle has no job queue slot (open it with openDatabase)');
    let queue = slot.queue as JobQueue | undefined;
    if (!queue) {
      // Supervision (expiry, retention), schedules and listening for new jobs belong to processes
      // that run jobs; the others only enqueue (their inserts still NOTIFY the listeners).
      const boss = new PgBoss({
        ...connectionOptions(slot.access),
        // Expiry and lost heartbeats are looked for in the queues' monitor pass, which one process of
        // the deployment claims per interval: both intervals are the supervision's.
        supervise: options.workers, superviseIntervalSeconds: ctx.config.jobSuperviseSeconds, monitorIntervalSeconds: ctx.config.jobSuperviseSeconds,
        schedule: options.workers, registerInstance: options.workers,
        useListenNotify: options.workers, migrate: true,
      });
      boss.on('error', (err) => ctx.log.error({ err }, 'job queue error'));
      boss.on('warning', (warning) => ctx.log.warn({ warning }, `job queue: ${warning.message}`));
      queue = new JobQueue(slot, boss, options.jobs);
      slot.queue = queue;
      queue.#started = (async () => {
        await boss.start();
        await ensureQueues(boss, options.jobs, options.queues);
      })();
    }
    queue.#leases++;
    let released = false;
    const lease: JobQueueLease = {
      queue,
      release: async () => {
        if (released) return;
        released = true;
        await queue.#release();
      },
    };
    try {
      await queue.#started;
      if (options.workers) await queue.#startWorkers(ctx, options.pollSeconds);
    } catch (err) {
      await lease.release().catch(() => undefined);
      throw err;
    }
    return lease;
  }

  /**
   * Adds a job inside `trx` (pg-boss `send` with a `db` that runs through the transaction): it
   * commits or rolls back with the caller's changes. `name` must be a registered queue.
   */
  async send(trx: Transaction<DB>, name: string, data: object, options: SendOptions = {}): Promise<string> {
    await this.#started;
    const id = await this.#boss.send(name, data, { ...options, db: fromKysely(trx) });
    if (!id) throw new Error(`Job ${name} was not queued`);
    return id;
  }

  /** The jobs of a queue in their current state, oldest first (what tests and operators look at). */
  findJobs(name: string): Promise<JobWithMetadata<object>[]> {
    return this.#boss.findJobs(name);
  }

  async #startWorkers(ctx: WorkerContext, pollSeconds?: number): Promise<void> {
    if (this.#working) return;
    this.#working = true;
    // Each definition handles its own data type; here they are walked alike, their data parsed by their own parse.
    for (const [name, definition] of Object.entries(this.#jobs)) {
      // One pg-boss worker per concurrent job, so each can be told to look again at once (below).
      for (let i = 0; i < (definition.concurrency ?? 1); i++) {
        let workerId: string | undefined;
        workerId = await this.#boss.work(name, {
          includeMetadata: true, batchSize: 1, localConcurrency: 1,
          pollingIntervalSeconds: pollSeconds ?? POLL_SECONDS.withoutNotify, notifyPollingIntervalSeconds: pollSeconds ?? POLL_SECONDS.withNotify,
        }, async ([job]: JobWithMetadata<object>[]) => {
          if (!job) return;
          // A worker that found a job fetches the next one as soon as this one ends: without this
          // pg-boss waits out the polling interval after every job (one job per 5 s and worker,
          // however long the backlog). An empty fetch then waits for NOTIFY or the poll.
          try {
            return await this.#run(ctx, name, definition, job);
          } finally {
            if (workerId) this.#boss.notifyWorker(workerId);
          }
        });
      }
    }
  }

  async #run(ctx: WorkerContext, name: string, definition: JobDefinition<any>, job: JobWithMetadata<object>) {
    const attempt = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, last: job.retryCount >= job.retryLimit };
    const log = ctx.log.child({ job: name, jobId: job.id, retryCount: job.retryCount });
    try {
      // What the handler answers is the job's output (pg-boss keeps it): the run's result in the task logs.
      const { [HAND_RUN_KEY]: _byHand, ...data } = (job.data ?? {}) as Record<string, unknown>;
      // Its writes are the job's in the audit trail (src/server/db/audit-actor.ts).
      return (await asJob(name, () => definition.handle(definition.parse(data), { db: ctx.db, config: ctx.config, log, attempt }))) ?? undefined;
    } catch (err) {
      log[attempt.last ? 'error' : 'warn']({ err }, attempt.last ? 'job failed, no retry left' : 'job failed, will retry');
      throw err;
    }
  }

  async #release(): Promise<void> {
    if (--this.#leases > 0) return;
    if (this.#slot.queue === this) this.#slot.queue = undefined;
    await this.#started?.catch(() => undefined);
    // Graceful: a job being sent finishes (or is given back for a retry) before the database closes.
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
