import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, List, ListItem, ListItemText,
  MenuItem, Switch, TextField, Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { useQueryClient } from '@tanstack/react-query';
import { format as formatDate, isValid, parse } from 'date-fns';
import { useLocaleState, useTranslate } from 'ra-core';
import { REMINDER_FREQUENCIES } from '../../../../model/resources/order-reminders';
import { DATE_INPUT_FORMAT, LOCALES as PICKER_LOCALES } from '../../generated-support/DateInput';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppQuery } from '../../data/query-client';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../types';
import { addDays, shopDayTime, shopMoment, todayInShopZone } from '../../../shared/shop-clock';

const R = 'shop.reminders';
const F = 'resources.order-reminders.fields';
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 4000;

interface Reminder {
  id: string; title: string; description: string | null; date: string; isRecurring: boolean; frequency: string | null;
  nextDueAt: string | null; lastSentAt: string | null; sentCount: number;
}

const remindersKey = (orderId: string) => ['app', 'order-reminders', orderId] as const;
const remindersPath = (orderId: string) => `/v2/orders/${encodeURIComponent(orderId)}/reminders`;

/**
 * The user's own reminders on the order (flows §3 Reminder): each with when it comes next (or when
 * it was sent), its recurrence; a dialog creates and changes one — title, description, the day (the
 * project's date picker, DD/MM/YYYY in the interface language) and time on the Brussels clock,
 * recurring daily, weekly, monthly or yearly — and removes it. The reminders.due job mails it.
 */
