import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import type { HttpErrorBody } from '../../data/http';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePrice } from '../../common/hooks';

/** The longest reason the server keeps (the orders' rejectionReason field). */
const REASON_MAX = 2000;

/** Which decisions the panel offers. */
export interface DecisionOffer {
  readonly approve: boolean;
  readonly reject: boolean;
}

/** What the user decided: a rejection carries its reason (trimmed, never empty). */
export interface OrderDecisionInput {
  readonly approve: boolean;
  readonly reason?: string;
}

export interface OrderDecisionPanelProps {
  readonly orderNumber: string | null | undefined;
  readonly offer: DecisionOffer;
  /** The i18n key of the line under the title: whose decision this is. */
  readonly help: string;
  /** Sends the decision and answers the server's `{result: order}`; a refusal (HttpError) shows in the panel. */
  readonly submit: (decision: OrderDecisionInput) => Promise<unknown>;
  /** After the server took the decision and the user was told: read the order again. */
  readonly onDecided: () => void | Promise<void>;
}

/**
 * The decision on an order (flows §4), whoever takes it: approve, or reject with a required reason
 * in a dialog. Pessimistic: the panel waits for the server, tells the user the outcome, and shows
 * a refusal in the server's words, with each supplier over the tender limit and its total (flows §9).
 * The shop's order page (OrderDecision) and the platform admin's show page (AdminOrderDecision) say
 * what is offered and where the decision goes.
 */
export function OrderDecisionPanel({ orderNumber, offer, help, submit, onDecided }: OrderDecisionPanelProps) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const price = usePrice();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // The caller's submit carries the decision's Idempotency-Key (the calls' own hooks send none): TanStack's
  // mutation over it gives the busy state and the refusal.
  const decide = useMutation<unknown, Error, OrderDecisionInput>({
    mutationFn: submit,
    onSuccess: async (answer, { approve }) => {
      setRejecting(false);
      setReason('');
      // An approval above the customer's finance threshold goes on to finance (flows §4): say so, not "approved".
      const status = (answer as { result?: { status?: unknown } } | undefined)?.result?.status;
      toast(!approve ? 'shop.orders.decision.rejected' : status === 'financeApproval' ? 'shop.orders.decision.toFinance' : 'shop.orders.decision.approved', { variation: 'success' });
      await onDecided();
    },
  });
  if (!offer.approve && !offer.reject) return null;
  const busy = decide.isPending;
  // A refusal in the server's words, with each supplier over the tender limit and its total.
  const error = decide.error && [
    describeError(decide.error, { resource: 'orders', op: 'update' }, i18n.i18nProvider),
    ...(decide.error instanceof HttpError ? (decide.error.body as HttpErrorBody | undefined)?.details ?? [] : [])
      .filter((d) => d.rule === 'TenderLimitExceeded' && d.params?.supplier !== undefined)
      .map((d) => `${d.params!.supplier}: ${price(d.params!.total)}`),
  ].join(' ');

  function send(approve: boolean) {
    if (!approve && !reason.trim()) { setReasonMissing(true); return; }
    decide.mutate(approve ? { approve } : { approve, reason: reason.trim() });
  }

  return (
    <Box component="section" aria-labelledby="order-decision-title" sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="order-decision-title" variant="h6" component="h2">{translate('shop.orders.decision.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>{translate(help)}</Typography>
      {error && !rejecting && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {offer.approve && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => send(true)}>{translate('shop.orders.decision.approve')}</Button>
        )}
        {offer.reject && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => { decide.reset(); setRejecting(true); }}>{translate('shop.orders.decision.reject')}</Button>
        )}
      </Box>
      <Dialog open={rejecting} onClose={() => !busy && setRejecting(false)} aria-labelledby="order-reject-title" fullWidth maxWidth="sm">
        <DialogTitle id="order-reject-title">{translate('shop.orders.decision.rejectTitle', { number: orderNumber ?? '' })}</DialogTitle>
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
