import { useState } from 'react';
import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { InvoiceLines, money } from './InvoiceLines';
import { statusColor, useInvoice, useInvoiceChanges, type InvoiceDetail } from './invoice-api';
import { InvoiceMatch, MatchChip } from './InvoiceMatch';

const M = 'invoices';
const S = 'resources.invoices.choices.status';

/** An invoice as platform admins see it: amounts, dates, payment, its PDF, its lines, and paying or taking a payment back for the company. */
export function InvoiceView({ detail }: { detail: InvoiceDetail }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useInvoiceChanges();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function run(step: () => Promise<unknown>, done: string | null) {
    setBusy(true);
    try {
      await step();
      if (done) toast(translate(done), { variation: 'success' });
      refresh();
    } catch (e) {
      toast(describeError(e, { resource: 'invoices', op: 'update' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ my: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip label={translate(`${S}.${detail.status}`)} color={statusColor(detail.status)} />
        <MatchChip status={detail.matchStatus} />
        {detail.supplierName && <Typography color="text.secondary">{detail.supplierName}</Typography>}
      </Stack>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="body2">{translate(`${M}.amounts`, { incl: money(detail.priceIncl), excl: money(detail.priceExcl) })}</Typography>
        <Typography variant="body2">{translate(`${M}.invoiced`, { date: formatDate(detail.invoiceDate) })} · {translate(`${M}.due`, { date: formatDate(detail.dueDate) })}</Typography>
        {detail.paidAt && <Typography variant="body2">{translate(`${M}.paidOn`, { date: formatDateTime(detail.paidAt), name: detail.paidByName ?? '' })}</Typography>}
        <Typography variant="body2">{detail.fileName ? translate(`${M}.file`, { name: detail.fileName }) : translate(`${M}.noFile`)}</Typography>
        {detail.deliveryId && (
          <Link component={RouterLink} to={`${ADMIN_PREFIX}/delivery-details/${encodeURIComponent(detail.deliveryId)}`}>{translate('resources.invoices.fields.deliveryId')}</Link>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        {detail.fileUrl && <Button variant="outlined" disabled={busy} onClick={() => void run(() => changes.download(detail), null)}>{translate(`${M}.download`)}</Button>}
        {detail.mayPay && <Button variant="contained" disabled={busy} onClick={() => void run(() => changes.setStatus(detail.id, 'payed'), `${M}.markedPaid`)}>{translate(`${M}.markPaid`)}</Button>}
        {detail.mayReopen && <Button disabled={busy} onClick={() => void run(() => changes.setStatus(detail.id, 'open'), `${M}.reopened`)}>{translate(`${M}.reopen`)}</Button>}
      </Stack>
      <Typography variant="h6" component="h2">{translate(`${M}.lines`)}</Typography>
      <InvoiceLines id={detail.id} />
      <InvoiceMatch detail={detail} />
    </Box>
  );
}

/** The admin's invoice page (the model's `screens.show.panel` of invoices, also /ycAdmin/invoice-details/{id}). */
export function AdminInvoicePanel() {
  const record = useRecordContext<{ id?: string }>();
  const translate = useTranslate();
  const { data, error } = useInvoice(record?.id);
  if (error) return <Alert severity="error" sx={{ mx: 2 }}>{translate(`${M}.loadFailed`)}</Alert>;
  return data ? <Box sx={{ mx: 2 }}><InvoiceView detail={data} /></Box> : null;
}
