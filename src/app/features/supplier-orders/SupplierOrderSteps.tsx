import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { SupplierOrderStatus } from '../../../../model';
import { useSupplierOrdersAddFollowUp } from '../../../../generated/app/calls.gen';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { SupplierOrderDetail } from './supplier-order-data';

const M = 'fulfilment.supplierOrders';
const S = 'resources.supplier-orders.choices.status';

/** The button's words for a step to `status`: what the supplier does (a platform admin's "sent" records that it was sent). */
function stepKey(status: SupplierOrderStatus, admin: boolean): string {
  switch (status) {
    case 'WAITFORORDERRESPONSE': return admin ? 'markSent' : 'received';
    case 'WAITFORDELIVERYRESPONSE': return 'askDeliveryDate';
    case 'WAITFORDELIVERY': return 'confirm';
    case 'DELIVERED': return 'delivered';
    case 'READYFORMANUALORDER': return 'manualOrder';
    case 'CREATED': return 'resend';
    case 'FAILEDTOORDER': return 'failed';
  }
}

/** Steps asked about first: a failure (its reason is required and the company reads it) and "delivered" (it announces what is still to deliver). */
const ASKED: readonly SupplierOrderStatus[] = ['FAILEDTOORDER', 'DELIVERED'];

/**
 * The supplier order's next steps as buttons, in the order a supplier works (the server's
 * allowedStatuses: received, confirmed, delivered, a failure last), one under the other on a phone.
 * A step is a follow-up with that status (POST /supplier-orders/addFollowUp, pessimistic: the page
 * shows the supplier order the server answers). "Failed to order" asks for its reason in a dialog
 * first, "delivered" asks to confirm that what is still open is announced as one delivery.
 */
export function SupplierOrderSteps({ detail, admin = false, onDone }: { detail: SupplierOrderDetail; admin?: boolean; onDone: () => Promise<void> | void }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const titleId = useId();
  const [asking, setAsking] = useState<SupplierOrderStatus | null>(null);
  const [remark, setRemark] = useState('');
  const addFollowUp = useSupplierOrdersAddFollowUp({
    onSuccess: async ({ result }) => {
      toast(translate(`${M}.stepTaken`, { status: translate(`${S}.${result.supplierOrder.status}`) }), { variation: 'success' });
      setAsking(null);
      setRemark('');
      await onDone();
    },
    onError: (e) => toast(describeError(e, { resource: 'supplier-orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const busy = addFollowUp.isPending;
  const steps = detail.allowedStatuses;
  if (!steps.length) return null;

  const take = (status: SupplierOrderStatus, withRemark: string | null) =>
    addFollowUp.mutate({ body: { dto: { supplierOrderId: detail.id, status, remark: withRemark } } });
  const failing = asking === 'FAILEDTOORDER';
  const firstForward = steps.find((s) => s !== 'FAILEDTOORDER');

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ my: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">{translate(`${M}.nextStep`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {steps.map((status) => (
          <Button key={status} disabled={busy}
            variant={status === firstForward ? 'contained' : 'outlined'} color={status === 'FAILEDTOORDER' ? 'error' : 'primary'}
            onClick={() => (ASKED.includes(status) ? setAsking(status) : take(status, null))}>
            {translate(`${M}.steps.${stepKey(status, admin)}`)}
          </Button>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => !busy && setAsking(null)} aria-labelledby={`${titleId}-dialog`} fullWidth maxWidth="sm">
        <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (asking && (!failing || remark.trim())) take(asking, remark.trim() || null); }}>
          <DialogTitle id={`${titleId}-dialog`}>{asking && translate(`${M}.steps.${stepKey(asking, admin)}`)}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate(failing ? `${M}.failedHelp` : `${M}.deliveredHelp`)}</DialogContentText>
            <TextField
              autoFocus fullWidth multiline minRows={2} required={failing} value={remark} onChange={(e) => setRemark(e.target.value)}
              label={translate(failing ? `${M}.failedReason` : `${M}.remark`)} slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)} disabled={busy}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" color={failing ? 'error' : 'primary'} disabled={busy || (failing && !remark.trim())}>
              {translate(`${M}.steps.${asking ? stepKey(asking, admin) : 'failed'}`)}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
