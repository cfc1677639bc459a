import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { QueueOptions, QueuePolicy } from 'pg-boss';
import type { Translations } from '../../../model/dsl/i18n';
import type { ServerConfig } from '../config';
import type { DB } from '../../../generated/db/database.gen';

/** Where the attempt a handler runs stands among the job's attempts. */
export interface JobAttempt {
  /** The job's id (pg-boss's), the same on every attempt: a handler keys what it writes by it. */
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** No retry follows when this attempt fails: the handler records the failure where people see it. */
  last: boolean;
}

/** What a handler gets besides its data. */
export interface JobContext {
  db: Kysely<DB>;
  config: ServerConfig;
  log: FastifyBaseLogger;
  attempt: JobAttempt;
}

/**
 * The key under which a run started by hand (POST /admin/tasks/run) names its tenant and admin in
 * the job's data. The worker removes it before the definition parses the data, so handlers never
 * see it and a strict parse still accepts the job.
 */
export const HAND_RUN_KEY = '__run';

/**
 * What a run reports when it ends well: a few counts or words (`{sent: 3}`), kept by the queue as the
 * job's output and shown to platform admins with the task's runs (src/server/jobs/tasks.ts).
 */
export type JobResult = Readonly<Record<string, string | number | boolean | null>>;

/**
 * One kind of background job, declared by its area and listed in the registry (src/server/job-registry.ts).
 * A handler that throws is retried as `queue` says, then the job ends as failed; handlers must be
 * safe to run again for the same job (an attempt may die after doing part of its work).
 */
export interface JobDefinition<Data extends object> {
  /** The task's name and what it does, as platform admins read them under /ycAdmin/cron. */
  readonly title: Translations;
  readonly description: Translations;
  /**
   * Retries, expiry and retention of the job's queue (pg-boss queue options), and its policy
   * (e.g. 'singleton': one job of the queue active at a time across all processes), which pg-boss
   * fixes when the queue is created.
   */
  readonly queue: QueueOptions & { policy?: QueuePolicy };
  /** Jobs of this kind one worker process runs at once (default 1). */
  readonly concurrency?: number;
  /**
   * A job of this kind is sent by the queue itself on this cron expression (pg-boss schedule(), in the
   * time zone `tz`, default Europe/Brussels), with the data `{}`: work that looks for what is due
   * rather than work that a change enqueues. The queue sends at most one per occurrence, however
   * many processes run. Such a job needs no data, so platform admins may also run it by hand
   * (POST /admin/tasks/run); a job without a schedule is enqueued by the change that needs it.
   */
  readonly schedule?: { readonly cron: string; readonly tz?: string };
  /** The data a job carries, checked when it is enqueued (its JSON is what the handler gets). */
  readonly parse: (data: unknown) => Data;
  /** Does the work; what it answers (if anything) is the run's result. */
  readonly handle: (data: Data, context: JobContext) => Promise<JobResult | void>;
}

/**
 * The job kinds a queue runs, by queue name (built at the composition root: src/server/job-registry.ts).
 * The queue walks them alike: each definition parses its own data.
 */
// any: each entry keeps its own data type (the root's registry checks each against src/server/jobs/job-types.ts).
export type JobRegistry = Readonly<Record<string, JobDefinition<any>>>;

/** Declares a job kind; the registry names it. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}
