import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, Link, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { CreateInvoiceFromDelivery } from '../invoices/CreateInvoiceFromDelivery';
import { fieldProblems, lineTitle, PROBLEM_TYPES, useDelivery, useDeliveryChanges, type DeliveryDetail, type DeliveryLine, type ProblemType } from './delivery-api';

const M = 'fulfilment.deliveries';
const S = 'resources.deliveries.choices.status';
const P = 'resources.deliveries.choices.problemType';

type Mode = 'view' | 'confirm' | 'return';
interface Entry { amount: string; problemType: ProblemType | ''; remark: string }

export const statusColor = (status: string | null | undefined) => (status === 'approved' ? 'success' : 'default');

/** A number typed in a field: a whole number ≥ 0, or NaN. */
const whole = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

function Figure({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body2">{value ?? '–'}</Typography>
    </Box>
  );
}

/** One line: the amounts, its problem, and in the confirm or return step its inputs. */
function LineCard({ line, mode, entry, onChange, problem }: {
  line: DeliveryLine; mode: Mode; entry: Entry; onChange: (e: Entry) => void; problem?: { rule: string; max?: number };
}) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const title = lineTitle(line, i18n.i18nProvider.getLocale());
  const labelId = `delivery-line-${line.id}`;
  const problemText = problem ? [translate(`validation.messages.${problem.rule}`), problem.max !== undefined ? translate(`${M}.max`, { max: problem.max }) : null].filter(Boolean).join(' ') : undefined;
  return (
    <Paper variant="outlined" component="li" aria-labelledby={labelId} sx={{ p: 1.5, listStyle: 'none' }}>
      <Typography id={labelId} variant="subtitle2" component="h3">{line.lineNumber ? `${line.lineNumber}. ` : ''}{title}</Typography>
      <Typography variant="body2" color="text.secondary">{line.articleNumberSupplier}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1, mt: 1 }}>
        <Figure label={translate(`${M}.ordered`)} value={line.ordered} />
        <Figure label={translate(`${M}.announced`)} value={line.supplierConfirmed} />
        <Figure label={translate(`${M}.toDeliver`)} value={line.toDeliver} />
        <Figure label={translate(`${M}.deliveredAmount`)} value={line.delivered} />
        <Figure label={translate(`${M}.returnedAmount`)} value={line.returned} />
      </Box>
      {mode === 'view' && (line.problemType || line.remark) && (
        <Typography variant="body2" sx={{ mt: 1 }} color={line.problemType ? 'warning.dark' : 'text.primary'}>
          {[line.problemType && translate(`${P}.${line.problemType}`), line.remark && `“${line.remark}”`].filter(Boolean).join(' · ')}
        </Typography>
      )}
      {mode !== 'view' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 220px 1fr' }, gap: 1.5, mt: 1.5 }}>
          <TextField
            size="small" label={translate(mode === 'confirm' ? `${M}.deliveredAmount` : `${M}.returnAmount`)} value={entry.amount}
            onChange={(e) => onChange({ ...entry, amount: e.target.value })} error={!!problem} helperText={problemText}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': labelId } }}
          />
          <TextField select size="small" label={translate(`${M}.problem`)} value={entry.problemType} onChange={(e) => onChange({ ...entry, problemType: e.target.value as Entry['problemType'] })}>
            <MenuItem value="">{translate(`${M}.noProblem`)}</MenuItem>
            {PROBLEM_TYPES.map((p) => <MenuItem key={p} value={p}>{translate(`${P}.${p}`)}</MenuItem>)}
          </TextField>
          <TextField size="small" label={translate(`${M}.remark`)} value={entry.remark} onChange={(e) => onChange({ ...entry, remark: e.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * A delivery: its header, its lines and the steps the caller may take (the server's mayConfirm,
 * mayReturn, mayUndo): confirm with the amounts that arrived and a problem per line, return items,
 * undo the confirmation. The shop's /deliveries/{id} and the admin's delivery page draw it.
 */
export function DeliveryView({ detail, admin = false }: { detail: DeliveryDetail; admin?: boolean }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useDeliveryChanges(detail.id);
  const refresh = useRefresh();
  const [mode, setMode] = useState<Mode>('view');
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [problems, setProblems] = useState<Record<string, { rule: string; max?: number }>>({});
  const [busy, setBusy] = useState(false);
  const [askUndo, setAskUndo] = useState(false);

  function start(next: Mode) {
    setProblems({});
    setEntries(Object.fromEntries(detail.lines.map((l) => [l.id, {
      amount: next === 'confirm' ? String(l.supplierConfirmed ?? 0) : '', problemType: next === 'return' ? (l.problemType ?? '') : '', remark: '',
    }])));
    setMode(next);
  }

  async function run(step: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await step();
      toast(translate(done), { variation: 'success' });
      // The admin's show page reads the record too.
      if (admin) refresh();
      setMode('view');
      setProblems({});
    } catch (e) {
      setProblems(fieldProblems(e));
      toast(describeError(e, { resource: 'deliveries', op: 'update' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const rows = detail.lines.map((l) => ({ line: l, entry: entries[l.id]! }));
    // Every amount is checked again by the server (paths lines.N.*); here only that it is a whole number.
    const local: Record<string, { rule: string }> = {};
    if (mode === 'confirm') {
      rows.forEach(({ entry }, i) => { if (Number.isNaN(whole(entry.amount))) local[`lines.${i}.delivered`] = { rule: 'numerical' }; });
      if (Object.keys(local).length) return setProblems(local);
      void run(() => changes.confirm({
        lines: rows.map(({ line, entry }) => ({ id: line.id, delivered: whole(entry.amount), problemType: entry.problemType || null, remark: entry.remark.trim() || null })),
      }), `${M}.confirmed`);
    } else {
      const sent = rows.filter(({ entry }) => entry.amount.trim() !== '');
      sent.forEach(({ entry }, i) => { if (!(whole(entry.amount) > 0)) local[`lines.${i}.amount`] = { rule: 'minValue' }; });
      if (!sent.length) return toast(translate(`${M}.nothingToReturn`), { variation: 'warning' });
      if (Object.keys(local).length) return setProblems(local);
      void run(() => changes.returnItems(sent.map(({ line, entry }) => ({ id: line.id, amount: whole(entry.amount), problemType: entry.problemType || null, remark: entry.remark.trim() || null }))), `${M}.returnedDone`);
    }
  }

  // The server's error paths count the lines sent: all of them when confirming, the filled ones when returning.
  const sentIndex = (lineId: string) => (mode === 'confirm' ? detail.lines.findIndex((l) => l.id === lineId)
    : detail.lines.filter((l) => entries[l.id]?.amount.trim()).findIndex((l) => l.id === lineId));
  const problemOf = (lineId: string) => {
    const i = sentIndex(lineId);
    return i < 0 ? undefined : problems[`lines.${i}.${mode === 'confirm' ? 'delivered' : 'amount'}`];
  };

  return (
    <Box sx={{ my: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        {!admin && <Typography variant="h5" component="h1">{detail.deliveryNumber}</Typography>}
        <Chip label={translate(`${S}.${detail.status}`)} color={statusColor(detail.status)} />
        {/* flows §4: an approved delivery keeps its problems on its lines. */}
        {detail.status === 'approved' && (detail.problemType || detail.lines.some((l) => l.problemType)) && <Chip variant="outlined" label={translate(`${M}.withProblems`)} sx={{ color: 'warning.dark', borderColor: 'warning.dark' }} />}
        {detail.supplierName && <Typography color="text.secondary">{detail.supplierName}</Typography>}
      </Stack>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        {detail.deliveryNoteNumber && <Typography variant="body2">{translate(`${M}.deliveryNote`, { number: detail.deliveryNoteNumber })}</Typography>}
        {detail.expectedDate && <Typography variant="body2">{translate(`${M}.expected`, { date: formatDate(detail.expectedDate) })}</Typography>}
        {detail.deliveryDate && <Typography variant="body2">{translate(`${M}.delivered`, { date: formatDate(detail.deliveryDate) })}</Typography>}
        {detail.approvedAt && <Typography variant="body2">{translate(`${M}.approvedBy`, { name: detail.approvedByName ?? '', date: formatDateTime(detail.approvedAt) })}</Typography>}
        {detail.trackingLink && <Link href={detail.trackingLink} target="_blank" rel="noopener noreferrer">{translate(`${M}.tracking`)}</Link>}
        {detail.remark && <Typography variant="body2">“{detail.remark}”</Typography>}
        {detail.orderId && detail.mayOpenOrder && !admin && (
          <Link component={RouterLink} to={`/order-detail/${encodeURIComponent(detail.orderId)}`}>{translate(`${M}.toOrder`, { number: detail.orderNumber })}</Link>
        )}
        {admin && detail.supplierOrderId && (
          <Link component={RouterLink} to={`${ADMIN_PREFIX}/supplier-order-details/${encodeURIComponent(detail.supplierOrderId)}`}>{translate(`${M}.toSupplierOrder`, { number: detail.gcsNumber })}</Link>
        )}
      </Stack>
      {admin && mode === 'view' && <CreateInvoiceFromDelivery delivery={detail} />}

      <Box component="form" onSubmit={submit} noValidate aria-labelledby={`delivery-lines-${detail.id}`}>
        <Typography variant="h6" component="h2" id={`delivery-lines-${detail.id}`}>
          {translate(mode === 'confirm' ? `${M}.confirm` : mode === 'return' ? `${M}.returnItems` : `${M}.lines`)}
        </Typography>
        {mode !== 'view' && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(mode === 'confirm' ? `${M}.confirmHelp` : `${M}.returnHelp`)}</Typography>}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {detail.lines.map((l) => (
            <LineCard key={l.id} line={l} mode={mode} entry={entries[l.id] ?? { amount: '', problemType: '', remark: '' }}
              onChange={(e) => setEntries({ ...entries, [l.id]: e })} problem={problemOf(l.id)} />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {mode === 'view' && detail.mayConfirm && <Button variant="contained" onClick={() => start('confirm')}>{translate(`${M}.confirm`)}</Button>}
          {mode === 'view' && detail.mayReturn && <Button variant="outlined" onClick={() => start('return')}>{translate(`${M}.returnItems`)}</Button>}
          {mode === 'view' && detail.mayUndo && <Button color="warning" onClick={() => setAskUndo(true)}>{translate(`${M}.undo`)}</Button>}
          {mode !== 'view' && (
            <>
              <Button type="submit" variant="contained" disabled={busy}>{translate(mode === 'confirm' ? `${M}.confirmSubmit` : `${M}.returnSubmit`)}</Button>
              <Button onClick={() => { setMode('view'); setProblems({}); }} disabled={busy}>{translate(`${M}.cancel`)}</Button>
            </>
          )}
        </Stack>
      </Box>
      <Dialog open={askUndo} onClose={() => setAskUndo(false)} aria-labelledby="undo-delivery-text">
        <DialogContent><DialogContentText id="undo-delivery-text">{translate(`${M}.undoConfirm`)}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setAskUndo(false)}>{translate(`${M}.cancel`)}</Button>
          <Button color="warning" variant="contained" disabled={busy} onClick={() => { setAskUndo(false); void run(changes.undo, `${M}.undone`); }}>{translate(`${M}.undo`)}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The admin's delivery page (the model's `screens.show.panel` of deliveries, also /ycAdmin/delivery-details/{id}). */
export function AdminDeliveryPanel() {
  const record = useRecordContext<{ id?: string }>();
  const translate = useTranslate();
  const { data, error } = useDelivery(record?.id);
  if (error) return <Alert severity="error" sx={{ mx: 2 }}>{translate(`${M}.loadFailed`)}</Alert>;
  return data ? <Box sx={{ mx: 2 }}><DeliveryView detail={data} admin /></Box> : null;
}
