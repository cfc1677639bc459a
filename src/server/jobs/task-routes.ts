import type { ZodTypeProvider } from 'fastify-type-provider-zod';
/**
 * The admin task calls (core §7 Admin): the background job kinds, their runs and a run by hand, for
 * platform admins (userType 1 and 2). What they read and do is ./tasks.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { access, CONSTANTS } from '../../../model';
import { TASK_RUN_STATES, type TaskDto, type TaskRunDto } from '../../shared/task-types';
import { negotiateLanguage } from '../i18n';
import { authOf } from '../request-context';
import type { JobRegistry } from './definition';
import { availableTasks, runningTasks, RUNS_MAX, runTask, taskLogs } from './tasks';
import type { DB } from '../../../generated/db/database.gen';

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

const runBody = z.object({ taskName });
const logsBody = z.object({ taskId: taskName, count: z.number().int().min(1).max(RUNS_MAX).default(CONSTANTS.taskLogsCount) });

export function registerTaskRoutes(server: FastifyInstance, db: Kysely<DB>, jobs: JobRegistry): void {
  // Routes typed by their schemas: request.params, .query and .body are what the schemas produced.
  const app = server.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.platformAdmin() };
  const tags = ['admin'];

  app.get('/admin/tasks/available', {
    config,
    schema: {
      summary: 'Every background task with its schedule, its latest run and how many runs have not ended (platform admins).',
      tags, response: { 200: z.object({ result: z.array(taskSchema) }) },
    },
  }, async (request) => ({ result: await availableTasks(db, jobs, request.tenant.id, negotiateLanguage({ acceptLanguage: request.headers['accept-language'] })) }));

  app.get('/admin/tasks/running', {
    config,
    schema: {
      summary: 'The runs of every task that have not ended: waiting, active or waiting to retry (platform admins).',
      tags, response: { 200: z.object({ result: z.array(runSchema) }) },
    },
  }, async (request) => ({ result: await runningTasks(db, jobs, request.tenant.id) }));

  app.post('/admin/tasks/run', {
    config,
    schema: {
      summary: 'Runs a task now (one that needs no data: the scheduled ones); 404 TaskNotFound, 400 TaskNotRunnable (platform admins).',
      tags, body: runBody, response: { 200: z.object({ result: z.object({ taskName: z.string(), jobId: z.string() }) }) },
    },
  }, async (request) => {
    const { taskName: name } = request.body;
    const auth = authOf(request);
    const started = await runTask(db, jobs, name, { tenantId: request.tenant.id, userId: auth.realUser.id });
    request.log.info({ task: started.taskName, jobId: started.jobId, by: auth.realUser.id }, 'task run by hand');
    return { result: started };
  });

  app.post('/admin/tasks/logs', {
    config,
    schema: {
      summary: `The latest runs of a task (taskId: its name), newest first: count of them (default ${CONSTANTS.taskLogsCount}, at most ${RUNS_MAX}) (platform admins).`,
      tags, body: logsBody, response: { 200: z.object({ result: z.array(runSchema) }) },
    },
  }, async (request) => {
    const { taskId, count } = request.body;
    return { result: await taskLogs(db, jobs, request.tenant.id, taskId, count) };
  });
}
