import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { useInvoicesMarkPaidBulk } from '../../../../generated/app/calls.gen';
import { sum, dec, formatDec } from '../../../shared/money';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { InvoiceRow } from './invoice-api';
import { money } from './InvoiceLines';

const M = 'invoices';

/**
 * Paying several invoices at once (issue 29): the ticked invoices of the page (`chosen`, among the
 * `payable` ones) are marked paid after a confirmation that names them and their total, in one call
 * (POST /invoices/mark-paid-bulk: each invoice through the single step, on its own). One the server
 * refuses stays open and the warning says which and why; the list and its totals are read again.
 */
export function InvoiceBulkPay({ payable, selected, onSelect }: {
  payable: readonly InvoiceRow[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const chosen = payable.filter((i) => selected.has(i.id));
  const all = payable.length > 0 && chosen.length === payable.length;
  const pay = useInvoicesMarkPaidBulk({
    idempotent: true,
    onSuccess: ({ result }) => {
      setConfirming(false);
      onSelect(new Set());
      const done = result.filter((r) => r.ok).length;
      if (done) toast(translate(`${M}.markedPaidMany`, { count: done }), { variation: 'success' });
      const numberOf = (id: string) => chosen.find((i) => i.id === id)?.number ?? id;
      setRefused(result.filter((r) => !r.ok).map((r) => translate(`${M}.notPaid`, {
        number: numberOf(r.invoiceId), reason: describeError(new HttpError('', 400, { errorCode: r.errorCode }), { resource: 'invoices', op: 'update' }, i18n.i18nProvider),
      })));
    },
  });
  if (!payable.length && !refused.length) return null;
  const total = money(formatDec(sum(chosen.map((i) => dec(i.priceIncl ?? '0')))));

  return (
    <Box sx={{ mb: 1 }}>
      {refused.length > 0 && (
        <Alert severity="warning" role="alert" sx={{ mb: 1 }} onClose={() => setRefused([])}>
          {refused.map((text) => <Box key={text}>{text}</Box>)}
        </Alert>
      )}
      {payable.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <FormControlLabel label={translate(`${M}.selectAll`)}
            control={<Checkbox checked={all} indeterminate={chosen.length > 0 && !all} onChange={() => onSelect(all ? new Set() : new Set(payable.map((i) => i.id)))} />} />
          <Button variant="contained" disabled={!chosen.length || pay.isPending} onClick={() => { pay.reset(); setConfirming(true); }}>
            {translate(`${M}.markPaidSelected`, { count: chosen.length })}
          </Button>
        </Box>
      )}
      <Dialog open={confirming} onClose={() => !pay.isPending && setConfirming(false)} aria-labelledby="invoices-pay-title" fullWidth maxWidth="xs">
        <DialogTitle id="invoices-pay-title">{translate(`${M}.payTitle`, { count: chosen.length })}</DialogTitle>
        <DialogContent>
          {pay.errorText && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{pay.errorText}</Alert>}
          <DialogContentText>{translate(`${M}.payText`, { total })}</DialogContentText>
          <Box component="ul" sx={{ pl: 2.5, mb: 0, overflowWrap: 'anywhere' }}>
            {chosen.map((i) => <li key={i.id}>{`${i.number} · ${money(i.priceIncl)}`}</li>)}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={pay.isPending}>{translate(`${M}.cancel`)}</Button>
          <Button variant="contained" disabled={pay.isPending || !chosen.length} onClick={() => pay.mutate({ body: { invoiceIds: chosen.map((i) => i.id) } })}>
            {translate(`${M}.payConfirm`, { count: chosen.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
