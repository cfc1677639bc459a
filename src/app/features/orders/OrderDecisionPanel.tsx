import { useEffect, useState } from 'react';
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
  const { toast } = useAppNotify();
  const refusal = useDecisionRefusal();
  const [rejecting, setRejecting] = useState(false);
  // The caller's submit carries the decision's Idempotency-Key (the calls' own hooks send none): TanStack's
  // mutation over it gives the busy state and the refusal.
  const decide = useMutation<unknown, Error, OrderDecisionInput>({
    mutationFn: submit,
    onSuccess: async (answer, { approve }) => {
      setRejecting(false);
      // An approval above the customer's finance threshold goes on to finance (flows §4): say so, not "approved".
      const status = (answer as { result?: { status?: unknown } } | undefined)?.result?.status;
      toast(!approve ? 'shop.orders.decision.rejected' : status === 'financeApproval' ? 'shop.orders.decision.toFinance' : 'shop.orders.decision.approved', { variation: 'success' });
      await onDecided();
    },
  });
  if (!offer.approve && !offer.reject) return null;
  const busy = decide.isPending;
  const error = refusal(decide.error);

  return (
    <Box component="section" aria-labelledby="order-decision-title" sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="order-decision-title" variant="h6" component="h2">{translate('shop.orders.decision.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>{translate(help)}</Typography>
      {error && !rejecting && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {offer.approve && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => decide.mutate({ approve: true })}>{translate('shop.orders.decision.approve')}</Button>
        )}
        {offer.reject && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => { decide.reset(); setRejecting(true); }}>{translate('shop.orders.decision.reject')}</Button>
        )}
      </Box>
      <RejectOrderDialog open={rejecting} orderNumber={orderNumber} busy={busy} error={error}
        onCancel={() => setRejecting(false)} onReject={(reason) => decide.mutate({ approve: false, reason })} />
    </Box>
  );
}

/** A refused decision in the server's words, with each supplier over the tender limit and its total (flows §9); null without one. */
export function useDecisionRefusal(): (error: Error | null | undefined) => string | null {
  const { i18n } = useCoreServices();
  const price = usePrice();
  return (error) => error ? [
    describeError(error, { resource: 'orders', op: 'update' }, i18n.i18nProvider),
    ...(error instanceof HttpError ? (error.body as HttpErrorBody | undefined)?.details ?? [] : [])
      .filter((d) => d.rule === 'TenderLimitExceeded' && d.params?.supplier !== undefined)
      .map((d) => `${d.params!.supplier}: ${price(d.params!.total)}`),
  ].join(' ') : null;
}

export interface RejectOrderDialogProps {
  readonly open: boolean;
  readonly orderNumber: string | null | undefined;
  readonly busy: boolean;
  /** The server's refusal of the last attempt, in words. */
  readonly error: string | null;
  readonly onCancel: () => void;
  /** The reason, trimmed and never empty (an empty one is marked required here). */
  readonly onReject: (reason: string) => void;
}

/**
 * The rejection of one order with its required reason (flows §4: the person who ordered reads it):
 * the order page's decision and the approval inbox's rows reject through it. Opening it starts with
 * an empty reason.
 */
export function RejectOrderDialog({ open, orderNumber, busy, error, onCancel, onReject }: RejectOrderDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  useEffect(() => { if (open) { setReason(''); setReasonMissing(false); } }, [open]);
  const send = () => (reason.trim() ? onReject(reason.trim()) : setReasonMissing(true));
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} aria-labelledby="order-reject-title" fullWidth maxWidth="sm">
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
        <Button onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={send} disabled={busy}>{translate('shop.orders.decision.reject')}</Button>
      </DialogActions>
    </Dialog>
  );
}
