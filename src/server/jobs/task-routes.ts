/**
 * The admin task calls (src/shared/contracts/tasks.ts) bound to their handlers. What they read and
 * do is ./tasks.ts; the job kinds are the app's (services.jobs).
 */
import { taskContracts } from '../../shared/contracts/tasks';
import { implement } from '../actions/define';
import { requestLanguage } from '../i18n';
import { authOf } from '../request-context';
import { availableTasks, runningTasks, runTask, taskLogs } from './tasks';

export const taskActions = implement(taskContracts, {
  available: async ({ db, request, services }) => ({ result: await availableTasks(db, services.jobs, request.tenant.id, requestLanguage(request)) }),
  running: async ({ db, request, services }) => ({ result: await runningTasks(db, services.jobs, request.tenant.id) }),
  run: async ({ db, request, services, body: { taskName } }) => {
    const auth = authOf(request);
    const started = await runTask(db, services.jobs, taskName, { tenantId: request.tenant.id, userId: auth.realUser.id });
    request.log.info({ task: started.taskName, jobId: started.jobId, by: auth.realUser.id }, 'task run by hand');
    return { result: started };
  },
  logs: async ({ db, request, services, body: { taskId, count } }) => ({ result: await taskLogs(db, services.jobs, request.tenant.id, taskId, count) }),
});
