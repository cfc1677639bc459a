import { useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, Link, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { OrderDetail } from '../../common/types';
import { OrderDecision } from './OrderDecision';
import { OrderBudgets } from './OrderBudgets';
import { OrderContextSection } from './OrderContextFacts';
import { ORDER_TABS } from './order-tabs';
import { OrderHeaderActions, OrderLockChip } from './OrderHeaderActions';
import { PdfButtons } from '../../common/ui/PdfButtons';
import { useOrdersArchive, useOrdersGet } from '../../../../generated/app/calls.gen';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { useCompanySwitch } from '../../session/useCompanySwitch';

/**
 * /order-detail/{id}: the order (GET /v2/orders/{id}) under its number and status, with the steps
 * that wait for the user right under it — who ordered it, the department, suppliers and
 * budgets' effect, its budgets, then the decision (approve, or reject with a
 * reason) — so an approver who opens the page from a link decides at once, also on a phone. Below,
 * the order's tabs (order-tabs.tsx), the current one in the address (?tab=). Read through the
 * order's call; a change on the page reads it again (react-admin's refresh reads every query anew);
 * a failed read stays on the page with its message.
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const linked = useLinkedCompany();
  const answer = useOrdersGet({ params: { id } }, { enabled: linked && !!id });
  if (answer.error) return <Box sx={{ p: 2 }}><Alert severity="error">{describeError(answer.error, { resource: 'orders', op: 'get' }, i18n.i18nProvider)}</Alert></Box>;
  if (!linked || !answer.data) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;
  return <OrderDetailView order={answer.data.result} back={<Link component={RouterLink} to="/orders">{translate('shop.orders.back')}</Link>} />;
}

/**
 * A mail's link names the order's company (?company=<customerId>): a user acting for several
 * companies is switched to it (a toast says so) before the order is read, so the link opens the
 * order and not "not found". The parameter then leaves the address. Answers whether the page may
 * read the order.
 */
function useLinkedCompany(): boolean {
  const [params, setParams] = useSearchParams();
  const company = params.get('company');
  const session = useSession();
  const queryClient = useQueryClient();
  const { active, switchTo } = useCompanySwitch(() => { void queryClient.invalidateQueries(); });
  const access = company ? active.find((a) => a.customerId === company) : undefined;
  const signedInAs = session.user?.id;
  useEffect(() => {
    // Until the session knows the user's companies there is nothing to pick from.
    if (!company || !signedInAs) return;
    let current = true;
    void (async () => {
      if (access && session.activeCustomerId !== company) await switchTo(access.id);
      if (!current) return;
      const next = new URLSearchParams(params);
      next.delete('company');
      setParams(next, { replace: true });
    })();
    return () => { current = false; };
    // Once per linked company and user: the switch itself changes the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [company, signedInAs]);
  return !company;
}

/**
 * The order as its company sees it: `back` leads to the list the reader came from; `decision` is the
 * decision the reader takes (the company's step by default; a platform admin's page gives its own,
 * AdminOrderShow). What the reader may change shows as the server's `decisions` allow.
 */
export function OrderDetailView({ order, back, decision }: { order: OrderDetail; back: ReactNode; decision?: ReactNode }) {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = ORDER_TABS.find((t) => t.key === params.get('tab')) ?? ORDER_TABS[0]!;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      {back}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 2 }}>
        <Typography variant="h5" component="h1">{translate('shop.orders.detailTitle', { number: order.orderNumber ?? '' })}</Typography>
        {order.status && <Chip size="small" label={translate(`resources.orders.choices.status.${order.status}`)} />}
        {order.archived && <Chip size="small" variant="outlined" label={translate('resources.orders.fields.archived')} />}
        <OrderLockChip order={order} />
        <Box sx={{ flex: 1 }} />
        <PdfButtons path={`/v2/orders/${encodeURIComponent(order.id)}/pdf`} fileName={`${order.orderNumber ?? order.id}.pdf`} texts="shop.orders" />
        <OrderHeaderActions order={order} />
        {order.decisions?.archive && <ArchiveButton order={order} />}
      </Box>
      <OrderContextSection order={order} />
      <OrderBudgets order={order} />
      {decision ?? <OrderDecision order={order} />}
      <Tabs value={tab.key} onChange={(_, key: string) => setParams(key === ORDER_TABS[0]!.key ? {} : { tab: key }, { replace: true })}
        variant="scrollable" allowScrollButtonsMobile aria-label={translate('shop.orders.tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {ORDER_TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={<span>{translate(`shop.orders.tabs.${t.key}`)}{t.badge?.(order)}</span>} id={`order-tab-${t.key}`} aria-controls={`order-tabpanel-${t.key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`order-tabpanel-${tab.key}`} aria-labelledby={`order-tab-${tab.key}`}>{tab.render(order)}</Box>
    </Box>
  );
}

/** Archives the order or brings it back (PATCH /v2/orders/{id}/archive); archived orders leave the to-approve counts. */
function ArchiveButton({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const archived = !!order.archived;
  // Done: a toast, the app's queries (counts, history) and the page read again; a refusal is a toast with its message.
  const archive = useOrdersArchive({
    onSuccess: async (_, { body }) => {
      toast(body?.archived ? 'shop.orders.archivedDone' : 'shop.orders.unarchived', { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
    },
    onError: (e) => toast(describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const toggle = () => archive.mutate({ params: { id: order.id }, body: { archived: !archived } });
  return <Button variant="outlined" size="small" disabled={archive.isPending} onClick={toggle}>{translate(archived ? 'shop.orders.unarchive' : 'shop.orders.archive')}</Button>;
}
