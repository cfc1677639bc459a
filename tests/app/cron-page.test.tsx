import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cronInWords } from '../../src/app/features/platform/cron/cron-words';
import type { TaskDto, TaskRunDto } from '../../src/shared/task-types';
import { loadAdminArea, renderApp } from './app-harness';
import { user, type RecordedCall, type Reply } from './helpers';

/**
 * /ycAdmin/cron, the background tasks (core §7 /admin/tasks/…): the tasks with their schedule in
 * words and last run, "run now" after a confirmation with a toast, the logs of a task in a drawer,
 * and failures in the user's language (the catalogue's message, else the spec's fallback text).
 */

const superAdmin = { signedIn: true, me: user({ id: 'u9', email: 'superadmin@demo.test', userType: 1, customerAccess: [] }) };

const RUN: TaskRunDto = {
  id: '0b6f7d1e-0000-4000-8000-000000000001', taskName: 'reminders.due', state: 'completed', createdOn: '2025-03-04T09:59:59.000Z',
  startAfter: '2025-03-04T09:59:59.000Z', startedOn: '2025-03-04T10:00:00.000Z', completedOn: '2025-03-04T10:00:01.000Z',
  retryCount: 0, retryLimit: 1, requestedBy: null, result: { sent: 2, alreadySent: false, refusedFiles: null, someNewCount: 1 }, error: null,
};
const TASKS: TaskDto[] = [
  {
    id: 'reminders.due', name: 'reminders.due', displayName: 'Herinneringen versturen', description: 'Mailt de herinneringen.',
    schedule: { cron: '* * * * *', timezone: 'Europe/Brussels' }, runnable: true, lastRun: RUN, unfinished: 0,
  },
  {
    id: 'mail.send', name: 'mail.send', displayName: 'E-mail versturen', description: 'Verstuurt één mail.',
    schedule: null, runnable: false, lastRun: null, unfinished: 3,
  },
];
const FAILED: TaskRunDto = { ...RUN, id: '0b6f7d1e-0000-4000-8000-000000000002', state: 'failed', result: null, error: 'connect ECONNREFUSED', requestedBy: 'Sam Super' };
/** A run that failed without an error message (an Error without one, a thrown object: the server answers no error). */
const SILENT: TaskRunDto = { ...RUN, id: '0b6f7d1e-0000-4000-8000-000000000003', state: 'failed', result: null, error: null, requestedBy: null };

