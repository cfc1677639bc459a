/**
 * The admin task calls (core §7 Admin: /admin/tasks/available, running, run, logs), as the app reads
 * them. A task is a kind of background job (src/server/job-registry.ts), named by its queue name
 * (`reminders.due`); a run is one job of that kind, with pg-boss's id, state and times. The calls'
 * schemas (src/shared/contracts/tasks.ts) are checked against these types.
 */

/** The most runs one read of a task's runs answers. */
export const TASK_RUNS_MAX = 100;

/** pg-boss's job states: created (waiting), retry (waiting after a failed attempt), active, then one of the three ends. */
export const TASK_RUN_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type TaskRunState = (typeof TASK_RUN_STATES)[number];

/** The states of a run that has not ended yet ("running" in the wide sense: waiting, active or waiting to retry). */
export const UNFINISHED_STATES = ['created', 'retry', 'active'] as const satisfies readonly TaskRunState[];

/** What a run reported when it ended well, e.g. `{sent: 3}`. */
export type TaskRunResult = Record<string, string | number | boolean | null>;

/** One run of a task (one job), times in ISO 8601. */
export interface TaskRunDto {
  /** The job's id. */
  id: string;
  taskName: string;
  state: TaskRunState;
  createdOn: string;
  /** When it may start at the earliest (a retry waits until then). */
  startAfter: string;
  startedOn: string | null;
  completedOn: string | null;
  /** Attempts after the first so far, and how many the task allows. */
  retryCount: number;
  retryLimit: number;
  /** The display name of the platform admin who ran it by hand; null for a scheduled or enqueued run. */
  requestedBy: string | null;
  /** A completed run's result; null when it reported none. */
  result: TaskRunResult | null;
  /** The last attempt's error message (a failed run, or one waiting to retry); null when it gave none. */
  error: string | null;
}

/** One task (GET /admin/tasks/available), texts in the caller's language. */
export interface TaskDto {
  /** The task's name (its queue): what run and logs take as taskName and taskId. */
  id: string;
  name: string;
  displayName: string;
  description: string;
  /** Its cron schedule (time zone `timezone`), or null when changes enqueue it. */
  schedule: { cron: string; timezone: string } | null;
  /** Whether a platform admin may run it now (a scheduled task needs no data; the others do). */
  runnable: boolean;
  /** The latest run that started, or null. */
  lastRun: TaskRunDto | null;
  /** Runs that have not ended (waiting, active, waiting to retry). */
  unfinished: number;
}
