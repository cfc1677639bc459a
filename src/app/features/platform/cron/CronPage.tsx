import { useState } from 'react';
import {
  Alert, Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText,
  DialogTitle, Drawer, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { useTasksRun } from '../../../../../generated/app/calls.gen';
import { tasksAvailable, tasksLogs, tasksRunning } from '../../../../../generated/app/calls/tasks.gen';
import type { TaskDto, TaskRunDto, TaskRunState } from '../../../../shared/task-types';
import { callApi } from '../../../data/call-api';
import { useCoreServices } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { useAppQuery } from '../../../data/query-client';
import { formatDateTime, formatNumber, intlLocale } from '../../../i18n/format';
import { useAppNotify } from '../../../notify/useAppNotify';
import { cronInWords } from './cron-words';

/** How often the page reads the tasks again while it is open (runs end on their own), and the open logs while a run has not ended. */
const LIST_REFRESH_MS = 10_000;
const RUNNING_REFRESH_MS = 5_000;
const LOGS_REFRESH_MS = 2_000;

const STATE_COLORS: Record<TaskRunState, 'warning' | 'info' | 'success' | 'error' | null> = {
  created: null, retry: 'warning', active: 'info', completed: 'success', cancelled: null, failed: 'error',
};
const UNFINISHED: readonly TaskRunState[] = ['created', 'retry', 'active'];

function StateChip({ state }: { state: TaskRunState }) {
  const translate = useTranslate();
  const color = STATE_COLORS[state];
  // Outlined, the text in the colour's dark shade: white on the theme's green or orange is below 4.5:1.
  return <Chip size="small" variant="outlined" label={translate(`tasks.state.${state}`)} sx={color ? { color: `${color}.dark`, borderColor: `${color}.dark` } : undefined} />;
}

/** A task's schedule in words (the cron expression and its time zone beside it), or "on every change that needs it". */
function Schedule({ task }: { task: TaskDto }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!task.schedule) return <Typography variant="body2">{translate('tasks.noSchedule')}</Typography>;
  const words = cronInWords(task.schedule.cron, intlLocale(locale));
  return (
    <Box>
      <Typography variant="body2">{words ? translate(words.key, words.params) : task.schedule.cron}</Typography>
      <Typography variant="caption" color="text.secondary">
        <code>{task.schedule.cron}</code> · {translate('tasks.timezone', { zone: task.schedule.timezone })}
      </Typography>
    </Box>
  );
}

/** What a run reported: its result's members, or the error of its last attempt (in words when it gave none). */
function Outcome({ run }: { run: TaskRunDto }) {
  const translate = useTranslate();
  if (run.error || run.state === 'failed' || run.state === 'retry') {
    // A run that failed without a message (an Error without one, a thrown object) says so in words.
    return <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>{translate('tasks.error')}: {run.error ?? translate('tasks.noErrorMessage')}</Typography>;
  }
  if (!run.result) return null;
  // In words: each member under its translated name (an unknown one spelt out), a yes or no for a
  // flag, and nothing for a member without a value.
  const parts = Object.entries(run.result).filter(([, value]) => value !== null && value !== undefined && value !== '').map(([key, value]) => {
    const name = translate(`tasks.resultKeys.${key}`, { _: key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() });
    const shown = typeof value === 'boolean' ? translate(value ? 'tasks.yes' : 'tasks.no') : String(value);
    return `${name}: ${shown}`;
  });
  if (!parts.length) return null;
  return <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{translate('tasks.result')}: {parts.join(', ')}</Typography>;
}

/** A task's latest run: its state, when it started (or was made), and its outcome. */
function LastRun({ run }: { run: TaskRunDto | null }) {
  const translate = useTranslate();
  if (!run) return <Typography variant="body2" color="text.secondary">{translate('tasks.neverRan')}</Typography>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip state={run.state} />
        <Typography variant="body2">{formatDateTime(run.completedOn ?? run.startedOn ?? run.createdOn)}</Typography>
      </Stack>
      <Outcome run={run} />
    </Stack>
  );
}

function Unfinished({ count }: { count: number }) {
  const translate = useTranslate();
  return count
    ? <Chip size="small" variant="outlined" label={translate('tasks.unfinished', { count })} sx={{ color: 'info.dark', borderColor: 'info.dark' }} />
    : <Typography variant="body2" color="text.secondary">{translate('tasks.none')}</Typography>;
}

interface TaskActions {
  onRun: (task: TaskDto) => void;
  onLogs: (task: TaskDto) => void;
}

function TaskButtons({ task, onRun, onLogs }: { task: TaskDto } & TaskActions) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {task.runnable
        ? <Button size="small" variant="contained" onClick={() => onRun(task)} aria-label={`${translate('tasks.run')}: ${task.displayName}`}>{translate('tasks.run')}</Button>
        : <Tooltip title={translate('tasks.notRunnable')}><span><Button size="small" variant="contained" disabled>{translate('tasks.run')}</Button></span></Tooltip>}
      <Button size="small" variant="outlined" onClick={() => onLogs(task)} aria-label={`${translate('tasks.logs')}: ${task.displayName}`}>{translate('tasks.logs')}</Button>
    </Stack>
  );
}

