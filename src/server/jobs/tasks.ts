import { sql, type Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { TASK_RUN_STATES, TASK_RUNS_MAX, UNFINISHED_STATES, type TaskDto, type TaskRunDto, type TaskRunResult, type TaskRunState } from '../../shared/task-types';
import { jobQueueSlotOf } from '../db/job-queue-slot';
import { ApiError } from '../errors';
import { JOB_SCHEMA } from './connection';
import { HAND_RUN_KEY, type JobDefinition, type JobRegistry } from './definition';
import { SCHEDULE_TZ, type JobQueue } from './queue';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The background jobs as platform admins see them (core §7 /admin/tasks/…): a task is a job kind of
 * the registry; its runs are pg-boss's own job rows (pgboss.job, kept as each queue's retention
 * says), read here with SQL because pg-boss's findJobs lists oldest first and has no state filter.
 * No log table of our own: a job's state, times, attempts and output (the handler's result, or the
 * error of its last attempt) are what the queue keeps anyway.
 *
 * Tenants: the queue is the database's, shared by every tenant. A job whose data names a tenant
 * (a mail's `tenantId`, a hand run's `__run.tenantId`) belongs to that tenant and only its platform
 * admins see it; a job that names none (a scheduled run, which works for every tenant) is everyone's.
 */

/** Who ran a task by hand, carried in the job's data under HAND_RUN_KEY (the worker drops it before the handler parses the data). */
interface HandRun { tenantId: string; userId: string }

/** The longest error text answered (an SMTP transcript can be long). */
const ERROR_MAX = 1000;

const jobTable = sql.table(`${JOB_SCHEMA}.job`);
/** The hand run's member of a job's data, as a literal (a parameter after -> would be ambiguous: text key or array index). */
const handRun = sql.raw(`data->'${HAND_RUN_KEY}'`);
/** The tenant a job belongs to, or null for the platform's own runs. */
const jobTenant = sql<string | null>`coalesce(data->>'tenantId', ${handRun}->>'tenantId')`;
const visibleTo = (tenantId: string) => sql<boolean>`(${jobTenant} is null or ${jobTenant} = ${tenantId})`;

interface JobRow {
  id: string;
  name: string;
  state: string;
  createdOn: unknown;
  startAfter: unknown;
  startedOn: unknown;
  completedOn: unknown;
  retryCount: number;
  retryLimit: number;
  output: unknown;
  requestedBy: string | null;
}

/** The columns of a run, with the hand run's user id (names are looked up afterwards). */
const RUN_COLUMNS = sql`id::text as "id", name as "name", state::text as "state", created_on as "createdOn", start_after as "startAfter",
  started_on as "startedOn", completed_on as "completedOn", retry_count as "retryCount", retry_limit as "retryLimit", output as "output",
  ${handRun}->>'userId' as "requestedBy"`;

const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string).toISOString());
const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try { return JSON.parse(value); } catch { return value; }
};

/** A completed run's output as a result: its scalar members (pg-boss wraps a non-object answer as {value}). */
function resultOf(output: unknown): TaskRunResult | null {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return null;
  const entries = Object.entries(output).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  return entries.length ? Object.fromEntries(entries) as TaskRunResult : null;
}

/**
 * The error pg-boss kept of the last failed attempt, as words: an Error's message (serialize-error's
 * {name, message, stack}), or a thrown text (pg-boss keeps it as {value}). Anything else (an Error
 * without a message, a thrown object) is null, never its raw JSON: the task page says in the admin's
 * language that the run gave no error message.
 */
export function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return typeof output === 'string' && output.trim() ? output.slice(0, ERROR_MAX) : null;
  for (const key of ['message', 'value'] as const) {
    const text = (output as Record<string, unknown>)[key];
    if (typeof text === 'string' && text.trim()) return text.slice(0, ERROR_MAX);
  }
  return null;
}

/** Turns job rows into runs, with the display names of the admins who ran them by hand (of this tenant only). */
async function toRuns(db: Kysely<DB>, tenantId: string, rows: readonly JobRow[]): Promise<TaskRunDto[]> {
  const ids = [...new Set(rows.map((r) => r.requestedBy).filter((id): id is string => !!id && /^[0-9a-f-]{36}$/i.test(id)))];
  const users = ids.length
    ? await db.selectFrom('users').select(['id', 'displayname', 'email']).where('tenantId', '=', tenantId).where('id', 'in', ids).execute()
    : [];
  const names = new Map(users.map((u) => [u.id, u.displayname || u.email]));
  return rows.map((r) => {
    const state = (TASK_RUN_STATES as readonly string[]).includes(r.state) ? r.state as TaskRunState : 'created';
    const output = parsed(r.output);
    return {
      id: r.id,
      taskName: r.name,
      state,
      createdOn: iso(r.createdOn)!,
      startAfter: iso(r.startAfter) ?? iso(r.createdOn)!,
      startedOn: iso(r.startedOn),
      completedOn: iso(r.completedOn),
      retryCount: Number(r.retryCount ?? 0),
      retryLimit: Number(r.retryLimit ?? 0),
      requestedBy: r.requestedBy ? names.get(r.requestedBy) ?? null : null,
      result: state === 'completed' ? resultOf(output) : null,
      error: state === 'failed' || state === 'retry' ? errorOf(output) : null,
    };
  });
}

