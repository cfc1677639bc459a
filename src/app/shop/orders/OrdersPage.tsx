import { useEffect, useState } from 'react';
import { Alert, Box, Link, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useI18nProvider, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useAppServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDateTime } from '../../i18n/format';
import { usePrice } from '../hooks';
import type { Order } from '../types';

const O = 'resources.orders';

/** An order's moment in the app's one date format with its time, in the interface language (i18n/format.ts). */
export const orderDate = (value: string | null | undefined) => formatDateTime(value);

/** /orders: the buyer's orders, newest first as the server sends them, a page at a time (read-only). */
export function OrdersPage() {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const price = usePrice();
  const { http } = useAppServices();
  const customerId = useSession().activeCustomerId;
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ items: Order[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pageSize = CONSTANTS.adminPageSize;

  useEffect(() => {
    let live = true;
    http.get<{ items: Order[]; total: number } | null>('/v2/orders', { query: { page: page + 1, pageSize } }).then(
      (answer) => { if (live) { setData({ items: answer?.items ?? [], total: answer?.total ?? 0 }); setError(null); } },
      (e) => live && setError(describeError(e, { resource: 'orders', op: 'list' }, i18n)),
    );
    return () => { live = false; };
  }, [http, page, pageSize, customerId, i18n]);

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('shop.orders.title')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {data && data.items.length === 0 && <Typography>{translate('shop.orders.empty')}</Typography>}
      {data && data.items.length > 0 && (
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
              {data.items.map((order) => (
                <TableRow key={order.id} hover>
                  <TableCell><Link component={RouterLink} to={`/order-detail/${encodeURIComponent(order.id)}`}>{order.orderNumber ?? order.id}</Link></TableCell>
                  <TableCell>{orderDate(order.orderDate)}</TableCell>
                  <TableCell>{order.status ? translate(`${O}.choices.status.${order.status}`) : ''}</TableCell>
                  <TableCell align="right">{price(order.totalCost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={data.total} page={page} rowsPerPage={pageSize} rowsPerPageOptions={[pageSize]}
            onPageChange={(_, p) => setPage(p)}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`shop.orders.pageLabel.${type}`)} />
        </>
      )}
    </Box>
  );
}
