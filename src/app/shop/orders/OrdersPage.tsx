import { Alert, Box, Link, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'ra-core';
import { COMPANY_ORDER_ROLES, ORDER_STATUSES } from '../../../../model/resources/ordering';
import { useSession } from '../../bootstrap/context';
import { Link as RouterLink } from 'react-router-dom';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { formatDateTime } from '../../i18n/format';
import { usePrice } from '../hooks';
import type { Order } from '../types';

const O = 'resources.orders';

/** An order's moment in the app's one date format with its time, in the interface language (i18n/format.ts). */
export const orderDate = (value: string | null | undefined) => formatDateTime(value);

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
 * page at a time. A buyer reads their own (the server allows no more); a validator, customer admin
 * or finance user switches between their own and the company's, and anyone filters by status. A
 * react-admin list page: its controller reads the page through the data provider and checks access
 * (canAccess list orders); its state stays out of the URL, which is /orders as the menu links it.
 * Reloads when the acting company changes (the company switch refreshes react-admin's queries).
 */
export function OrdersPage() {
  const session = useSession();
  const company = useSeesCompanyOrders();
  const mine = session.user ? { orderedBy: session.user.id } : {};
  return (
    <ListBase<Order> resource="orders" perPage={CONSTANTS.adminPageSize} sort={{ field: 'orderDate', order: 'DESC' }} disableSyncWithLocation
      filterDefaultValues={company ? {} : mine}>
      <OrdersView company={company} userId={session.user?.id ?? ''} />
    </ListBase>
  );
}

function OrdersView({ company, userId }: { company: boolean; userId: string }) {
  const translate = useTranslate();
  const price = usePrice();
  const { data, total, page, perPage, setPage, error, isPending, filterValues, setFilters } = useListContext<Order>();
  const onlyMine = !company || filterValues.orderedBy === userId;
  const status = typeof filterValues.orderState === 'string' ? filterValues.orderState : '';
  const change = (next: Record<string, unknown>) => setFilters(Object.fromEntries(Object.entries({ ...filterValues, ...next }).filter(([, v]) => v !== undefined && v !== '')), {});
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate(onlyMine ? 'shop.orders.title' : 'shop.orders.companyTitle')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {company && (
          <ToggleButtonGroup exclusive size="small" value={onlyMine ? 'mine' : 'company'} aria-label={translate('shop.orders.scope')}
            onChange={(_, value) => value && change({ orderedBy: value === 'mine' ? userId : undefined })}>
            <ToggleButton value="mine">{translate('shop.orders.mine')}</ToggleButton>
            <ToggleButton value="company">{translate('shop.orders.company')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        <TextField select size="small" sx={{ minWidth: 200 }} label={translate(`${O}.fields.status`)} value={status}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => change({ orderState: e.target.value || undefined })}>
          <MenuItem value="">{translate('shop.orders.allStatuses')}</MenuItem>
          {Object.keys(ORDER_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${O}.choices.status.${s}`)}</MenuItem>)}
        </TextField>
      </Box>
      {/* The data provider made the message: ErrorMessage.{errorCode} or the orders' list failure text. */}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && data?.length === 0 && <Typography>{translate('shop.orders.empty')}</Typography>}
      {!error && data && data.length > 0 && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(onlyMine ? 'shop.orders.title' : 'shop.orders.companyTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${O}.fields.orderNumber`)}</TableCell>
                <TableCell>{translate(`${O}.fields.orderDate`)}</TableCell>
                <TableCell>{translate(`${O}.fields.status`)}</TableCell>
                <TableCell align="right">{translate(`${O}.fields.totalCost`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((order) => (
                <TableRow key={order.id} hover>
                  <TableCell><Link component={RouterLink} to={`/order-detail/${encodeURIComponent(order.id)}`}>{order.orderNumber ?? order.id}</Link></TableCell>
                  <TableCell>{orderDate(order.orderDate)}</TableCell>
                  <TableCell>{order.status ? translate(`${O}.choices.status.${order.status}`) : ''}</TableCell>
                  <TableCell align="right">{price(order.totalCost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          </Box>
          <TablePagination component="div" count={total ?? 0} page={page - 1} rowsPerPage={perPage} rowsPerPageOptions={[perPage]}
            onPageChange={(_, p) => setPage(p + 1)}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`shop.orders.pageLabel.${type}`)} />
        </>
      )}
    </Box>
  );
}