/** A task may be run by hand when it needs no data: the scheduled ones, which look for what is due. */
export const isRunnableByHand = (definition: JobDefinition<any>): boolean => !!definition.schedule;

/** The task `name`, or 404 TaskNotFound for a name the registry does not have. */
function taskNamed(jobs: JobRegistry, name: string): string {
  if (!Object.hasOwn(jobs, name)) throw new ApiError('TaskNotFound');
  return name;
}

/** GET /admin/tasks/available: every task with its schedule, its latest run that started and how many runs have not ended. */
export async function availableTasks(db: Kysely<DB>, jobs: JobRegistry, tenantId: string, lang: Language): Promise<TaskDto[]> {
  const names = Object.keys(jobs);
  const last = await sql<JobRow>`
    select distinct on (name) ${RUN_COLUMNS} from ${jobTable}
    where name in (${sql.join(names)}) and started_on is not null and ${visibleTo(tenantId)}
    order by name, started_on desc, id`.execute(db);
  const counts = await sql<{ name: string; count: number | string }>`
    select name as "name", count(*) as "count" from ${jobTable}
    where name in (${sql.join(names)}) and state::text in (${sql.join([...UNFINISHED_STATES])}) and ${visibleTo(tenantId)}
    group by name`.execute(db);
  const runs = new Map((await toRuns(db, tenantId, last.rows)).map((r) => [r.taskName, r]));
  const unfinished = new Map(counts.rows.map((c) => [c.name, Number(c.count)]));
  return names.map((name) => {
    const definition = jobs[name]!;
    return {
      id: name,
      name,
      displayName: definition.title[lang],
      description: definition.description[lang],
      schedule: definition.schedule ? { cron: definition.schedule.cron, timezone: definition.schedule.tz ?? SCHEDULE_TZ } : null,
      runnable: isRunnableByHand(definition),
      lastRun: runs.get(name) ?? null,
      unfinished: unfinished.get(name) ?? 0,
    };
  }).sort((a, b) => a.displayName.localeCompare(b.displayName, lang));
}

/** The most runs one call answers. */
const RUNS_MAX = TASK_RUNS_MAX;

/** GET /admin/tasks/running: the runs that have not ended, of every task, active first, then oldest first. */
export async function runningTasks(db: Kysely<DB>, jobs: JobRegistry, tenantId: string): Promise<TaskRunDto[]> {
  const rows = await sql<JobRow>`
    select ${RUN_COLUMNS} from ${jobTable}
    where name in (${sql.join(Object.keys(jobs))}) and state::text in (${sql.join([...UNFINISHED_STATES])}) and ${visibleTo(tenantId)}
    order by (state::text = 'active') desc, created_on, id
    limit ${RUNS_MAX}`.execute(db);
  return toRuns(db, tenantId, rows.rows);
}

/** POST /admin/tasks/logs {taskId, count}: the task's latest `count` runs, newest first. */
export async function taskLogs(db: Kysely<DB>, jobs: JobRegistry, tenantId: string, taskId: string, count: number): Promise<TaskRunDto[]> {
  const name = taskNamed(jobs, taskId);
  const rows = await sql<JobRow>`
    select ${RUN_COLUMNS} from ${jobTable}
    where name = ${name} and ${visibleTo(tenantId)}
    order by created_on desc, id desc
    limit ${Math.min(Math.max(1, count), RUNS_MAX)}`.execute(db);
  return toRuns(db, tenantId, rows.rows);
}

/**
 * POST /admin/tasks/run {taskName}: enqueues a run of the task now, naming who asked (the job's
 * data carries it; the handler never sees it). A task that needs data is refused (TaskNotRunnable).
 */
export async function runTask(db: Kysely<DB>, jobs: JobRegistry, taskName: string, by: HandRun): Promise<{ taskName: string; jobId: string }> {
  const name = taskNamed(jobs, taskName);
  const definition = jobs[name]!;
  if (!isRunnableByHand(definition)) throw new ApiError('TaskNotRunnable');
  const queue = jobQueueSlotOf(db)?.queue as JobQueue | undefined;
  if (!queue) throw new Error('No job queue runs on this database');
  const data = { ...definition.parse({}), [HAND_RUN_KEY]: by };
  const jobId = await db.transaction().execute((trx) => queue.send(trx, name, data));
  return { taskName: name, jobId };
}
