import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useCoreServices } from '../../bootstrap/context';
import { useOrdersDeleteLine, useOrdersExtractLines, useOrdersUpdateLine } from '../../../../generated/app/calls.gen';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { OrderDetail, OrderLine } from '../../common/types';
import { refusalTexts } from './order-problems';
import { changeGroup } from '../../data/call-mutation';

const L = 'resources.order-lines.fields';
const E = 'shop.orderEdits.lines';

/**
 * The order's lines (flows §3 Order) on its status tab, with what the server allows the user on
 * them now (`decisions`): change a line's amount and remove a line before the validator's approval
 * (editLines: PUT and DELETE /v2/order-lines/{id}), and tick lines to split them off into a new
 * order (split: POST /v2/orders/{id}/extract-order-lines), which then opens. Every change is the
 * server's: the page shows the order it answers (totals, stock and budgets computed there), and a
 * refusal says why, line by line. On a phone the table scrolls sideways inside its box.
 */
export function OrderLines({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const language = useShopLanguage();
  const price = usePrice();
  const lines = order.orderLines ?? [];
  const editable = !!order.decisions?.editLines;
  const splittable = !!order.decisions?.split;
  const budgetNames = new Map((order.budgets ?? []).map((b) => [b.id, b.name]));
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [removing, setRemoving] = useState<OrderLine | null>(null);
  const [splitting, setSplitting] = useState(false);
  // Another version of the order (after a change) starts from its own amounts and selection.
  const version = lines.map((l) => `${l.id}:${l.amount}`).join();
  useEffect(() => { setAmounts({}); setTicked(new Set()); }, [version]);

  const titleOf = (l: OrderLine) => inLanguage(l.title, language) || l.articleNumberSupplier || String(l.lineNumber ?? '');
  const draftOf = (l: OrderLine) => amounts[l.id] ?? String(l.amount ?? '');
  const parsed = (l: OrderLine) => (/^\d+$/.test(draftOf(l).trim()) ? Number(draftOf(l).trim()) : null);

  // Every change reads the app's queries (counts, history) and the order again.
  const changed = async (done: string | null) => {
    if (done) toast(done, { variation: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['app'] });
    refresh();
  };
  const updateLine = useOrdersUpdateLine({ onSuccess: () => changed(`${E}.saved`) });
  const deleteLine = useOrdersDeleteLine({ onSuccess: () => changed(`${E}.removed`), onSettled: () => setRemoving(null) });
  // The split carries an Idempotency-Key: a retry after a lost answer splits once.
  const split = useOrdersExtractLines({
    idempotent: true,
    onSuccess: async ({ result: created }) => {
      await changed(null);
      setSplitting(false);
      toast(`${E}.splitDone`, { variation: 'success', messageArgs: { number: created.orderNumber ?? '' } });
      navigate(`/order-detail/${encodeURIComponent(created.id)}`);
    },
    onError: () => setSplitting(false),
  });
  // One change at a time shows its refusal: the others' earlier ones go.
  const { busy, start } = changeGroup([updateLine, deleteLine, split]);
  // A refusal says why, line by line: each detail named after the line the change was about.
  const refused = (error: Error | null, op: 'update' | 'delete' | 'create', lineId?: string | number) => {
    if (!error) return [];
    const line = lineId === undefined ? undefined : lines.find((l) => String(l.id) === String(lineId));
    return refusalTexts(error, { resource: 'orders', op }, i18n.i18nProvider, price, () => (line ? titleOf(line) : undefined));
  };
  const problems = [
    ...refused(updateLine.error, 'update', updateLine.variables?.params.id),
    ...refused(deleteLine.error, 'delete', deleteLine.variables?.params.id),
    ...refused(split.error, 'create'),
  ];

  const saveAmount = (l: OrderLine) => {
    const amount = parsed(l);
    if (amount === null) return;
    start(updateLine);
    updateLine.mutate({ params: { id: l.id }, body: { ...l, amount } });
  };
  const remove = (l: OrderLine) => {
    start(deleteLine);
    deleteLine.mutate({ params: { id: l.id } });
  };
  const chosen = lines.filter((l) => ticked.has(l.id)).map((l) => l.id);
  const canSplit = chosen.length > 0 && chosen.length < lines.length;

  return (
    <>
      <Typography variant="h6" component="h2">{translate('shop.orders.lines')}</Typography>
      {order.transactionsLocked && <Alert severity="info" sx={{ my: 1 }}>{translate('shop.orderEdits.lockedHelp')}</Alert>}
      {editable && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(`${E}.editHelp`)}</Typography>}
      {splittable && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(`${E}.splitHelp`)}</Typography>}
      {problems.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {problems.length === 1 ? problems[0] : <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{problems.map((p, i) => <li key={i}>{p}</li>)}</Box>}
        </Alert>
      )}
      {/* Positioned, so the visually hidden header stays inside the scrolling box instead of widening the page. */}
      <Box sx={{ overflowX: 'auto', position: 'relative' }}>
        <Table size="small" aria-label={translate('shop.orders.lines')}>
          <TableHead>
            <TableRow>
              {splittable && <TableCell padding="checkbox">{translate(`${E}.select`)}</TableCell>}
              <TableCell>{translate(`${L}.title`)}</TableCell>
              <TableCell>{translate(`${L}.articleNumberSupplier`)}</TableCell>
              <TableCell>{translate(`${L}.unitPrice`)}</TableCell>
              <TableCell align="right">{translate(`${L}.amount`)}</TableCell>
              <TableCell align="right">{translate(`${L}.totalLineCostExcl`)}</TableCell>
              {budgetNames.size > 0 && <TableCell>{translate(`${L}.budgetId`)}</TableCell>}
              {editable && <TableCell><Box component="span" sx={visuallyHidden}>{translate(`${E}.remove`)}</Box></TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => {
              const title = titleOf(line);
              const changed = draftOf(line) !== String(line.amount ?? '');
              const valid = parsed(line) !== null && parsed(line)! > 0;
              return (
                <TableRow key={line.id}>
                  {splittable && (
                    <TableCell padding="checkbox">
                      <Checkbox checked={ticked.has(line.id)} disabled={busy} slotProps={{ input: { 'aria-label': translate(`${E}.selectOf`, { title }) } }}
                        onChange={(e) => setTicked((s) => { const next = new Set(s); if (e.target.checked) next.add(line.id); else next.delete(line.id); return next; })} />
                    </TableCell>
                  )}
                  <TableCell sx={{ minWidth: 140 }}>{title}</TableCell>
                  <TableCell>{line.articleNumberSupplier}</TableCell>
                  <TableCell>{price(line.unitPrice)}</TableCell>
                  <TableCell align="right">
                    {editable ? (
                      <Box component="form" sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}
                        onSubmit={(e) => { e.preventDefault(); if (changed && valid) saveAmount(line); }}>
                        <TextField size="small" value={draftOf(line)} error={!valid} disabled={busy} sx={{ width: 76 }}
                          onChange={(e) => setAmounts((a) => ({ ...a, [line.id]: e.target.value }))}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': translate(`${E}.amountOf`, { title }) } }} />
                        {changed && (
                          <Button type="submit" size="small" variant="outlined" disabled={busy || !valid} aria-label={translate(`${E}.saveOf`, { title })}>
                            {translate(`${E}.save`)}
                          </Button>
                        )}
                      </Box>
                    ) : line.amount}
                  </TableCell>
                  <TableCell align="right">{price(line.totalLineCostExcl)}</TableCell>
                  {budgetNames.size > 0 && <TableCell>{(line.budgetId && budgetNames.get(line.budgetId)) ?? '—'}</TableCell>}
                  {editable && (
                    <TableCell padding="none">
                      <Tooltip title={lines.length > 1 ? translate(`${E}.removeOf`, { title }) : translate(`${E}.lastLine`)}>
                        <span>
                          <IconButton disabled={busy || lines.length <= 1} onClick={() => setRemoving(line)} aria-label={translate(`${E}.removeOf`, { title })}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {splittable && (
        <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="outlined" disabled={busy || !canSplit} onClick={() => setSplitting(true)}>{translate(`${E}.split`)}</Button>
          {ticked.size > 0 && !canSplit && <Typography variant="body2" color="error" role="status">{translate(`${E}.chooseSome`)}</Typography>}
        </Box>
      )}
      {removing && (
        <Dialog open onClose={() => setRemoving(null)} aria-labelledby="remove-line-title">
          <DialogTitle id="remove-line-title">{translate(`${E}.removeTitle`)}</DialogTitle>
          <DialogContent><DialogContentText>{translate(`${E}.removeText`, { title: titleOf(removing), amount: removing.amount ?? '' })}</DialogContentText></DialogContent>
          <DialogActions>
            <Button onClick={() => setRemoving(null)} disabled={busy}>{translate('ra.action.cancel')}</Button>
            <Button color="error" variant="contained" disabled={busy} onClick={() => remove(removing)}>{translate(`${E}.remove`)}</Button>
          </DialogActions>
        </Dialog>
      )}
      {splitting && (
        <Dialog open onClose={() => setSplitting(false)} aria-labelledby="split-lines-title">
          <DialogTitle id="split-lines-title">{translate(`${E}.splitTitle`)}</DialogTitle>
          <DialogContent><DialogContentText>{translate(`${E}.splitText`, { smart_count: chosen.length })}</DialogContentText></DialogContent>
          <DialogActions>
            <Button onClick={() => setSplitting(false)} disabled={busy}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={busy} onClick={() => { start(split); split.mutate({ params: { id: order.id }, body: { orderLines: chosen } }); }}>{translate(`${E}.split`)}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
