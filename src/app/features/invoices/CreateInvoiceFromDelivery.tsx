import { useState } from 'react';
import { Box, Button, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { PAGES } from '../../../../generated/app/pages.gen';
import { canOpenPage } from '../../../shared/page-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { invoicesCreateYcInvoice } from '../../../../generated/app/calls/invoices.gen';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { DeliveryRecord } from '../../../../generated/types/deliveries.gen';

const M = 'invoices';

/**
 * On the admin's delivery page: a confirmed delivery without an invoice gets one from the platform
 * (POST /admin/invoices/create-yc-invoice {deliveryId}), and the admin lands on it when they may open
 * the invoice pages (flows §6 puts them behind extra privileges: a platform admin without them stays
 * here, told the new invoice's number); an invoiced one says so and links the invoices list.
 */
export function CreateInvoiceFromDelivery({ delivery }: { delivery: Pick<DeliveryRecord, 'id' | 'status' | 'hasInvoice'> }) {
  const translate = useTranslate();
  const { http, i18n, domain } = useCoreServices();
  const session = useSession();
  const subject = pageSubjectOf(session, domain.links);
  const mayOpen = (name: string) => !!PAGES[name] && canOpenPage(PAGES[name], subject) === 'ok';
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (delivery.hasInvoice) {
    return (
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(`${M}.hasInvoice`)}{' '}
        {mayOpen('admin-invoices') && <Link component={RouterLink} to={`${ADMIN_PREFIX}/invoices`}>{translate(`${M}.openInvoices`)}</Link>}
      </Typography>
    );
  }
  if (delivery.status !== 'approved') return null;

  async function create() {
    setBusy(true);
    try {
      const { result } = await callApi(http, invoicesCreateYcInvoice, { body: { deliveryId: delivery.id } });
      toast(translate(`${M}.createdFromDelivery`, { number: result.number }), { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      if (mayOpen('admin-invoice-details-id')) navigate(`${ADMIN_PREFIX}/invoice-details/${encodeURIComponent(result.id)}`);
    } catch (e) {
      toast(describeError(e, { resource: 'invoices', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" disabled={busy} onClick={() => void create()}>{translate(`${M}.createFromDelivery`)}</Button>
      <Typography variant="caption" color="text.secondary" component="p">{translate(`${M}.createFromDeliveryHelp`)}</Typography>
    </Box>
  );
}
