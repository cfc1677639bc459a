import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { QueueOptions } from 'pg-boss';
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
 * One kind of background job, declared by its area and listed in the registry (./registry.ts).
 * A handler that throws is retried as `queue` says, then the job ends as failed; handlers must be
 * safe to run again for the same job (an attempt may die after doing part of its work).
 */
export interface JobDefinition<Data extends object> {
  /** Retries, expiry and retention of the job's queue (pg-boss queue options). */
  readonly queue: QueueOptions;
  /** Jobs of this kind one worker process runs at once (default 1). */
  readonly concurrency?: number;
  /**
   * A job of this kind is sent by the queue itself on this cron expression (pg-boss schedule(), in the
   * time zone `tz`, default Europe/Brussels), with the data `{}`: work that looks for what is due
   * rather than work that a change enqueues. The queue sends at most one per occurrence, however
   * many processes run.
   */
  readonly schedule?: { readonly cron: string; readonly tz?: string };
  /** The data a job carries, checked when it is enqueued (its JSON is what the handler gets). */
  readonly parse: (data: unknown) => Data;
  readonly handle: (data: Data, context: JobContext) => Promise<void>;
}

/** Declares a job kind; the registry names it. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}
