import { useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Link, Paper, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { useOrdersToApprove, useOrdersValidate, useOrdersValidateBulk } from '../../../../generated/app/calls.gen';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDate } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { OrderContextFacts } from './OrderContextFacts';
import { RejectOrderDialog, useDecisionRefusal } from './OrderDecisionPanel';

type InboxRow = ResultOf<Contracts['orders']['toApprove']>['result']['items'][number];

const detailPath = (id: string) => PAGES['order-detail-id']!.path.replace(':id', encodeURIComponent(id));
const DAY = 86_400_000;

/** How long an order has waited, in the interface language ("3 days ago", "yesterday", "today"). */
function age(orderDate: string | null, language: string): string {
  if (!orderDate) return '';
  // Calendar days in the user's time zone: an order of yesterday evening is "yesterday" this morning.
  const midnight = (t: number) => new Date(t).setHours(0, 0, 0, 0);
  const days = Math.max(0, Math.round((midnight(Date.now()) - midnight(Date.parse(orderDate))) / DAY));
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day');
}

/**
 * /orders/to-approve, the approver's inbox (flows §4, issue 29): the orders waiting for the user's
 * step (GET /v2/orders/to-approve, the orders the menu's badge counts), oldest first, each a card
 * with who ordered it, the department, suppliers, total excluding VAT, the budgets' remaining before
 * and after, and its age. Ticked orders are approved at once after a confirmation (POST
 * /v2/orders/validate-bulk, each as its own decision: a refused one says why and stays); a rejection
 * goes one order at a time with its reason (the order page's dialog). Cards at every width, so a
 * phone never scrolls sideways.
 */
export function ApprovalInboxPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const refusal = useDecisionRefusal();
  const inbox = useOrdersToApprove({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState<InboxRow | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  // The counts (menu badge, dashboard) are read again with the inbox after every decision.
  const reread = () => queryClient.invalidateQueries({ queryKey: ['app'] });

  const approve = useOrdersValidateBulk({
    idempotent: true,
    onSuccess: async ({ result }) => {
      setConfirming(false);
      setSelected(new Set());
      const done = result.filter((r) => r.ok).length;
      if (done) toast('shop.orders.inbox.approved', { variation: 'success', messageArgs: { smart_count: done } });
      const numberOf = (id: string) => inbox.data?.result.items.find((r) => r.orderId === id)?.orderNumber ?? id;
      setRefused(result.filter((r) => !r.ok).map((r) => translate('shop.orders.inbox.refused', {
        number: numberOf(r.orderId), reason: describeError(new HttpError('', 400, { errorCode: r.errorCode }), { resource: 'orders', op: 'update' }, i18n.i18nProvider),
      })));
      await reread();
    },
  });
  const reject = useOrdersValidate({
    idempotent: true,
    onSuccess: async () => {
      setRejecting(null);
      toast('shop.orders.decision.rejected', { variation: 'success' });
      await reread();
    },
  });

  if (inbox.error) return <Box sx={{ p: 2 }}><Alert severity="error">{describeError(inbox.error, { resource: 'orders', op: 'list' }, i18n.i18nProvider)}</Alert></Box>;
  const rows = inbox.data?.result.items;
  const selectable = (rows ?? []).filter((r) => r.approve);
  const chosen = selectable.filter((r) => selected.has(r.orderId));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggle = (id: string) => setSelected((prev) => {
    const next = new Set(prev);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">{translate('shop.orders.inbox.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('shop.orders.inbox.help')}</Typography>
      {refused.length > 0 && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }} onClose={() => setRefused([])}>
          {refused.map((text) => <Box key={text}>{text}</Box>)}
        </Alert>
      )}
      {!rows ? <Typography>{translate('ra.page.loading')}</Typography> : rows.length === 0 ? <Typography>{translate('shop.orders.inbox.empty')}</Typography> : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
            <FormControlLabel
              label={translate('shop.orders.inbox.selectAll')}
              control={<Checkbox checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} disabled={!selectable.length}
                onChange={() => setSelected(allChosen ? new Set() : new Set(selectable.map((r) => r.orderId)))} />}
            />
            <Button variant="contained" color="success" disabled={!chosen.length || approve.isPending} onClick={() => { approve.reset(); setConfirming(true); }}>
              {chosen.length ? translate('shop.orders.inbox.approveSelected', { smart_count: chosen.length }) : translate('shop.orders.inbox.approveNone')}
            </Button>
          </Box>
          {inbox.data!.result.total > rows.length && (
            <Typography variant="body2" sx={{ mb: 1 }}>{translate('shop.orders.inbox.moreThanShown', { shown: rows.length, total: inbox.data!.result.total })}</Typography>
          )}
          <Box component="ul" aria-label={translate('shop.orders.inbox.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {rows.map((row) => (
              <InboxCard key={row.orderId} row={row} checked={selected.has(row.orderId)} onToggle={() => toggle(row.orderId)}
                onReject={() => { reject.reset(); setRejecting(row); }} busy={approve.isPending || reject.isPending} />
            ))}
          </Box>
        </>
      )}
      <Dialog open={confirming} onClose={() => !approve.isPending && setConfirming(false)} aria-labelledby="inbox-confirm-title" fullWidth maxWidth="xs">
        <DialogTitle id="inbox-confirm-title">{translate('shop.orders.inbox.confirmTitle', { smart_count: chosen.length })}</DialogTitle>
        <DialogContent>
          {approve.errorText && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{approve.errorText}</Alert>}
          <DialogContentText>{translate('shop.orders.inbox.confirmText')}</DialogContentText>
          <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
            {chosen.map((r) => <li key={r.orderId}>{r.orderNumber}</li>)}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={approve.isPending}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color="success" disabled={approve.isPending || !chosen.length}
            onClick={() => approve.mutate({ body: { orderIds: chosen.map((r) => r.orderId) } })}>
            {translate('shop.orders.inbox.approveSelected', { smart_count: chosen.length })}
          </Button>
        </DialogActions>
      </Dialog>
      <RejectOrderDialog open={!!rejecting} orderNumber={rejecting?.orderNumber} busy={reject.isPending} error={refusal(reject.error)}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && reject.mutate({ params: { orderId: rejecting.orderId }, body: { approve: false, reason } })} />
    </Box>
  );
}

