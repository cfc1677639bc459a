import { Box, Button, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { PAGES } from '../../../../generated/app/pages.gen';
import { canOpenPage } from '../../../shared/page-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useInvoicesCreateYcInvoice } from '../../../../generated/app/calls.gen';
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
  const { i18n, domain } = useCoreServices();
  const session = useSession();
  const subject = pageSubjectOf(session, domain.links);
  const mayOpen = (name: string) => !!PAGES[name] && canOpenPage(PAGES[name], subject) === 'ok';
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useInvoicesCreateYcInvoice({
    onSuccess: async ({ result }) => {
      toast(translate(`${M}.createdFromDelivery`, { number: result.number }), { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      if (mayOpen('admin-invoice-details-id')) navigate(`${ADMIN_PREFIX}/invoice-details/${encodeURIComponent(result.id)}`);
    },
    onError: (e) => toast(describeError(e, { resource: 'invoices', op: 'create' }, i18n.i18nProvider), { variation: 'error' }),
  });
  if (delivery.hasInvoice) {
    return (
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(`${M}.hasInvoice`)}{' '}
        {mayOpen('admin-invoices') && <Link component={RouterLink} to={`${ADMIN_PREFIX}/invoices`}>{translate(`${M}.openInvoices`)}</Link>}
      </Typography>
    );
  }
  if (delivery.status !== 'approved') return null;

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" disabled={create.isPending} onClick={() => create.mutate({ body: { deliveryId: delivery.id } })}>{translate(`${M}.createFromDelivery`)}</Button>
      <Typography variant="caption" color="text.secondary" component="p">{translate(`${M}.createFromDeliveryHelp`)}</Typography>
    </Box>
  );
}
