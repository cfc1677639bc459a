import { useState } from 'react';
import { budgetsCreate, budgetsList } from '../../../../generated/app/calls/budgets.gen';
import { useBudgetsCreate, useBudgetsHardDelete, useBudgetsUpdate } from '../../../../generated/app/calls.gen';
import { customerAccessesCustomerUsers } from '../../../../generated/app/calls/customer-accesses.gen';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, LinearProgress, MenuItem, Switch,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { BUDGET_PERIODS } from '../../../../model/resources/budgets';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { canCall } from '../../../shared/access';
import { addDays } from '../../../shared/shop-clock';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { useAppQuery } from '../../data/query-client';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePrice } from '../../common/hooks';
import { formatDate } from '../../i18n/format';
import type { Budget } from '../../common/types';
import { hiddenBelow, shownBelow } from '../../common/ui/phone';

const F = 'resources.budgets.fields';
const phoneHidden = hiddenBelow();
const phoneShown = shownBelow();
/** On a phone the cells keep less room at their sides, so the name, what remains and the edit button fit the screen. */
const phoneCells = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } };
const MONEY_RE = /^\d{1,12}(?:[.,]\d{1,2})?$/;
type Period = keyof typeof BUDGET_PERIODS;
const isPeriod = (value: string | undefined): value is Period => !!value && Object.hasOwn(BUDGET_PERIODS, value);


/** How much of the period is spent, for the bar: 0–100. */
export const spentShare = (b: Pick<Budget, 'amount' | 'spent'>) => {
  const amount = Number(b.amount);
  return amount > 0 ? Math.min(100, Math.max(0, (Number(b.spent) / amount) * 100)) : 100;
};

/**
 * /budgets: the acting company's budgets (GET /v2/budgets, 10 a page, searched by name), each with
 * the current period's amount, spent and remaining. Everyone sees the budgets they may put on their
 * orders; a customer admin (the users area) also sees every personal budget and creates, changes,
 * corrects and removes them (/budget-setting/create|update|harddelete).
 */
