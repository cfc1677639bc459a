import { useEffect, useRef, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField,
  ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { COMPANY_ORDER_ROLES, ORDER_STATUSES } from '../../../../model/resources/ordering';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { ordersStatusCounts } from '../../../../generated/app/calls/orders.gen';
import { useSessionSaveSettings } from '../../../../generated/app/calls.gen';
import { useAppQuery } from '../../data/query-client';
import { usePagedCall, type PageRequest } from '../../data/paged-call';
import { ordersCustomerList, ordersExport } from '../../../../generated/app/calls/orders.gen';
import { describeError } from '../../data/errors';
import { writeSession } from '../../session/store';
import { useAppNotify } from '../../notify/useAppNotify';
import { formatDateTime } from '../../i18n/format';
import { hiddenBelow, shownBelow } from '../../common/ui/phone';
import { DateFilter } from '../../generated-support/DateFilter';
import { ListPager } from '../../generated-support/ListPager';
import { ExportButton } from '../../common/ui/ExportButton';
import { usePrice } from '../../common/hooks';
import type { OrderListParams } from '../../../../generated/types/orders.gen';
import { UnseenCommentsMark } from './UnseenCommentsMark';

const O = 'resources.orders';
const F = 'resources.orders.filters';
/** The list in the user's saved filters (user settings listFilters). */
const LIST = 'orders';
/** What a new visitor of the list starts with: archived orders hidden. */
const BASE_FILTERS: Record<string, unknown> = { excludeInactive: true };

/** An order's moment in the app's one date format with its time, in the interface language (i18n/format.ts). */
export const orderDate = (value: string | null | undefined) => formatDateTime(value);

const phoneHidden = hiddenBelow();
const phoneShown = shownBelow();

/** The list's filters and sort as GET /v2/orders and its export take them (the page and its size apart). */
const listQuery = ({ sort, order, filter }: PageRequest) => ({ ...filter, sort: sort as OrderListParams['sort'], order });

/** Whether the user reads the acting company's orders: COMPANY_ORDER_ROLES there, or a platform user acting for it. */
function useSeesCompanyOrders(): boolean {
  const session = useSession();
  if (!session.user) return false;
  if (session.user.userType !== 3) return true;
  const access = session.user.customerAccess.find((a) => a.id === session.activeCustomerAccessId);
  return !!access?.roles.some((r) => (COMPANY_ORDER_ROLES as readonly string[]).includes(r));
}

/**
 * /orders: orders of the acting company (the `orders` resource, GET /v2/orders), newest first, a
 * page at a time, with the order filter of flows §3: status (each with its count under the other
 * filters, GET /v2/orders/status-counts), order number, supplier order number, about, label, order date from and until,
 * archived orders shown or not. A buyer reads their own (the server allows no more); a validator,
 * customer admin or finance user switches between their own and the company's. The user saves the
 * filters as their default (user settings) and gets them back on the next visit. The one paged
 * list of a data-provider resource (data/paged-call.ts): the page is read through the data
 * provider once canAccess allows it; filters and page are in the URL (a reload or going back keeps
 * them), not remembered in the store, so /orders as the menu links it opens with the saved filters.
 * Reloads when the acting company changes. Export downloads every order the filters select as an
 * .xlsx (GET /v2/orders/export.xlsx with the list's query).
 */
export function OrdersPage() {
  const translate = useTranslate();
  const price = usePrice();
  const { http, i18n } = useCoreServices();
  const session = useSession();
  const { toast } = useAppNotify();
  const company = useSeesCompanyOrders();
  const statusOf = (order: { status?: string | null; archived?: boolean | null }) =>
    `${order.status ? translate(`${O}.choices.status.${order.status}`) : ''}${order.archived ? ` · ${translate(`${O}.fields.archived`)}` : ''}`;
  const userId = session.user?.id ?? '';
  const mine = session.user ? { orderedBy: session.user.id } : {};
  const saved = session.user?.listFilters?.[LIST];
  const defaults = saved ? { ...saved } : { ...BASE_FILTERS, ...(company ? {} : mine) };
  const list = usePagedCall(ordersCustomerList, {
    name: 'orders', perPage: CONSTANTS.adminPageSize, sort: { field: 'orderDate', order: 'DESC' }, remember: false,
    filterDefaultValues: company ? defaults : { ...defaults, ...mine },
    // The URL's filters and sort as the list takes them; the server checks each (400 validationFailed).
    input: (request) => ({ query: { ...listQuery(request), page: request.page, pageSize: request.perPage } }),
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const { rows: data, error, isPending, filterValues } = list;
  const onlyMine = !company || filterValues.orderedBy === userId;
  const status = typeof filterValues.orderState === 'string' ? filterValues.orderState : '';
  const text = (key: string) => (typeof filterValues[key] === 'string' ? filterValues[key] as string : '');
  const change = (next: Record<string, unknown>) => list.changeFilters(next);
  const { orderState: _status, ...countFilters } = filterValues;
  const counts = useAppQuery({
    queryKey: ['app', 'order-status-counts', session.activeCustomerId, countFilters],
    queryFn: ({ signal }) => callApi(http, ordersStatusCounts, {
      query: Object.fromEntries(Object.entries(countFilters).map(([k, v]) => [k, String(v)])),
    }, { signal }).then((r) => r.result),
  });
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  const saveSettings = useSessionSaveSettings({
    onSuccess: (settings, { body }) => {
      if (session.user) writeSession({ user: { ...session.user, listFilters: settings.listFilters } });
      toast(Object.keys(body.listFilters?.[LIST] ?? {}).length ? 'shop.orders.filters.saved' : 'shop.orders.filters.forgotten', { variation: 'success' });
    },
    onError: (e) => toast(describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const saving = saveSettings.isPending;
  function saveDefaults(filters: Record<string, unknown>) {
    const kept: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(filters)) if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') kept[key] = value;
    saveSettings.mutate({ body: { listFilters: { [LIST]: kept } } });
  }

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">{translate(onlyMine ? 'shop.orders.title' : 'shop.orders.companyTitle')}</Typography>
        {/* Every order the filters select, on all pages, as a spreadsheet. */}
        <ExportButton call={ordersExport} query={listQuery(list.request)} fileName="orders.xlsx" size="small" />
      </Box>
      <Box component="form" role="search" aria-label={translate('shop.orders.filters.label')} onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        {company && (
          <ToggleButtonGroup exclusive size="small" value={onlyMine ? 'mine' : 'company'} aria-label={translate('shop.orders.scope')}
            onChange={(_, value) => value && change({ orderedBy: value === 'mine' ? userId : undefined })}>
            <ToggleButton value="mine">{translate('shop.orders.mine')}</ToggleButton>
            <ToggleButton value="company">{translate('shop.orders.company')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        <TextField select size="small" sx={{ minWidth: 220 }} label={translate(`${O}.fields.status`)} value={status}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => change({ orderState: e.target.value || undefined })}>
          <MenuItem value="">{withCount(translate('shop.orders.allStatuses'), counts.data?.total)}</MenuItem>
          {Object.keys(ORDER_STATUSES).map((s) => (
            <MenuItem key={s} value={s}>{withCount(translate(`${O}.choices.status.${s}`), counts.data ? counts.data.byStatus[s] ?? 0 : undefined)}</MenuItem>
          ))}
          <MenuItem value="Finished">{translate('shop.orders.filters.finished')}</MenuItem>
        </TextField>
        <FilterText label={translate(`${F}.gcoNumber`)} value={text('gcoNumber')} onChange={(v) => change({ gcoNumber: v || undefined })} width={170} />
        <FilterText label={translate(`${F}.gcsNumber`)} value={text('gcsNumber')} onChange={(v) => change({ gcsNumber: v || undefined })} width={190} />
        <FilterText label={translate(`${F}.about`)} value={text('about')} onChange={(v) => change({ about: v || undefined })} width={170} />
        <FilterText label={translate(`${F}.labels`)} value={text('labels')} onChange={(v) => change({ labels: v || undefined })} width={140} />
        <DateFilter label={translate(`${F}.orderDate`)} value={text('orderDate')} onChange={(v) => change({ orderDate: v || undefined })} />
        <DateFilter label={translate(`${F}.orderDateTo`)} value={text('orderDateTo')} onChange={(v) => change({ orderDateTo: v || undefined })} />
        <FormControlLabel label={translate(`${F}.onlyUnOrdered`)}
          control={<Checkbox size="small" checked={filterValues.onlyUnOrdered === true} onChange={(e) => change({ onlyUnOrdered: e.target.checked || undefined })} />} />
        <FormControlLabel label={translate('shop.orders.filters.showArchived')}
          control={<Checkbox size="small" checked={filterValues.excludeInactive !== true} onChange={(e) => change({ excludeInactive: e.target.checked ? undefined : true })} />} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" disabled={saving} onClick={() => saveDefaults(filterValues)}>{translate('shop.orders.filters.save')}</Button>
          <Button size="small" disabled={saving} onClick={() => { list.setFilters({ ...BASE_FILTERS, ...(company ? {} : { orderedBy: userId }) }); saveDefaults({}); }}>
            {translate('shop.orders.filters.reset')}
          </Button>
        </Box>
      </Box>
      {/* The data provider made the message: ErrorMessage.{errorCode} or the orders' list failure text. */}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && data?.length === 0 && <Typography>{translate(Object.keys(filterValues).some((k) => k !== 'orderedBy' && k !== 'excludeInactive') ? 'shop.orders.filters.none' : 'shop.orders.empty')}</Typography>}
      {!error && data && data.length > 0 && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(onlyMine ? 'shop.orders.title' : 'shop.orders.companyTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${O}.fields.orderNumber`)}</TableCell>
                <TableCell sx={phoneHidden}>{translate(`${O}.fields.orderDate`)}</TableCell>
                <TableCell sx={phoneHidden}>{translate(`${O}.fields.status`)}</TableCell>
                <TableCell sx={phoneHidden}>{translate(`${O}.fields.about`)}</TableCell>
                <TableCell align="right">{translate(`${O}.fields.totalCost`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((order) => (
                <TableRow key={order.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/order-detail/${encodeURIComponent(order.id)}`}>{order.orderNumber ?? order.id}</Link><UnseenCommentsMark orderId={order.id} />
                    {/* On a phone the date, status and subject go under the number; the total keeps its column. */}
                    <Typography variant="caption" color="text.secondary" sx={[{ overflowWrap: 'break-word' }, phoneShown]}>
                      {[orderDate(order.orderDate), statusOf(order), order.about].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={phoneHidden}>{orderDate(order.orderDate)}</TableCell>
                  <TableCell sx={phoneHidden}>{statusOf(order)}</TableCell>
                  <TableCell sx={phoneHidden}>{order.about ?? ''}</TableCell>
                  <TableCell align="right">{price(order.totalCost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
    </Box>
  );
}

/** A text filter that asks for the list once the user stops typing (400 ms), not on every key. */
function FilterText({ label, value, onChange, width }: { label: string; value: string; onChange: (value: string) => void; width: number }) {
  const [draft, setDraft] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return undefined;
    const id = setTimeout(() => latest.current(draft.trim()), 400);
    return () => clearTimeout(id);
  }, [draft, value]);
  return <TextField size="small" label={label} value={draft} onChange={(e) => setDraft(e.target.value)} sx={{ width }} />;
}
