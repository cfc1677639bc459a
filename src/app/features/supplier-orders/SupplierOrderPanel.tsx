import { Fragment, useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, Link, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow,
  TextField, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { AnnounceDeliveryForm } from '../deliveries/AnnounceDeliveryForm';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { deliveriesCreateForSupplierOrder } from '../../../../generated/app/calls/deliveries.gen';
import { useSupplierOrdersAddFollowUp } from '../../../../generated/app/calls.gen';
import { supplierOrdersGetComms, supplierOrdersGetErrorComms } from '../../../../generated/app/calls/supplier-orders.gen';
import { useSupplierOrder, type SupplierOrderDetail } from './supplier-order-data';
import { describeError } from '../../data/errors';
import { formatCurrency, formatDate, formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { PdfButtons } from '../../common/ui/PdfButtons';
import { SupplierOrderSteps } from './SupplierOrderSteps';

const S = 'resources.supplier-orders.choices.status';
const F = 'resources.supplier-order-lines.fields';
const M = 'fulfilment.supplierOrders';
const DS = 'resources.deliveries.choices.status';

type SupplierOrderLine = SupplierOrderDetail['lines'][number];

const money = (v: string | null | undefined) => (v == null ? '' : formatCurrency(Number(v)));
const titleOf = (l: SupplierOrderLine, language: string) => (l.title as Readonly<Record<string, string | null | undefined>> | null | undefined)?.[language] ?? l.title?.nl ?? Object.values(l.title ?? {})[0] ?? l.articleNumberSupplier ?? '';

/**
 * A supplier order as its supplier and its company work with it: the header with the order PDF (the
 * one mailed to the supplier), the next steps the caller may take (SupplierOrderSteps: received,
 * confirmed, delivered, failed, as the workflow gives them), the lines and what it costs with its
 * shipping, the deliveries (and announcing one), the follow-ups and a remark for whoever may add
 * one. The admin's /ycAdmin/supplier-orders page and the shop's /supplier-orders/{gcsNumber} draw it.
 */
export function SupplierOrderView({ detail, showHeader = false, admin = false }: { detail: SupplierOrderDetail; showHeader?: boolean; admin?: boolean }) {
  const translate = useTranslate();
  // A supplier's user reads its deliveries here only: the company's delivery page is not theirs.
  const { canAccess: readsDeliveries } = useCanAccess({ action: 'show', resource: 'deliveries' });
  const opensDeliveries = admin || readsDeliveries === true;
  const { http, i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const language = i18n.i18nProvider.getLocale();
  const [remark, setRemark] = useState('');
  const [announcing, setAnnouncing] = useState(false);

  async function reload() {
    await queryClient.invalidateQueries({ queryKey: ['app'] });
    refresh();
  }

  const addRemark = useSupplierOrdersAddFollowUp({
    onSuccess: async () => {
      toast(translate(`${M}.added`), { variation: 'success' });
      setRemark('');
      await reload();
    },
    onError: (e) => toast(describeError(e, { resource: 'supplier-orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remark.trim()) addRemark.mutate({ body: { dto: { supplierOrderId: detail.id, remark: remark.trim() } } });
  }

  return (
    <Box sx={{ my: 2 }}>
      {showHeader && (
        <>
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{detail.gcsNumber}</Typography>
            {detail.status && <Chip label={translate(`${S}.${detail.status}`)} color={detail.status === 'FAILEDTOORDER' ? 'error' : detail.status === 'DELIVERED' ? 'success' : 'default'} />}
            <Typography color="text.secondary">
              {[detail.supplierName && `${translate(`${M}.supplier`)}: ${detail.supplierName}`, detail.customerName && `${translate(`${M}.customer`)}: ${detail.customerName}`, money(detail.totalCost ?? detail.totalIncl)].filter(Boolean).join(' · ')}
            </Typography>
          </Stack>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
            <PdfButtons path={`/supplier-orders/${detail.id}/pdf`} fileName={`${detail.gcsNumber ?? detail.id}.pdf`} texts="fulfilment.supplierOrders" />
          </Stack>
        </>
      )}
      {detail.status === 'FAILEDTOORDER' && detail.statusReason && <Alert severity="error" sx={{ mb: 2 }}>{translate(`${M}.reason`, { reason: detail.statusReason })}</Alert>}
      <SupplierOrderSteps detail={detail} admin={admin} onDone={reload} />
      <Typography variant="h6" component="h2">{translate(`${M}.lines`)}</Typography>
      {/* On a phone the table scrolls sideways in its box, which keyboard users reach with Tab. */}
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate(`${M}.linesRegion`)}>
        <Table size="small" aria-label={translate(`${M}.lines`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${F}.lineNumber`)}</TableCell>
              <TableCell>{translate(`${F}.title`)}</TableCell>
              <TableCell align="right">{translate(`${F}.quantity`)}</TableCell>
              <TableCell align="right">{translate(`${F}.quantityToBeDelivered`)}</TableCell>
              <TableCell align="right">{translate(`${F}.chargedUnitPrice`)}</TableCell>
              <TableCell align="right">{translate(`${F}.totalLinePriceIncl`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {detail.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.lineNumber}</TableCell>
                <TableCell>{titleOf(l, language)}<Typography variant="body2" color="text.secondary">{l.articleNumberSupplier}</Typography></TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{l.quantityToBeDelivered}</TableCell>
                <TableCell align="right">{money(l.chargedUnitPrice)}</TableCell>
                <TableCell align="right">{money(l.totalLinePriceIncl)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <SupplierOrderTotals detail={detail} />

      <Typography variant="h6" component="h2" id={`deliveries-${detail.id}`} sx={{ mt: 3 }}>{translate(`${M}.deliveries`)}</Typography>
      {detail.deliveries.length === 0 && <Typography color="text.secondary">{translate(`${M}.noDeliveries`)}</Typography>}
      {detail.deliveries.length > 0 && (
        <List dense aria-labelledby={`deliveries-${detail.id}`}>
          {detail.deliveries.map((d) => (
            <ListItem key={d.id} disableGutters>
              <ListItemText
                primary={opensDeliveries ? (
                  <Link component={RouterLink} to={admin ? `${ADMIN_PREFIX}/delivery-details/${encodeURIComponent(d.id)}` : `/deliveries/${encodeURIComponent(d.id)}`}>
                    {translate(`${M}.deliveryLine`, { number: d.deliveryNumber ?? '', status: translate(`${DS}.${d.status}`) })}
                  </Link>
                ) : translate(`${M}.deliveryLine`, { number: d.deliveryNumber ?? '', status: translate(`${DS}.${d.status}`) })}
                secondary={[d.deliveryNoteNumber && translate('fulfilment.deliveries.deliveryNote', { number: d.deliveryNoteNumber }), d.expectedDate && translate('fulfilment.deliveries.expected', { date: formatDate(d.expectedDate) })].filter(Boolean).join(' · ') || undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
      {detail.mayAnnounce && !announcing && <Button variant="contained" sx={{ mt: 1 }} onClick={() => setAnnouncing(true)}>{translate(`${M}.announce`)}</Button>}
      {detail.mayAnnounce && announcing && (
        <Box component="section" aria-labelledby={`announce-${detail.id}`} sx={{ mt: 2 }}>
          <Typography variant="h6" component="h2" id={`announce-${detail.id}`}>{translate(`${M}.announce`)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(`${M}.announceHelp`)}</Typography>
          <AnnounceDeliveryForm
            lines={detail.lines} submitLabel={translate(`${M}.announceSubmit`)} onCancel={() => setAnnouncing(false)}
            send={(a) => callApi(http, deliveriesCreateForSupplierOrder, { params: { id: detail.id }, body: a }).then((r) => r.result)}
            onDone={(created) => {
              toast(translate(`${M}.announced`, { number: created.deliveryNumber ?? '' }), { variation: 'success' });
              setAnnouncing(false);
              void reload();
            }}
          />
        </Box>
      )}

      <Typography variant="h6" component="h2" id={`follow-ups-${detail.id}`} sx={{ mt: 3 }}>{translate(`${M}.followUps`)}</Typography>
      {detail.followUps.length === 0 && <Typography color="text.secondary">{translate(`${M}.noFollowUps`)}</Typography>}
      <List dense aria-labelledby={`follow-ups-${detail.id}`}>
        {detail.followUps.map((f) => (
          <ListItem key={f.id} disableGutters>
            <ListItemText
              primary={[f.status ? translate(`${M}.statusChange`, { from: f.fromStatus ? translate(`${S}.${f.fromStatus}`) : '', to: translate(`${S}.${f.status}`) }) : null, f.remark && `“${f.remark}”`].filter(Boolean).join(' ')}
              secondary={[formatDateTime(f.createdAt), f.userName && translate(`${M}.by`, { name: f.userName })].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>

      {detail.mayFollowUp && (
        <Box component="form" onSubmit={submit} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, gap: 2, alignItems: 'start', mt: 1 }}>
          <TextField
            label={translate(`${M}.remark`)} value={remark} onChange={(e) => setRemark(e.target.value)} size="small" multiline minRows={1}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button type="submit" variant="outlined" disabled={addRemark.isPending || !remark.trim()}>{translate(`${M}.add`)}</Button>
        </Box>
      )}
    </Box>
  );
}

/** What the supplier order costs: its products, its share of the order's shipping with the VAT on it, and in all (what the company pays this supplier). */
function SupplierOrderTotals({ detail }: { detail: SupplierOrderDetail }) {
  const translate = useTranslate();
  const rows: [string, string | null | undefined][] = [
    ['productsExcl', detail.totalExcl], ['productsIncl', detail.totalIncl], ['shipping', detail.shippingCost], ['shippingVat', detail.shippingCostVat],
  ];
  return (
    <Box component="dl" aria-label={translate(`${M}.totals`)} sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: 3, rowGap: 0.5, my: 1, '& dd': { m: 0, textAlign: 'right' } }}>
      {rows.filter(([, v]) => v != null).map(([key, v]) => (
        <Fragment key={key}><Typography component="dt" variant="body2">{translate(`${M}.${key}`)}</Typography><Typography component="dd" variant="body2">{money(v)}</Typography></Fragment>
      ))}
      <Typography component="dt" sx={{ fontWeight: 600 }}>{translate(`${M}.totalCost`)}</Typography>
      <Typography component="dd" sx={{ fontWeight: 600 }}>{money(detail.totalCost ?? detail.totalIncl)}</Typography>
    </Box>
  );
}

/** A supplier order's communications (POST /admin/supplier-orders/getComms, or getErrorComms: only the failures). */
function useComms(id: string | undefined, call: 'getComms' | 'getErrorComms') {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: ['app', 'supplier-order-comms', call, id ?? ''],
    enabled: !!id,
    queryFn: ({ signal }) => (call === 'getComms' ? callApi(http, supplierOrdersGetComms, { body: { query: { supplierOrderId: id ?? '' } } }, { signal }) : callApi(http, supplierOrdersGetErrorComms, { body: { query: { supplierOrderId: id } } }, { signal })).then((r) => r.result),
  });
}

/**
 * What went to the supplier (platform admins): the order PDF to view or download (GET
 * /admin/supplier-orders/{id}/pdf), the sending errors, and every attempt of the sending job.
 */
export function SupplierOrderComms({ id, gcsNumber }: { id: string; gcsNumber: string }) {
  const translate = useTranslate();
  const comms = useComms(id, 'getComms');
  const errors = useComms(id, 'getErrorComms');

  return (
    <Box sx={{ my: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id={`comms-${id}`} sx={{ flexGrow: 1 }}>{translate(`${M}.comms`)}</Typography>
        <PdfButtons path={`/admin/supplier-orders/${id}/pdf`} fileName={`${gcsNumber}.pdf`} texts="fulfilment.supplierOrders" />
      </Stack>
      {(errors.data?.length ?? 0) > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle2">{translate(`${M}.commErrors`)}</Typography>
          <List dense disablePadding>
            {errors.data!.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText primary={c.errorMessage} secondary={[formatDateTime(c.createdAt), c.recipient, c.attempt ? `${translate(`${M}.commAttempt`)} ${c.attempt}` : null].filter(Boolean).join(' · ')} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {comms.data?.length === 0 && <Typography color="text.secondary">{translate(`${M}.noComms`)}</Typography>}
      {(comms.data?.length ?? 0) > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={`comms-${id}`}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${M}.commWhen`)}</TableCell>
                <TableCell>{translate(`${M}.commChannel`)}</TableCell>
                <TableCell>{translate(`${M}.commRecipient`)}</TableCell>
                <TableCell>{translate(`${M}.commSubject`)}</TableCell>
                <TableCell>{translate(`${M}.commResult`)}</TableCell>
                <TableCell align="right">{translate(`${M}.commAttempt`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {comms.data!.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{formatDateTime(c.createdAt)}</TableCell>
                  <TableCell>{translate(`${M}.${c.channel === 'email' ? 'commEmail' : 'commManual'}`)}</TableCell>
                  <TableCell>{c.recipient}</TableCell>
                  <TableCell>{c.subject}{c.errorMessage && <Typography variant="body2" color="error">{c.errorMessage}</Typography>}</TableCell>
                  <TableCell>{/* Outlined, the text in the colour's dark shade: white on the theme's green is below 4.5:1. */}
                    <Chip size="small" variant="outlined" label={translate(`${M}.${c.success ? 'commOk' : 'commFailed'}`)} sx={{ color: c.success ? 'success.dark' : 'error.dark', borderColor: c.success ? 'success.dark' : 'error.dark' }} /></TableCell>
                  <TableCell align="right">{c.attempt}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** The admin's supplier-order page (the model's `screens.show.panel` of supplier-orders): its lines, follow-ups and communications. */
export function AdminSupplierOrderPanel() {
  const record = useRecordContext<{ id?: string; gcsNumber?: string | null }>();
  const translate = useTranslate();
  const { data, error } = useSupplierOrder(record?.gcsNumber);
  if (error) return <Alert severity="error" sx={{ mx: 2 }}>{translate(`${M}.loadFailed`)}</Alert>;
  return data ? <Box sx={{ mx: 2 }}><SupplierOrderView detail={data} admin /><SupplierOrderComms id={data.id} gcsNumber={data.gcsNumber ?? data.id} /></Box> : null;
}