export function BudgetsPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const price = usePrice();
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const subject = subjectOf(session);
  const manages = canCall(budgetsCreate.access, subject);
  const list = usePagedCall(budgetsList, {
    name: 'budgets', perPage: CONSTANTS.budgetPageSize,
    input: ({ page, perPage, text }) => ({ query: { page, pageSize: perPage, filter: text('name') } }),
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const { rows, error, isPending } = list;
  const filter = typeof list.filterValues.name === 'string' ? list.filterValues.name : '';
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('shop.budgets.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate(manages ? 'shop.budgets.helpManager' : 'shop.budgets.help')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField size="small" type="search" label={translate('shop.budgets.search')} value={filter} sx={{ flex: '1 1 240px', maxWidth: 360 }}
          onChange={(e) => list.setFilters({ name: e.target.value })} />
        {manages && <Button variant="contained" onClick={() => setEditing('new')}>{translate('shop.budgets.create')}</Button>}
      </Box>
      {error && <Alert severity="error">{describeError(error, { resource: 'budgets', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {!isPending && !error && rows?.length === 0 && <Typography>{translate('shop.budgets.empty')}</Typography>}
      {rows && rows.length > 0 && (
        <>
          {/* relative: the visually hidden header is placed inside the scrolling box, not widening the page. */}
          <Box sx={{ overflowX: 'auto', position: 'relative' }}>
            <Table size="small" aria-label={translate('shop.budgets.title')} sx={phoneCells}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${F}.name`)}</TableCell>
                  <TableCell sx={phoneHidden}>{translate(`${F}.customerAccessId`)}</TableCell>
                  <TableCell sx={phoneHidden}>{translate(`${F}.period`)}</TableCell>
                  <TableCell align="right" sx={phoneHidden}>{translate('shop.budgets.amount')}</TableCell>
                  <TableCell align="right" sx={phoneHidden}>{translate('shop.budgets.spent')}</TableCell>
                  <TableCell align="right">{translate('shop.budgets.remaining')}</TableCell>
                  {manages && <TableCell><Box component="span" sx={visuallyHidden}>{translate('shop.budgets.actions')}</Box></TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((b) => (
                  <TableRow key={b.id} sx={b.active ? undefined : { opacity: 0.6 }}>
                    <TableCell>
                      {b.name}{!b.active && ` (${translate('shop.budgets.inactive')})`}
                      <LinearProgress variant="determinate" value={spentShare(b)} color={Number(b.remaining) <= 0 ? 'error' : spentShare(b) > 85 ? 'warning' : 'primary'}
                        aria-label={translate('shop.budgets.spentShare', { name: b.name, share: Math.round(spentShare(b)) })} sx={{ mt: 0.5, minWidth: 96 }} />
                      {/* On a phone whose budget it is, its period and amount go under the name; what remains keeps its column. */}
                      <Typography variant="caption" color="text.secondary" sx={[{ overflowWrap: 'break-word' }, phoneShown]}>
                        {[b.holderName ?? translate('shop.budgets.wholeCompany'), translate(`resources.budgets.choices.period.${b.period}`), `${translate('shop.budgets.amount')} ${price(b.amount)}`].join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={phoneHidden}>{b.holderName ?? translate('shop.budgets.wholeCompany')}</TableCell>
                    <TableCell sx={phoneHidden}>
                      {translate(`resources.budgets.choices.period.${b.period}`)}
                      <Typography variant="caption" component="div">{translate('shop.budgets.periodRange', { from: formatDate(b.periodStart), to: formatDate(addDays(b.periodEnd, -1)) })}</Typography>
                    </TableCell>
                    <TableCell align="right" sx={phoneHidden}>{price(b.amount)}</TableCell>
                    <TableCell align="right" sx={phoneHidden}>{price(b.spent)}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, color: Number(b.remaining) <= 0 ? 'error.main' : undefined }}>{price(b.remaining)}</TableCell>
                    {manages && <TableCell><Button size="small" sx={{ minWidth: 0 }} onClick={() => setEditing(b)} aria-label={translate('shop.budgets.editNamed', { name: b.name })}>{translate('ra.action.edit')}</Button></TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
      {editing && <BudgetDialog budget={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** Creates or changes a budget; for an existing one also a correction of its spent and its removal. */
function BudgetDialog({ budget, onClose }: { budget: Budget | null; onClose: () => void }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const session = useSession();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [name, setName] = useState(budget?.name ?? '');
  const [period, setPeriod] = useState<Period>(isPeriod(budget?.period) ? budget.period : 'monthly');
  const [amount, setAmount] = useState(budget ? budget.amount : '');
  const [holder, setHolder] = useState(budget?.customerAccessId ?? '');
  const [active, setActive] = useState(budget?.active ?? true);
  const [spent, setSpent] = useState(budget ? budget.spent : '');
  const [touched, setTouched] = useState(false);
  // Each change re-reads the page's list (a call of budgets); an order's usable budgets are read anew here.
  const done = (text: string) => async () => {
    toast(text, { variation: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['app', 'budgets'] });
    onClose();
  };
  const create = useBudgetsCreate({ onSuccess: done('shop.budgets.created') });
  const update = useBudgetsUpdate({ onSuccess: done('shop.budgets.saved') });
  const remove = useBudgetsHardDelete({ failure: { op: 'delete' }, onSuccess: done('shop.budgets.deleted') });
  const changes = [create, update, remove];
  const busy = changes.some((c) => c.isPending);
  const error = changes.find((c) => c.errorText)?.errorText ?? null;
  /** One change at a time shows its failure: the others' earlier ones go. */
  const start = (change: (typeof changes)[number]) => changes.forEach((c) => { if (c !== change) c.reset(); });
  const holders = useAppQuery({
    queryKey: ['app', 'budget-holders', session.activeCustomerId],
    queryFn: ({ signal }) => callApi(http, customerAccessesCustomerUsers, { body: { query: { skip: 0, take: 100 } } }, { signal }).then((r) => r.result.items),
  });
  const nameMissing = !name.trim();
  const amountWrong = !MONEY_RE.test(amount.trim());
  const spentWrong = !!budget && !/^-?\d{1,12}(?:[.,]\d{1,2})?$/.test(spent.trim());

  function save() {
    setTouched(true);
    if (nameMissing || amountWrong || spentWrong) return;
    const dto = { name: name.trim(), period, amount: amount.trim().replace(',', '.'), customerAccessId: holder || null, active };
    if (!budget) {
      start(create);
      create.mutate({ body: { dto } });
    } else {
      const correction = spent.trim().replace(',', '.') !== budget.spent ? { spent: spent.trim().replace(',', '.') } : {};
      start(update);
      update.mutate({ body: { dto: { id: budget.id, ...dto, ...correction } } });
    }
  }
  const title = budget ? translate('shop.budgets.editNamed', { name: budget.name }) : translate('shop.budgets.create');
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="budget-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="budget-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextField label={translate(`${F}.name`)} required value={name} onChange={(e) => setName(e.target.value)} autoFocus
          error={touched && nameMissing} helperText={touched && nameMissing ? translate('validation.messages.required') : undefined} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField select label={translate(`${F}.customerAccessId`)} value={holder} onChange={(e) => setHolder(e.target.value)}
          helperText={translate('shop.budgets.holderHelp')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate('shop.budgets.wholeCompany')}</MenuItem>
          {(holders.data ?? []).map((h) => <MenuItem key={h.customerAccessId} value={h.customerAccessId}>{h.displayname ?? h.email}</MenuItem>)}
          {budget?.customerAccessId && !holders.data?.some((h) => h.customerAccessId === budget.customerAccessId) && (
            <MenuItem value={budget.customerAccessId}>{budget.holderName ?? budget.customerAccessId}</MenuItem>
          )}
        </TextField>
        <TextField select label={translate(`${F}.period`)} value={period} onChange={(e) => { if (isPeriod(e.target.value)) setPeriod(e.target.value); }} required>
          {Object.keys(BUDGET_PERIODS).map((p) => <MenuItem key={p} value={p}>{translate(`resources.budgets.choices.period.${p}`)}</MenuItem>)}
        </TextField>
        <TextField label={translate(`${F}.amount`)} required value={amount} onChange={(e) => setAmount(e.target.value)}
          error={touched && amountWrong} helperText={touched && amountWrong ? translate('validation.messages.numerical') : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        {budget && (
          <TextField label={translate('shop.budgets.correctSpent')} value={spent} onChange={(e) => setSpent(e.target.value)}
            error={touched && spentWrong} helperText={touched && spentWrong ? translate('validation.messages.numerical') : translate('shop.budgets.correctSpentHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        )}
        <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={translate(`${F}.active`)} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {budget && (
          <Button color="error" disabled={busy} sx={{ mr: 'auto' }}
            onClick={() => { start(remove); remove.mutate({ body: { id: budget.id } }); }}>
            {translate('ra.action.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
