import { Alert, Box, Link, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { formatDateTime } from '../../i18n/format';
import { usePrice } from '../hooks';
import type { Order } from '../types';

const O = 'resources.orders';

/** An order's moment in the app's one date format with its time, in the interface language (i18n/format.ts). */
export const orderDate = (value: string | null | undefined) => formatDateTime(value);

/**
 * /orders: the buyer's orders (the `orders` resource, GET /v2/orders), newest first, a page at a
 * time, read-only. A react-admin list page: its controller reads the page through the data
 * provider and checks access (canAccess list orders); its state stays out of the URL, which is /orders
 * as the menu links it. Reloads when the acting company changes (the company switch refreshes react-admin's queries).
 */
export function OrdersPage() {
  return (
    <ListBase<Order> resource="orders" perPage={CONSTANTS.adminPageSize} sort={{ field: 'orderDate', order: 'DESC' }} disableSyncWithLocation>
      <OrdersView />
    </ListBase>
  );
}

function OrdersView() {
  const translate = useTranslate();
  const price = usePrice();
  const { data, total, page, perPage, setPage, error, isPending } = useListContext<Order>();
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('shop.orders.title')}</Typography>
      {/* The data provider made the message: ErrorMessage.{errorCode} or the orders' list failure text. */}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && data?.length === 0 && <Typography>{translate('shop.orders.empty')}</Typography>}
      {!error && data && data.length > 0 && (
        <>
          <Table size="small" aria-label={translate('shop.orders.title')}>
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
          <TablePagination component="div" count={total ?? 0} page={page - 1} rowsPerPage={perPage} rowsPerPageOptions={[perPage]}
            onPageChange={(_, p) => setPage(p + 1)}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`shop.orders.pageLabel.${type}`)} />
        </>
      )}
    </Box>
  );
}
