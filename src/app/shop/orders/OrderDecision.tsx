import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useRefresh, useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useIdempotencyKeys } from '../../data/idempotency';
import { useAppNotify } from '../../notify/useAppNotify';
import type { HttpErrorBody } from '../../data/http';
import { usePrice } from '../hooks';
import type { OrderDetail } from '../types';

const REASON_MAX = 2000;

/**
 * The decision on an order (flows §4): approve, or reject with a reason, offered only when the
 * server says the step is the user's (`decisions` of GET /v2/orders/{id}: the workflow, their
 * roles and, for a validator, the order's department). Pessimistic: the page shows the new status
 * once the server has taken the decision, and the to-approve counts and history are read again.
 */
export function OrderDecision({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [busy, setBusy] = useState(false);
  const price = usePrice();
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // One key per decision: a second click or a retry after a lost answer decides once.
  const decisionKeys = useIdempotencyKeys();
  const decisions = order.decisions;
  if (!decisions?.approve && !decisions?.reject) return null;

  async function send(approve: boolean) {
    if (!approve && !reason.trim()) { setReasonMissing(true); return; }
    setBusy(true);
    setError(null);
    try {
      const path = `/v2/orders/${encodeURIComponent(order.id)}/validate`;
      const body = approve ? { approve } : { approve, reason: reason.trim() };
      await decisionKeys.send({ path, body }, (headers) => http.request('PATCH', path, { body, headers }));
      setRejecting(false);
      setReason('');
      toast(approve ? 'shop.orders.decision.approved' : 'shop.orders.decision.rejected', { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
    } catch (e) {
      const message = describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider);
      // The tender limit names each supplier over it with its total (flows §9).
      const over = (e instanceof HttpError ? (e.body as HttpErrorBody | undefined)?.details ?? [] : [])
        .filter((d) => d.rule === 'TenderLimitExceeded' && d.params?.supplier !== undefined)
        .map((d) => `${d.params!.supplier}: ${price(d.params!.total)}`);
      setError([message, ...over].join(' '));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="order-decision-title" sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="order-decision-title" variant="h6" component="h2">{translate('shop.orders.decision.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>{translate('shop.orders.decision.help')}</Typography>
      {error && !rejecting && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {decisions.approve && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => send(true)}>{translate('shop.orders.decision.approve')}</Button>
        )}
        {decisions.reject && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => { setError(null); setRejecting(true); }}>{translate('shop.orders.decision.reject')}</Button>
        )}
      </Box>
      <Dialog open={rejecting} onClose={() => !busy && setRejecting(false)} aria-labelledby="order-reject-title" fullWidth maxWidth="sm">
        <DialogTitle id="order-reject-title">{translate('shop.orders.decision.rejectTitle', { number: order.orderNumber ?? '' })}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
          <TextField
            label={translate('resources.orders.fields.rejectionReason')} required multiline minRows={3} fullWidth autoFocus
            value={reason} onChange={(e) => { setReason(e.target.value); setReasonMissing(false); }}
            error={reasonMissing} helperText={reasonMissing ? translate('validation.messages.required') : translate('shop.orders.decision.reasonHelp')}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => send(false)} disabled={busy}>{translate('shop.orders.decision.reject')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
