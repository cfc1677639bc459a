import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatCurrency, formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { useInvoice, useInvoiceChanges, type InvoiceDetail, type InvoiceRow } from './invoice-api';

const M = 'invoices';

/** The colour of a match status: a mismatch stands out, an accepted one is settled but marked. */
export const matchColor = (status: InvoiceRow['matchStatus']) =>
  (status === 'mismatch' ? 'error' : status === 'accepted' ? 'info' : status === 'matched' ? 'success' : 'default');

/** The match status as a chip (nothing for an invoice that names no supplier order). */
export function MatchChip({ status }: { status: InvoiceRow['matchStatus'] | null | undefined }) {
  const translate = useTranslate();
  if (!status || status === 'notChecked') return null;
  return <Chip size="small" variant="outlined" color={matchColor(status)} label={translate(`resources.invoices.choices.matchStatus.${status}`)} />;
}

const price = (v: string | null) => (v == null ? '–' : formatCurrency(Number(v)));

/**
 * The three-way match of an invoice (GET /invoices/by-id `match`): per line what was ordered, received
 * and invoiced (with the supplier order's earlier invoices) and the agreed and invoiced unit price, the
 * problems found, the acceptance when there is one, and for finance the acceptance with a reason.
 */
export function InvoiceMatch({ detail }: { detail: InvoiceDetail }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useInvoiceChanges();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const match = detail.match;
  if (!match) return null;
  const headingId = `match-${detail.id}`;
  const cell = { px: 1, py: 0.5, textAlign: 'right' as const, whiteSpace: 'nowrap' as const, verticalAlign: 'top' as const };

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setProblem(translate('validation.messages.minLength', { min: 3 }));
      return;
    }
    setBusy(true);
    try {
      await changes.acceptMismatch(detail.id, reason.trim());
      toast(translate(`${M}.accepted`), { variation: 'success' });
      setAsking(false);
      setReason('');
      setProblem(null);
    } catch (e) {
      setProblem(describeError(e, { resource: 'invoices', op: 'update' }, i18n.i18nProvider));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{translate(`${M}.match`)}</Typography>
        <MatchChip status={match.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${M}.matchHelp`, { price: match.tolerance.pricePercent, quantity: match.tolerance.quantityPercent })}
      </Typography>
      {/* Scrolls sideways on a phone; focusable so the keyboard scrolls it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' }}>
          <thead>
            <tr>
              <Box component="th" sx={{ ...cell, textAlign: 'left' }}>#</Box>
              <Box component="th" sx={cell}>{translate(`${M}.ordered`)}</Box>
              <Box component="th" sx={cell}>{translate(`${M}.received`)}</Box>
              <Box component="th" sx={cell}>{translate(`${M}.invoicedTotal`)}</Box>
              <Box component="th" sx={cell}>{translate(`${M}.agreedPrice`)}</Box>
              <Box component="th" sx={cell}>{translate(`${M}.invoicedPrice`)}</Box>
              <Box component="th" sx={{ ...cell, textAlign: 'left' }}>{translate('resources.invoices.fields.matchStatus')}</Box>
            </tr>
          </thead>
          <tbody>
            {match.lines.map((l, i) => (
              <tr key={`${l.lineNumber ?? 'total'}-${i}`}>
                <Box component="td" sx={{ ...cell, textAlign: 'left' }}>{l.lineNumber ?? translate(`${M}.wholeInvoice`)}</Box>
                <Box component="td" sx={cell}>{l.ordered ?? '–'}</Box>
                <Box component="td" sx={cell}>{l.received ?? '–'}</Box>
                <Box component="td" sx={cell}>{l.lineNumber == null ? price(l.invoicedTotal) : l.invoicedTotal}</Box>
                <Box component="td" sx={cell}>{price(l.agreedUnitPrice)}</Box>
                <Box component="td" sx={cell}>{price(l.invoicedUnitPrice)}</Box>
                <Box component="td" sx={{ ...cell, textAlign: 'left', whiteSpace: 'normal' }}>
                  {l.problems.length === 0
                    ? <Typography variant="body2" color="success.dark">{translate(`${M}.noProblem`)}</Typography>
                    : l.problems.map((p) => (
                      <Typography key={p.code} variant="body2" color="error.main" sx={{ fontWeight: 500 }}>
                        {translate(`${M}.matchProblems.${p.code}`)}
                        {p.code === 'priceAboveAgreed' || p.code === 'totalAboveReceived' ? ` (${price(p.actual)} > ${price(p.expected)})` : ` (${p.actual} > ${p.expected})`}
                      </Typography>
                    ))}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {match.status === 'accepted' && detail.matchAcceptReason && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate(`${M}.acceptedBy`, { name: detail.matchAcceptedByName ?? '', date: detail.matchAcceptedAt ? formatDateTime(detail.matchAcceptedAt) : '', reason: detail.matchAcceptReason })}
        </Alert>
      )}
      {match.status === 'mismatch' && (
        <Alert severity="warning" sx={{ mt: 1 }} action={detail.mayAcceptMismatch
          ? <Button color="inherit" size="small" onClick={() => setAsking(true)}>{translate(`${M}.acceptMismatch`)}</Button> : undefined}>
          {translate(`${M}.payBlocked`)}
        </Alert>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm" aria-labelledby={`${headingId}-accept`}>
        <Box component="form" onSubmit={(e) => void accept(e)} noValidate>
          <DialogTitle id={`${headingId}-accept`}>{translate(`${M}.acceptTitle`, { number: detail.number })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1.5 }}>{translate(`${M}.acceptHelp`)}</DialogContentText>
            <TextField autoFocus fullWidth multiline minRows={2} required label={translate(`${M}.acceptReason`)} value={reason}
              onChange={(e) => setReason(e.target.value)} error={!!problem} helperText={problem} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>{translate(`${M}.cancel`)}</Button>
            <Button type="submit" variant="contained" disabled={busy}>{translate(`${M}.acceptConfirm`)}</Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}

/** The match of the invoice `id` (read with its lines, GET /invoices/by-id). */
export function InvoiceMatchOf({ id }: { id: string }) {
  const { data } = useInvoice(id);
  return data ? <InvoiceMatch detail={data} /> : null;
}
