import { useState } from 'react';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, List, ListItem, ListItemText, MenuItem, TextField, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh, useTranslate } from 'ra-core';
import { useUsableBudgets } from '../budgets/usable';
import { useOrdersAssignBudget, useOrdersRemoveBudget, useOrdersValidateBudgets } from '../../../../generated/app/calls.gen';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { OrderDetail } from '../../common/types';
import { changeGroup } from '../../data/call-mutation';

/**
 * The order's budgets (flows §4 Budget assignment): which budget each line is charged to and what
 * is left of it in the order's period; while the budgets may change (the server's `decisions`),
 * the user picks a budget for the lines still without one (all of them, or the ones ticked),
 * takes a budget off again, and confirms once every line has one (validate-budgets), which sends
 * the order to its validator. A refused assignment changes nothing and its reason is shown.
 */
export function OrderBudgets({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const price = usePrice();
  const language = useShopLanguage();
  const [budgetId, setBudgetId] = useState('');
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  // The form's own problem (no budget or no line chosen); a refused call's reason comes from its hook.
  const [problem, setProblem] = useState<string | null>(null);
  const done = (text: string) => async () => {
    toast(text, { variation: 'success' });
    setBudgetId('');
    setTicked(null);
    await queryClient.invalidateQueries({ queryKey: ['app'] });
    refresh();
  };
  const assignBudget = useOrdersAssignBudget({ failure: { op: 'update' }, onSuccess: done('shop.budgets.assigned') });
  const removeBudget = useOrdersRemoveBudget({ failure: { op: 'update' }, onSuccess: done('shop.budgets.removed') });
  const validateBudgets = useOrdersValidateBudgets({ failure: { op: 'update' }, onSuccess: done('shop.budgets.confirmed') });
  const { busy, errorText, start } = changeGroup([assignBudget, removeBudget, validateBudgets]);
  const error = problem ?? errorText;
  /** What the section showed goes when another change starts or the budget is chosen anew. */
  const clear = (except?: Parameters<typeof start>[0]) => {
    setProblem(null);
    start(except);
  };
  const may = order.decisions?.budgets ?? false;
  const assigned = order.budgets ?? [];
  const open = (order.orderLines ?? []).filter((l) => !l.budgetId);
  const usable = useUsableBudgets(may);
  if (!may && assigned.length === 0) return null;
  const chosen = ticked ?? new Set(open.map((l) => l.id));

  const params = { id: order.id };
  const assign = () => {
    if (!budgetId) { clear(); setProblem(translate('shop.budgets.chooseFirst')); return; }
    const lines = [...chosen];
    if (!lines.length) { clear(); setProblem(translate('shop.budgets.chooseLines')); return; }
    clear(assignBudget);
    assignBudget.mutate({ params, body: { budgetId, ...(lines.length === open.length ? {} : { orderLineIds: lines }) } });
  };

  return (
    <Box component="section" aria-labelledby="order-budgets-title" sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="order-budgets-title" variant="h6" component="h2">{translate('shop.budgets.orderTitle')}</Typography>
      {may && <Typography variant="body2" sx={{ mb: 1 }}>{translate(order.status === 'toApproveBudget' ? 'shop.budgets.orderHelp' : 'shop.budgets.orderChangeHelp')}</Typography>}
      {error && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
      {assigned.length > 0 && (
        <List dense aria-labelledby="order-budgets-title">
          {assigned.map((b) => (
            <ListItem key={b.id} disableGutters secondaryAction={may && (
              <Button size="small" color="error" disabled={busy} onClick={() => { clear(removeBudget); removeBudget.mutate({ params, body: { budgetId: b.id } }); }}
                aria-label={translate('shop.budgets.removeNamed', { name: b.name })}>{translate('shop.budgets.remove')}</Button>
            )}>
              <ListItemText primary={b.name}
                secondary={translate('shop.budgets.leftOf', { remaining: price(b.remaining), amount: price(b.amount), period: translate(`resources.budgets.choices.period.${b.period}`) })} />
            </ListItem>
          ))}
        </List>
      )}
      {may && open.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
          <TextField select size="small" label={translate('resources.budgets.name', { smart_count: 1 })} value={budgetId} onChange={(e) => { setBudgetId(e.target.value); clear(); }}
            helperText={usable.data && usable.data.items.length === 0 ? translate('shop.budgets.noneUsable') : undefined} sx={{ maxWidth: 480 }}>
            {(usable.data?.items ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>{translate('shop.budgets.option', { name: b.name, remaining: price(b.remaining) })}</MenuItem>
            ))}
          </TextField>
          {open.length > 1 && (
            <FormGroup aria-label={translate('shop.budgets.linesWithout')}>
              <Typography variant="body2">{translate('shop.budgets.linesWithout')}</Typography>
              {open.map((l) => (
                <FormControlLabel key={l.id} label={`${inLanguage(l.title, language)} — ${price(l.totalLineCostExcl)}`}
                  control={<Checkbox size="small" checked={chosen.has(l.id)} onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(l.id); else next.delete(l.id);
                    setTicked(next);
                  }} />} />
              ))}
            </FormGroup>
          )}
          <Box><Button variant="outlined" disabled={busy} onClick={assign}>{translate('shop.budgets.assign')}</Button></Box>
        </Box>
      )}
      {order.decisions?.confirmBudgets && (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" disabled={busy || open.length > 0} onClick={() => { clear(validateBudgets); validateBudgets.mutate({ params: { orderId: order.id }, body: {} }); }}>
            {translate('shop.budgets.confirm')}
          </Button>
          {open.length > 0 && <Typography variant="caption" component="p">{translate('shop.budgets.confirmNeedsAll')}</Typography>}
        </Box>
      )}
    </Box>
  );
}