function TaskName({ task }: { task: TaskDto }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>{task.displayName}</Typography>
      <Typography variant="caption" color="text.secondary" component="code" sx={{ display: 'block' }}>{task.name}</Typography>
      <Typography variant="body2" color="text.secondary">{task.description}</Typography>
    </Box>
  );
}

/** Desktop: one table row per task. */
function TaskTable({ tasks, ...actions }: { tasks: TaskDto[] } & TaskActions) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('pages.admin-cron')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('tasks.task')}</TableCell>
          <TableCell>{translate('tasks.schedule')}</TableCell>
          <TableCell>{translate('tasks.lastRun')}</TableCell>
          <TableCell>{translate('tasks.runningNow')}</TableCell>
          <TableCell>{translate('tasks.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} data-task={task.name}>
            <TableCell sx={{ maxWidth: 320 }}><TaskName task={task} /></TableCell>
            <TableCell><Schedule task={task} /></TableCell>
            <TableCell sx={{ maxWidth: 280 }}><LastRun run={task.lastRun} /></TableCell>
            <TableCell><Unfinished count={task.unfinished} /></TableCell>
            <TableCell><TaskButtons task={task} {...actions} /></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones and tablets: one card per task, the same facts one under the other. */
function TaskCards({ tasks, ...actions }: { tasks: TaskDto[] } & TaskActions) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('pages.admin-cron')}>
      {tasks.map((task) => (
        <Card key={task.id} component="li" variant="outlined" data-task={task.name}>
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <TaskName task={task} />
            <Fact label={translate('tasks.schedule')}><Schedule task={task} /></Fact>
            <Fact label={translate('tasks.lastRun')}><LastRun run={task.lastRun} /></Fact>
            <Fact label={translate('tasks.runningNow')}><Unfinished count={task.unfinished} /></Fact>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}><TaskButtons task={task} {...actions} /></CardActions>
        </Card>
      ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, display: 'block' }}>{label}</Typography>
      {children}
    </Box>
  );
}

/** How long a run took, in seconds with one decimal as the interface language writes it. */
const seconds = (from: string, to: string) =>
  formatNumber(Math.max(0, new Date(to).getTime() - new Date(from).getTime()) / 1000, { maximumFractionDigits: 1 });

/** One run in the logs or the running list: state, times, attempt, who ran it, outcome. */
function RunItem({ run, showTask }: { run: TaskRunDto; showTask?: string }) {
  const translate = useTranslate();
  const waiting = (run.state === 'created' || run.state === 'retry') && new Date(run.startAfter).getTime() > Date.now() + 1000;
  const times = [
    `${translate('tasks.createdOn')} ${formatDateTime(run.createdOn)}`,
    run.startedOn && `${translate('tasks.startedOn')} ${formatDateTime(run.startedOn)}`,
    run.completedOn && `${translate('tasks.completedOn')} ${formatDateTime(run.completedOn)}`,
    run.startedOn && run.completedOn && translate('tasks.duration', { seconds: seconds(run.startedOn, run.completedOn) }),
    waiting && translate('tasks.waitsUntil', { time: formatDateTime(run.startAfter) }),
  ].filter(Boolean).join(' · ');
  return (
    <Box component="li" data-run={run.id} data-state={run.state} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip state={run.state} />
        {showTask && <Typography variant="subtitle2" component="span">{showTask}</Typography>}
        {run.retryLimit > 0 && (run.retryCount > 0 || run.state === 'retry') && (
          <Typography variant="caption">{translate('tasks.attempt', { attempt: run.retryCount + 1, of: run.retryLimit + 1 })}</Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">{times}</Typography>
      <Typography variant="caption" color="text.secondary">
        {run.requestedBy ? translate('tasks.byHand', { name: run.requestedBy }) : translate('tasks.byQueue')}
      </Typography>
      <Outcome run={run} />
      <Typography variant="caption" color="text.secondary" component="code" sx={{ overflowWrap: 'anywhere' }}>{run.id}</Typography>
    </Box>
  );
}

/** The latest runs of one task (POST /admin/tasks/logs), read again every 2 s while one has not ended. */
function LogsDrawer({ task, onClose }: { task: TaskDto | null; onClose: () => void }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const count = CONSTANTS.taskLogsCount;
  const logs = useAppQuery({
    queryKey: ['app', 'tasks', 'logs', task?.name],
    queryFn: ({ signal }) => callApi(http, tasksLogs, { body: { taskId: task!.name, count } }, { signal }).then((a) => a.result ?? []),
    enabled: !!task,
    refetchInterval: (query) => (query.state.data?.some((r) => UNFINISHED.includes(r.state)) ? LOGS_REFRESH_MS : false),
  });
  const titleId = 'task-logs-title';
  return (
    <Drawer
      anchor="right" open={!!task} onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 480 }, maxWidth: '100%' } } as object }}
    >
      {task && (
        <Box sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>{translate('tasks.logsTitle', { name: task.displayName })}</Typography>
            <IconButton aria-label={translate('tasks.refresh')} onClick={() => void logs.refetch()} disabled={logs.isFetching}><RefreshIcon /></IconButton>
            <IconButton aria-label={translate('tasks.close')} onClick={onClose}><CloseIcon /></IconButton>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('tasks.logsIntro', { count })}</Typography>
          {logs.isError && <Alert severity="error" role="alert">{describeError(logs.error, { fallback: 'tasks.failed.logs' }, i18n.i18nProvider)}</Alert>}
          {logs.isPending && !logs.isError && <CircularProgress size={24} aria-label={translate('tasks.logs')} />}
          {logs.data && logs.data.length === 0 && <Typography>{translate('tasks.noLogs')}</Typography>}
          {logs.data && logs.data.length > 0 && (
            <Box component="ul" aria-label={translate('tasks.logs')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {logs.data.map((run) => <RunItem key={run.id} run={run} />)}
            </Box>
          )}
        </Box>
      )}
    </Drawer>
  );
}