function InboxCard({ row, checked, onToggle, onReject, busy }: { row: InboxRow; checked: boolean; onToggle: () => void; onReject: () => void; busy: boolean }) {
  const translate = useTranslate();
  const price = usePrice();
  const language = useShopLanguage();
  const number = row.orderNumber ?? '';
  return (
    <Paper component="li" variant="outlined" aria-label={number} sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Checkbox checked={checked} onChange={onToggle} disabled={!row.approve || busy} sx={{ mt: -0.75, ml: -0.75 }}
        slotProps={{ input: { 'aria-label': row.approve ? translate('shop.orders.inbox.select', { number }) : translate('shop.orders.inbox.notSelectable') } }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.5, mb: 1 }}>
          <Link component={RouterLink} to={detailPath(row.orderId)} variant="subtitle1" sx={{ fontWeight: 600 }}>{number}</Link>
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>{price(row.totalExcl)}</Typography>
          <Typography variant="body2" component="span" color="text.secondary">{translate(`resources.orders.choices.status.${row.status}`)}</Typography>
        </Box>
        <OrderContextFacts context={row} extra={[
          { label: translate('shop.orders.context.totalExcl'), value: price(row.totalExcl) },
          { label: translate('shop.orders.context.age'), value: `${formatDate(row.orderDate, language)} (${age(row.orderDate, language)})` },
        ]} />
        {!row.approve && <Typography variant="body2" sx={{ mt: 1 }}>{translate('shop.orders.inbox.notSelectable')}</Typography>}
        {row.reject && (
          <Box sx={{ mt: 1 }}>
            <Button size="small" variant="outlined" color="error" disabled={busy} onClick={onReject}
              aria-label={`${translate('shop.orders.decision.reject')} ${number}`}>{translate('shop.orders.decision.reject')}</Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
