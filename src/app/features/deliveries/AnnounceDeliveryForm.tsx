import { useState, type FormEvent } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { fieldProblems } from './delivery-api';
import type { DeliveryRecord } from '../../../../generated/types/deliveries.gen';
import type { SupplierOrderLineRecord } from '../../../../generated/types/supplier-order-lines.gen';
import type { BodyIn } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';

const M = 'fulfilment.deliveries';

/** A supplier-order line as the announcement needs it (POST /supplier-orders/lines, getByGcsNumber's lines). */
export type AnnounceLine = Pick<SupplierOrderLineRecord, 'id' | 'lineNumber' | 'articleNumberSupplier' | 'title' | 'quantity' | 'quantityToBeDelivered'>;
/** The delivery an announcement created. */
type Created = Pick<DeliveryRecord, 'id' | 'deliveryNumber'>;

/** What an announcement sends (POST /v2/supplier-orders/{id}/deliveries, and the admin's create-for-supplierorder dto): the body's fields the form fills. */
export type Announcement = Pick<BodyIn<Contracts['deliveries']['createForSupplierOrder']>, 'deliveryNoteNumber' | 'expectedDate' | 'trackingLink' | 'lines'>;

const stillOpen = (l: AnnounceLine) => l.quantityToBeDelivered ?? l.quantity ?? 0;

/**
 * Announcing a delivery of a supplier order, line by line: only the lines that still wait for
 * something, each prefilled with what it still waits for (a partial delivery lowers it or leaves a
 * line at 0), the supplier's delivery-note number, the expected date and a tracking link. The server
 * checks every amount again (lines.N.amount maxValue); its problems show at their line. The
 * supplier's /supplier-orders/{gcsNumber} and the admin's /ycAdmin/deliveries/create draw it.
 */
export function AnnounceDeliveryForm({ lines, send, onDone, onCancel, submitLabel }: {
  lines: readonly AnnounceLine[];
  send: (announcement: Announcement) => Promise<Created>;
  onDone: (created: Created) => void;
  onCancel?: () => void;
  submitLabel: string;
}) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const language = i18n.i18nProvider.getLocale();
  const open = lines.filter((l) => stillOpen(l) > 0);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [deliveryNoteNumber, setDeliveryNoteNumber] = useState('');
  const [expectedDate, setExpectedDate] = useState('');
  const [trackingLink, setTrackingLink] = useState('');
  const [problems, setProblems] = useState<Record<string, { rule: string; max?: number }>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = open.map((l) => ({ line: l, amount: (amounts[l.id] ?? String(stillOpen(l))).trim() })).filter((x) => x.amount !== '' && x.amount !== '0');
    if (!sent.length) return toast(translate(`${M}.noLines`), { variation: 'warning' });
    const local = Object.fromEntries(sent.flatMap((x) => (/^\d+$/.test(x.amount) ? [] : [[`line:${x.line.id}`, { rule: 'numerical' }]])));
    if (Object.keys(local).length) return setProblems(local);
    setBusy(true);
    try {
      const created = await send({
        deliveryNoteNumber: deliveryNoteNumber.trim() || null, expectedDate: expectedDate || null, trackingLink: trackingLink.trim() || null,
        lines: sent.map((x) => ({ supplierOrderLineId: x.line.id, amount: Number(x.amount) })),
      });
      setProblems({});
      onDone(created);
    } catch (e) {
      // The server names the lines it was sent: map them back to the supplier order's lines.
      setProblems(Object.fromEntries(Object.entries(fieldProblems(e)).map(([path, p]) => {
        const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
        return [m ? `line:${sent[Number(m[1])]?.line.id}` : path, p];
      })));
      toast(describeError(e, { resource: 'deliveries', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const problemText = (key: string) => {
    const p = problems[key];
    return p ? [translate(`validation.messages.${p.rule}`), p.max !== undefined ? translate(`${M}.max`, { max: p.max }) : null].filter(Boolean).join(' ') : undefined;
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {open.map((l) => {
          const title = (l.title as Readonly<Record<string, string | null | undefined>> | null | undefined)?.[language] ?? l.title?.nl ?? l.articleNumberSupplier ?? '';
          const error = problemText(`line:${l.id}`);
          return (
            <Paper key={l.id} component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 180px' }, gap: 1.5, alignItems: 'center' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" id={`so-line-${l.id}`} sx={{ overflowWrap: 'anywhere' }}>{l.lineNumber ? `${l.lineNumber}. ` : ''}{title}</Typography>
                <Typography variant="body2" color="text.secondary">{translate(`${M}.ordered`)}: {l.quantity} · {translate(`${M}.toDeliver`)}: {stillOpen(l)}</Typography>
              </Box>
              <TextField
                size="small" label={translate(`${M}.amount`)} value={amounts[l.id] ?? String(stillOpen(l))}
                onChange={(e) => setAmounts({ ...amounts, [l.id]: e.target.value })} error={!!error} helperText={error}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': `so-line-${l.id}` } }}
              />
            </Paper>
          );
        })}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 200px' }, gap: 1.5, mt: 2 }}>
        <TextField size="small" label={translate(`${M}.deliveryNoteNumber`)} value={deliveryNoteNumber} onChange={(e) => setDeliveryNoteNumber(e.target.value)}
          error={!!problems.deliveryNoteNumber} helperText={problemText('deliveryNoteNumber')} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField size="small" type="date" label={translate(`${M}.expectedDate`)} value={expectedDate} onChange={(e) => setExpectedDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }}
          error={!!problems.expectedDate} helperText={problemText('expectedDate')} />
        <TextField size="small" type="url" label={translate(`${M}.trackingLink`)} value={trackingLink} onChange={(e) => setTrackingLink(e.target.value)}
          error={!!problems.trackingLink} helperText={problemText('trackingLink')} sx={{ gridColumn: { sm: '1 / -1' } }} />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>{submitLabel}</Button>
        {onCancel && <Button onClick={onCancel} disabled={busy}>{translate(`${M}.cancel`)}</Button>}
      </Stack>
    </Box>
  );
}