/**
 * /ycAdmin/cron: the background tasks for platform admins (core §7 /admin/tasks/…): each task with
 * its schedule, its latest run and how many runs have not ended; a scheduled task can be run now
 * (after a confirmation, with a toast), and each task's latest runs open in a drawer.
 */
export function CronPage() {
  const translate = useTranslate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { http, i18n } = useCoreServices();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [confirming, setConfirming] = useState<TaskDto | null>(null);
  const [logsOf, setLogsOf] = useState<TaskDto | null>(null);
  const tasks = useAppQuery({
    queryKey: ['app', 'tasks', 'available'],
    queryFn: ({ signal }) => callApi(http, tasksAvailable, {}, { signal }).then((a) => a.result ?? []),
    refetchInterval: LIST_REFRESH_MS,
  });
  const running = useAppQuery({
    queryKey: ['app', 'tasks', 'running'],
    queryFn: ({ signal }) => callApi(http, tasksRunning, {}, { signal }).then((a) => a.result ?? []),
    refetchInterval: RUNNING_REFRESH_MS,
  });
  const nameOf = (taskName: string) => tasks.data?.find((x) => x.name === taskName)?.displayName ?? taskName;

  const runTask = useTasksRun({
    // A failure without its own code says the spec's 'Error running a task'.
    failure: { fallback: 'tasks.failed.run' },
    onSuccess: async (_answer, { body }) => {
      setConfirming(null);
      toast('tasks.startedToast', { variation: 'success', messageArgs: { name: nameOf(body.taskName) } });
      await queryClient.invalidateQueries({ queryKey: ['app', 'tasks'] });
    },
  });
  const busy = runTask.isPending;
  // In the dialog rather than a toast: a toast within 5 s of another is not shown (core §4), a refusal must be.
  const runError = runTask.errorText;
  // A dialog opened or closed starts without the last refusal.
  const confirm = (task: TaskDto | null) => { runTask.reset(); setConfirming(task); };

  const actions: TaskActions = { onRun: confirm, onLogs: setLogsOf };
  return (
    <Box sx={{ mt: 2, mb: 3, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Title title={translate('pages.admin-cron')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>{translate('pages.admin-cron')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('tasks.intro')}</Typography>
          {tasks.isError && <Alert severity="error" role="alert">{describeError(tasks.error, { fallback: 'tasks.failed.list' }, i18n.i18nProvider)}</Alert>}
          {tasks.isPending && !tasks.isError && <CircularProgress size={24} />}
          {tasks.data && (wide ? <TaskTable tasks={tasks.data} {...actions} /> : <TaskCards tasks={tasks.data} {...actions} />)}
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="tasks-running-title">
        <CardContent>
          <Typography id="tasks-running-title" variant="h6" component="h2">{translate('tasks.runningTitle')}</Typography>
          {running.isError && <Alert severity="error" role="alert">{describeError(running.error, { fallback: 'tasks.failed.list' }, i18n.i18nProvider)}</Alert>}
          {running.data && running.data.length === 0 && <Typography variant="body2" color="text.secondary">{translate('tasks.noneRunning')}</Typography>}
          {running.data && running.data.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {running.data.map((r) => <RunItem key={r.id} run={r} showTask={nameOf(r.taskName)} />)}
            </Box>
          )}
        </CardContent>
      </Card>

      <Dialog open={!!confirming} onClose={() => !busy && confirm(null)} aria-labelledby="task-run-title" fullWidth maxWidth="xs">
        <DialogTitle id="task-run-title">{translate('tasks.runTitle', { name: confirming?.displayName ?? '' })}</DialogTitle>
        <DialogContent>
          {runError && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{runError}</Alert>}
          <DialogContentText>{translate('tasks.runText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => confirm(null)} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => confirming && runTask.mutate({ body: { taskName: confirming.name } })} disabled={busy}>{translate('tasks.runConfirm')}</Button>
        </DialogActions>
      </Dialog>

      <LogsDrawer task={logsOf} onClose={() => setLogsOf(null)} />
    </Box>
  );
}