/** Opens the page; `answer` may replace the answer of a call (by path). */
async function openPage(answer: (call: RecordedCall) => Reply | Promise<Reply> | undefined = () => undefined) {
  const calls: RecordedCall[] = [];
  await renderApp('/ycAdmin/cron', {
    ...superAdmin,
    respond: (call) => {
      if (call.url.pathname.startsWith('/api/admin/tasks/')) calls.push(call);
      const replaced = answer(call);
      if (replaced) return replaced;
      if (call.url.pathname === '/api/admin/tasks/available') return { body: { result: TASKS } };
      if (call.url.pathname === '/api/admin/tasks/running') return { body: { result: [] } };
      if (call.url.pathname === '/api/admin/tasks/run') return { body: { result: { taskName: 'reminders.due', jobId: 'j1' } } };
      if (call.url.pathname === '/api/admin/tasks/logs') return { body: { result: [FAILED, SILENT, RUN] } };
      return undefined;
    },
  });
  expect(await screen.findByRole('heading', { name: 'Achtergrondtaken', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
  await screen.findByText('Herinneringen versturen');
  return calls;
}

const taskCard = (name: string) => screen.getAllByRole('listitem').find((li) => li.getAttribute('data-task') === name)!;

describe('the background tasks page (/ycAdmin/cron)', () => {
  beforeAll(loadAdminArea, 120_000);
  afterEach(() => { vi.unstubAllGlobals(); });

  it('lists each task with its schedule in words, its last run and its runs not finished; only a scheduled one runs by hand', async () => {
    await openPage();
    const reminders = taskCard('reminders.due');
    expect(within(reminders).getByText('Elke minuut')).toBeInTheDocument();
    expect(within(reminders).getByText('Voltooid')).toBeInTheDocument();
    // In words: a flag as yes or no, nothing for an empty member, an unknown one spelt out.
    expect(within(reminders).getByText('Resultaat: Verzonden: 2, Al verzonden: nee, some new count: 1')).toBeInTheDocument();
    expect(within(reminders).getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' })).toBeEnabled();
    const mail = taskCard('mail.send');
    expect(within(mail).getByText('Bij elke wijziging die ze nodig heeft')).toBeInTheDocument();
    expect(within(mail).getByText('Nog niet uitgevoerd')).toBeInTheDocument();
    expect(within(mail).getByText('3 niet afgerond')).toBeInTheDocument();
    expect(within(mail).getByRole('button', { name: 'Nu uitvoeren' })).toBeDisabled();
    expect(screen.getByText('Er loopt of wacht nu geen enkele taak.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Achtergrondtaken/ })).toHaveAttribute('href', '/ycAdmin/cron');
  });

  it('on a wide screen, a table with one row per task', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'), media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }));
    await openPage();
    const table = screen.getByRole('table', { name: 'Achtergrondtaken' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Taak', 'Planning', 'Laatste uitvoering', 'Nu bezig', 'Acties']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('runs a task after a confirmation, once, and says so', async () => {
    const calls = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
    expect(calls.filter((c) => c.url.pathname === '/api/admin/tasks/run')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uitvoeren' }));
    expect(await screen.findByText('Herinneringen versturen is gestart.')).toBeInTheDocument();
    const runs = calls.filter((c) => c.url.pathname === '/api/admin/tasks/run');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ method: 'POST', body: { taskName: 'reminders.due' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /nu uitvoeren/ })).toBeNull());
  });

  it("shows a refusal in the user's language (the catalogue's message) in the dialog", async () => {
    await openPage((call) => (call.url.pathname === '/api/admin/tasks/run'
      ? { status: 404, body: { errorCode: 'TaskNotFound', message: 'This background task does not exist.' } } : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uitvoeren' }));
    // in the dialog, which stays open: a toast could be swallowed by the one-per-5-s rule
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deze achtergrondtaak bestaat niet.');
  });

  it('waits while the run is asked: its buttons are disabled until the answer, then the dialog closes', async () => {
    let answer!: (reply: Reply) => void;
    await openPage((call) => (call.url.pathname === '/api/admin/tasks/run' ? new Promise<Reply>((resolve) => { answer = resolve; }) : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uitvoeren' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Uitvoeren' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeDisabled();
    answer({ body: { result: { taskName: 'reminders.due', jobId: 'j1' } } });
    // (its toast is the first test's: the app shows one toast per 5 s, across this file's tests)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /nu uitvoeren/ })).toBeNull());
  });

  it("shows a refusal no more once the dialog is opened again", async () => {
    await openPage((call) => (call.url.pathname === '/api/admin/tasks/run'
      ? { status: 404, body: { errorCode: 'TaskNotFound', message: 'This background task does not exist.' } } : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uitvoeren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deze achtergrondtaak bestaat niet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /nu uitvoeren/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }));
    dialog = await screen.findByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("opens a task's latest 20 runs in a drawer: state, who ran it, the error", async () => {
    const calls = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Logboek: Herinneringen versturen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Logboek: Herinneringen versturen' });
    expect(await within(drawer).findAllByText('Mislukt')).toHaveLength(2);
    expect(within(drawer).getByText('Fout: connect ECONNREFUSED')).toBeInTheDocument();
    expect(within(drawer).getByText('Fout: de taak gaf geen foutmelding')).toBeInTheDocument();
    expect(within(drawer).getByText('Met de hand gestart door Sam Super')).toBeInTheDocument();
    expect(within(drawer).getByText('Voltooid')).toBeInTheDocument();
    expect(within(drawer).getAllByText(/duurde 1 s/)).toHaveLength(3);
    expect(calls.find((c) => c.url.pathname === '/api/admin/tasks/logs')).toMatchObject({ method: 'POST', body: { taskId: 'reminders.due', count: 20 } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Logboek/ })).toBeNull());
  });

  it("says the spec's fallback texts when a call fails without a code", async () => {
    await openPage((call) => (call.url.pathname === '/api/admin/tasks/logs' || call.url.pathname === '/api/admin/tasks/running' ? { status: 500, body: {} } : undefined));
    expect(await screen.findByText('Fout bij het opvragen van de taken')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Logboek: Herinneringen versturen' }));
    const drawer = await screen.findByRole('dialog', { name: 'Logboek: Herinneringen versturen' });
    expect(await within(drawer).findByText('Fout bij het opvragen van het logboek van de taak')).toBeInTheDocument();
  });
});

describe('a cron schedule in words', () => {
  it('names the common shapes and leaves the rest to the expression', () => {
    expect(cronInWords('* * * * *', 'nl-BE')).toEqual({ key: 'tasks.every.minute', params: {} });
    expect(cronInWords('*/15 * * * *', 'nl-BE')).toEqual({ key: 'tasks.every.minutes', params: { count: 15 } });
    expect(cronInWords('5 * * * *', 'nl-BE')).toEqual({ key: 'tasks.every.hour', params: { minute: 5 } });
    expect(cronInWords('30 2 * * *', 'nl-BE')).toEqual({ key: 'tasks.every.day', params: { time: '02:30' } });
    expect(cronInWords('0 7 * * 1-5', 'nl-BE')).toEqual({ key: 'tasks.every.workday', params: { time: '07:00' } });
    expect(cronInWords('0 7 * * 1', 'fr-BE')).toEqual({ key: 'tasks.every.weekday', params: { time: '07:00', day: 'lundi' } });
    expect(cronInWords('0 7 * * 0', 'nl-BE')?.params.day).toBe('zondag');
    expect(cronInWords('0 0 1 * *', 'nl-BE')).toBeNull();
    expect(cronInWords('bogus', 'nl-BE')).toBeNull();
  });
});
