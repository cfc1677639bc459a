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
import { format as formatDate, isValid, parse } from 'date-fns';
import { useLocaleState, useTranslate } from 'ra-core';
import { REMINDER_FREQUENCIES } from '../../../../model/resources/order-reminders';
import { DATE_INPUT_FORMAT, LOCALES as PICKER_LOCALES } from '../../generated-support/DateInput';
import type { Contracts } from '../../../shared/contracts';
import { useOrderRemindersCreate, useOrderRemindersList, useOrderRemindersRemove, useOrderRemindersUpdate } from '../../../../generated/app/calls.gen';
import type { ResultOf } from '../../../shared/contracts/define';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';
import { addDays, shopDayTime, shopMoment, todayInShopZone } from '../../../shared/shop-clock';

const R = 'shop.reminders';
const F = 'resources.order-reminders.fields';
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 4000;

type Reminder = ResultOf<Contracts['order-reminders']['list']>['result'][number];
type Frequency = keyof typeof REMINDER_FREQUENCIES;
const isFrequency = (value: string | null | undefined): value is Frequency => !!value && Object.hasOwn(REMINDER_FREQUENCIES, value);

/**
 * The user's own reminders on the order (flows §3 Reminder): each with when it comes next (or when
 * it was sent), its recurrence; a dialog creates and changes one — title, description, the day (the
 * project's date picker, DD/MM/YYYY in the interface language) and time on the Brussels clock,
 * recurring daily, weekly, monthly or yearly — and removes it. The reminders.due job mails it.
 */
export function OrderReminders({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Reminder | 'new' | null>(null);
  const { data: answer, error } = useOrderRemindersList({ params: { id: order.id } });
  const data = answer?.result;
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
  const [locale] = useLocaleState();
  const { toast } = useAppNotify();
  const start = reminder ? shopDayTime(reminder.date) : tomorrowAtNine();
  const [title, setTitle] = useState(reminder?.title ?? '');
  const [description, setDescription] = useState(reminder?.description ?? '');
  const [day, setDay] = useState<Date | null>(parse(start.day, 'yyyy-MM-dd', new Date()));
  const [time, setTime] = useState<Date | null>(parse(start.time, 'HH:mm', new Date()));
  const [recurring, setRecurring] = useState(reminder?.isRecurring ?? false);
  const [frequency, setFrequency] = useState<Frequency>(isFrequency(reminder?.frequency) ? reminder.frequency : 'weekly');
  const [touched, setTouched] = useState(false);
  // Saving or removing reads the reminders again (the mutations do), then closes the dialog.
  const create = useOrderRemindersCreate();
  const update = useOrderRemindersUpdate();
  const remove = useOrderRemindersRemove();
  const changes = [create, update, remove];
  const busy = changes.some((c) => c.isPending);
  const error = changes.find((c) => c.errorText)?.errorText ?? null;
  const { adapter, texts } = PICKER_LOCALES[locale as keyof typeof PICKER_LOCALES] ?? PICKER_LOCALES.nl;

  const titleMissing = !title.trim();
  const dayWrong = !day || !isValid(day);
  const timeWrong = !time || !isValid(time);
  const moment = !dayWrong && !timeWrong ? shopMoment(formatDate(day!, 'yyyy-MM-dd'), formatDate(time!, 'HH:mm')) : null;
  // A one-off must lie ahead (the server says so too); unchanged, an existing one keeps its moment.
  const past = !!moment && !recurring && moment !== reminder?.date && new Date(moment) <= new Date();

  /** Once a change is done and the reminders are read again: its toast, and the dialog closes. */
  const closing = (done: string) => ({ onSuccess: () => { toast(done, { variation: 'success' }); onClose(); } });
  function resetChanges() {
    for (const c of changes) c.reset();
  }
  function save() {
    setTouched(true);
    if (titleMissing || !moment || past) return;
    const body = { title: title.trim(), description: description.trim() || null, date: moment, isRecurring: recurring, frequency: recurring ? frequency : null };
    resetChanges();
    if (!reminder) create.mutate({ params: { id: orderId }, body }, closing(`${R}.created`));
    else update.mutate({ params: { id: orderId, reminderId: reminder.id }, body }, closing(`${R}.saved`));
  }
  function removeIt(id: string) {
    resetChanges();
    remove.mutate({ params: { id: orderId, reminderId: id } }, closing(`${R}.deleted`));
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
          <TextField select label={translate(`${F}.frequency`)} required value={frequency} onChange={(e) => { if (isFrequency(e.target.value)) setFrequency(e.target.value); }}>
            {Object.keys(REMINDER_FREQUENCIES).map((f) => <MenuItem key={f} value={f}>{translate(`resources.order-reminders.choices.frequency.${f}`)}</MenuItem>)}
          </TextField>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {reminder && (
          <Button color="error" disabled={busy} sx={{ mr: 'auto' }}
            onClick={() => removeIt(reminder.id)}>
            {translate('ra.action.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
