/**
 * The admin task calls (core §7 Admin): the background job kinds, their runs and a run by hand, for
 * platform admins (userType 1 and 2). They belong to no model resource (callsOf); the server's
 * handlers are src/server/jobs/task-routes.ts. The schemas answer exactly src/shared/task-types.ts.
 */
import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { TASK_RUN_STATES, TASK_RUNS_MAX, type TaskDto, type TaskRunDto } from '../task-types';
import { callsOf } from './define';
import { resultOf } from './shapes';

const taskName = z.string().trim().min(1).max(200);

const runSchema = z.object({
  id: z.string(),
  taskName: z.string(),
  state: z.enum(TASK_RUN_STATES),
  createdOn: z.string(),
  startAfter: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  requestedBy: z.string().nullable(),
  result: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  error: z.string().nullable(),
}).meta({ id: 'TaskRun', description: 'One run (job) of a background task' });

const taskSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  schedule: z.object({ cron: z.string(), timezone: z.string() }).nullable(),
  runnable: z.boolean(),
  lastRun: runSchema.nullable(),
  unfinished: z.number().int(),
});

/** The schemas answer exactly the shared types (src/shared/task-types.ts), which the app reads. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: [Same<z.output<typeof runSchema>, TaskRunDto>, Same<z.output<typeof taskSchema>, TaskDto>] = [true, true];
void agree;

const admin = access.platformAdmin();

export const taskContracts = callsOf('tasks', {
  available: {
    method: 'GET', path: '/admin/tasks/available', access: admin,
    summary: 'Every background task with its schedule, its latest run and how many runs have not ended (platform admins).',
    response: resultOf(z.array(taskSchema)),
  },
  running: {
    method: 'GET', path: '/admin/tasks/running', access: admin,
    summary: 'The runs of every task that have not ended: waiting, active or waiting to retry (platform admins).',
    response: resultOf(z.array(runSchema)),
  },
  run: {
    method: 'POST', path: '/admin/tasks/run', access: admin,
    summary: 'Runs a task now (one that needs no data: the scheduled ones); 404 TaskNotFound, 400 TaskNotRunnable (platform admins).',
    body: z.object({ taskName }),
    response: resultOf(z.object({ taskName: z.string(), jobId: z.string() })),
    errors: ['TaskNotFound', 'TaskNotRunnable'],
  },
  logs: {
    method: 'POST', read: true, path: '/admin/tasks/logs', access: admin,
    summary: `The latest runs of a task (taskId: its name), newest first: count of them (default ${CONSTANTS.taskLogsCount}, at most ${TASK_RUNS_MAX}) (platform admins).`,
    body: z.object({ taskId: taskName, count: z.number().int().min(1).max(TASK_RUNS_MAX).default(CONSTANTS.taskLogsCount) }),
    response: resultOf(z.array(runSchema)),
    errors: ['TaskNotFound'],
  },
});
