import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { useCoreServices, useSession } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { ordersComplete } from '../../../../../generated/app/calls/orders.gen';
import { callApi } from '../../../data/call-api';
import { useIdempotencyKeys } from '../../../data/idempotency';
import { useAppNotify } from '../../../notify/useAppNotify';
import { usePrice, useShopLanguage } from '../../../common/hooks';
import { FileDownloadButton } from '../FileDownloadButton';
import { inLanguage } from '../../../common/text';
import type { OrderDetail } from '../../../common/types';
import type { StoredFile } from '../../../../shared/field-kinds';
import { fieldErrors, isAmount } from './fields';

/**
 * What an order placed through the order form or an order request shows on its status tab (flows
 * §3 "attachment PDF lines"): what was asked for, its attachment lines' files to download, the
 * order form's quotes with the chosen one marked, and for an incomplete request its orderer's form
 * to add the amount (PATCH /v2/orders/{id}/complete). An order from the basket shows none of it.
 */

const F = 'shop.orderForm';
const D = `${F}.detail`;

/** Where a file of an attachment field (a line's, a quote's) is downloaded. */
const urlOf = (f: Pick<StoredFile, 'containerName' | 'blobName'>) => `/upload?containerName=${encodeURIComponent(f.containerName)}&blobName=${encodeURIComponent(f.blobName)}`;

export function OrderFormDetails({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const me = useSession().user?.id;
  const files = (order.orderLines ?? []).flatMap((l) => {
    const file = l.attachment;
    return l.lineType === 'attachment' && file?.blobName ? [{ line: l, file }] : [];
  });
  const quotes = order.quotes ?? [];
  if (!order.description && !files.length && !quotes.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
      {order.description && (
        <Box component="section" aria-labelledby="order-description">
          <Typography id="order-description" variant="h6" component="h2">{translate(`${D}.description`)}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{order.description}</Typography>
        </Box>
      )}
      {order.status === 'incomplete' && me && order.orderedById === me && <CompleteRequest order={order} />}
      {files.length > 0 && (
        <Box component="section" aria-labelledby="order-files">
          <Typography id="order-files" variant="h6" component="h2">{translate(`${D}.files`)}</Typography>
          <List dense aria-labelledby="order-files">
            {files.map(({ line, file }) => (
              <ListItem key={line.id} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="body2">{inLanguage(line.title ?? null, language)}</Typography>
                <FileDownloadButton url={urlOf(file)} fileName={file.fileName} size={file.size} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {quotes.length > 0 && (
        <Box component="section" aria-labelledby="order-quotes">
          <Typography id="order-quotes" variant="h6" component="h2">{translate(`${D}.quotesTitle`)}</Typography>
          {/* On a phone the quotes scroll sideways inside their box instead of widening the page. */}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="order-quotes">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${D}.supplier`)}</TableCell>
                  <TableCell>{translate(`${D}.email`)}</TableCell>
                  <TableCell align="right">{translate(`${D}.price`)}</TableCell>
                  <TableCell align="right">{translate(`${D}.vat`)}</TableCell>
                  <TableCell>{translate(`${D}.file`)}</TableCell>
                  <TableCell>{translate(`${D}.chosen`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {quotes.map((q, i) => (
                  <TableRow key={i} selected={!!q.chosen} data-chosen={q.chosen ? 'true' : undefined}>
                    <TableCell>{q.supplierName}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{q.supplierEmail}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{price(q.priceExcl)}</TableCell>
                    <TableCell align="right">{translate(`${F}.vatRate`, { rate: q.vatRate })}</TableCell>
                    <TableCell><FileDownloadButton url={urlOf(q.attachment)} fileName={q.attachment.fileName} size={q.attachment.size} /></TableCell>
                    <TableCell>{q.chosen && <Chip size="small" color="primary" label={translate(`${D}.chosenMark`)} />}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The orderer's form to add the amount an incomplete order request lacks; the order then waits for its approval. */
function CompleteRequest({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const keys = useIdempotencyKeys();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problem = !amount.trim() ? translate('validation.messages.required') : !isAmount(amount) ? translate(`${F}.numerical`) : null;

  async function complete() {
    setTried(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    const body = { estimatedAmount: amount.trim() };
    const params = { id: order.id };
    try {
      await keys.send({ params, body }, (headers) => callApi(http, ordersComplete, { params, body }, { headers }));
      toast(`${F}.complete.done`, { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
    } catch (e) {
      setError(fieldErrors(e).estimatedAmount ?? describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="complete-request-title" sx={{ p: 2, display: 'grid', gap: 1.5, maxWidth: 560 }}>
      <Typography id="complete-request-title" variant="subtitle1" component="h2">{translate(`${F}.complete.title`)}</Typography>
      <Typography variant="body2">{translate(`${F}.complete.help`)}</Typography>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void complete(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" required label={translate(`${F}.complete.amount`)} value={amount} onChange={(e) => setAmount(e.target.value)}
          error={tried && !!problem} helperText={tried ? problem : undefined} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }} />
        <Button type="submit" variant="contained" disabled={busy}>{translate(`${F}.complete.submit`)}</Button>
      </Box>
    </Paper>
  );
}