export function OrderReminders({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const [editing, setEditing] = useState<Reminder | 'new' | null>(null);
  const { data, error } = useAppQuery({
    queryKey: remindersKey(order.id),
    queryFn: ({ signal }) => http.get<{ result: Reminder[] }>(remindersPath(order.id), { signal }).then((r) => r.result),
  });
  return (
    <Box component="section" aria-labelledby="order-reminders-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="order-reminders-title" variant="h6" component="h2">{translate(`${R}.title`)}</Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>{translate(`${R}.create`)}</Button>
      </Box>
      <Typography variant="body2" color="text.secondary">{translate(`${R}.help`)}</Typography>
      {error && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data?.length === 0 && <Typography>{translate(`${R}.empty`)}</Typography>}
      {data && data.length > 0 && (
        <List aria-labelledby="order-reminders-title">
          {data.map((r) => (
            <ListItem key={r.id} disableGutters divider
              secondaryAction={<IconButton edge="end" aria-label={translate(`${R}.editNamed`, { title: r.title })} onClick={() => setEditing(r)}><EditOutlinedIcon /></IconButton>}>
              <ListItemText
                primary={r.title}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { component: 'div' } }}
                secondary={(
                  <>
                    <span style={{ display: 'block' }}>{r.nextDueAt ? translate(`${R}.next`, { date: formatDateTime(r.nextDueAt) }) : translate(`${R}.sentAll`, { date: formatDateTime(r.lastSentAt) })}</span>
                    {r.isRecurring && r.frequency && <span style={{ display: 'block' }}>{translate(`${R}.recurringEvery`, { frequency: translate(`resources.order-reminders.choices.frequency.${r.frequency}`) })}</span>}
                    {r.description && <span style={{ display: 'block', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.description}</span>}
                  </>
                )}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editing && <ReminderDialog orderId={order.id} reminder={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** Tomorrow at 09:00 on the Brussels clock: where a new reminder starts. */
function tomorrowAtNine() {
  return { day: addDays(todayInShopZone(), 1), time: '09:00' };
}

function ReminderDialog({ orderId, reminder, onClose }: { orderId: string; reminder: Reminder | null; onClose: () => void }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const start = reminder ? shopDayTime(reminder.date) : tomorrowAtNine();
  const [title, setTitle] = useState(reminder?.title ?? '');
  const [description, setDescription] = useState(reminder?.description ?? '');
  const [day, setDay] = useState<Date | null>(parse(start.day, 'yyyy-MM-dd', new Date()));
  const [time, setTime] = useState<Date | null>(parse(start.time, 'HH:mm', new Date()));
  const [recurring, setRecurring] = useState(reminder?.isRecurring ?? false);
  const [frequency, setFrequency] = useState(reminder?.frequency ?? 'weekly');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { adapter, texts } = PICKER_LOCALES[locale as keyof typeof PICKER_LOCALES] ?? PICKER_LOCALES.nl;

  const titleMissing = !title.trim();
  const dayWrong = !day || !isValid(day);
  const timeWrong = !time || !isValid(time);
  const moment = !dayWrong && !timeWrong ? shopMoment(formatDate(day!, 'yyyy-MM-dd'), formatDate(time!, 'HH:mm')) : null;
  // A one-off must lie ahead (the server says so too); unchanged, an existing one keeps its moment.
  const past = !!moment && !recurring && moment !== reminder?.date && new Date(moment) <= new Date();

  async function run(op: 'create' | 'update' | 'delete', call: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await call();
      toast(done, { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: remindersKey(orderId) });
      onClose();
    } catch (e) {
      setError(describeError(e, { resource: 'order-reminders', op }, i18n.i18nProvider));
    } finally {
      setBusy(false);
    }
  }
  function save() {
    setTouched(true);
    if (titleMissing || !moment || past) return;
    const body = { title: title.trim(), description: description.trim() || null, date: moment, isRecurring: recurring, frequency: recurring ? frequency : null };
    if (!reminder) void run('create', () => http.post(remindersPath(orderId), body), `${R}.created`);
    else void run('update', () => http.put(`${remindersPath(orderId)}/${encodeURIComponent(reminder.id)}`, body), `${R}.saved`);
  }

  const dialogTitle = reminder ? translate(`${R}.editNamed`, { title: reminder.title }) : translate(`${R}.create`);
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="reminder-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="reminder-dialog-title">{dialogTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextField label={translate(`${F}.title`)} required value={title} onChange={(e) => setTitle(e.target.value)} autoFocus
          error={touched && titleMissing} helperText={touched && titleMissing ? translate('validation.messages.required') : undefined}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }} />
        <TextField label={translate(`${F}.description`)} multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }} />
        <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapter} localeText={texts}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 160px' } }}>
            <DatePicker label={translate(`${R}.day`)} value={day} onChange={setDay} format={DATE_INPUT_FORMAT}
              slotProps={{ textField: { variant: 'filled', required: true, error: touched && (dayWrong || past), helperText: touched && dayWrong ? translate('validation.messages.date') : touched && past ? translate(`${R}.inFuture`) : undefined } }} />
            <TimePicker label={translate(`${R}.time`)} value={time} onChange={setTime} ampm={false} format="HH:mm"
              slotProps={{ textField: { variant: 'filled', required: true, error: touched && timeWrong, helperText: touched && timeWrong ? translate(`${R}.timeFormat`) : undefined } }} />
          </Box>
        </LocalizationProvider>
        <FormControlLabel control={<Switch checked={recurring} onChange={(e) => setRecurring(e.target.checked)} />} label={translate(`${F}.isRecurring`)} />
        {recurring && (
          <TextField select label={translate(`${F}.frequency`)} required value={frequency} onChange={(e) => setFrequency(e.target.value)}>
            {Object.keys(REMINDER_FREQUENCIES).map((f) => <MenuItem key={f} value={f}>{translate(`resources.order-reminders.choices.frequency.${f}`)}</MenuItem>)}
          </TextField>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {reminder && (
          <Button color="error" disabled={busy} sx={{ mr: 'auto' }}
            onClick={() => void run('delete', () => http.delete(`${remindersPath(orderId)}/${encodeURIComponent(reminder.id)}`), `${R}.deleted`)}>
            {translate('ra.action.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
