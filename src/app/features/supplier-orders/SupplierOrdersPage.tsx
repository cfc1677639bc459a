import { useState } from 'react';
import {
  Alert, Box, Chip, Link, List, ListItem, ListItemText, MenuItem, Pagination, Stack, TextField, Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { SUPPLIER_ORDER_STATUSES } from '../../../../model/resources/supplier-orders';
import type { SupplierOrderStatus } from '../../../../model';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { supplierOrdersQueryForSupplier } from '../../../../generated/app/calls/supplier-orders.gen';
import { formatCurrency, formatDateTime } from '../../i18n/format';

const M = 'fulfilment.supplierOrders';
const S = 'resources.supplier-orders.choices.status';
const PAGE_SIZE = 20;


/**
 * /supplier-orders: a supplier's user's own supplier orders across the companies that ordered
 * (POST /supplier-orders/queryForSupplier), newest first, by status and number; each opens its page
 * (/supplier-orders/{gcsNumber}) to confirm, follow up and deliver. Where a supplier's user lands.
 */
export default function SupplierOrdersPage() {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const [status, setStatus] = useState<SupplierOrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, error } = useAppQuery({
    queryKey: ['app', 'supplier-orders-mine', status, search.trim(), page],
    queryFn: ({ signal }) => callApi(http, supplierOrdersQueryForSupplier, {
      body: { query: { page, pageSize: PAGE_SIZE, orderStatus: status || null, gcsNumber: search.trim() || null } },
    }, { signal }).then((r) => r.result),
  });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">{translate(`${M}.mine`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.mineHelp`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
        <TextField select size="small" label={translate('resources.supplier-orders.fields.status')} value={status} onChange={(e) => { setStatus(e.target.value as SupplierOrderStatus | ''); setPage(1); }} sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          {Object.keys(SUPPLIER_ORDER_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
      </Stack>
      {error && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.mine`)}>
        {(data?.items ?? []).map((so) => (
          <ListItem key={so.id} divider disableGutters>
            <ListItemText
              disableTypography
              primary={(
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link component={RouterLink} to={`/supplier-orders/${encodeURIComponent(so.gcsNumber ?? '')}`}>{so.gcsNumber}</Link>
                  {so.status && <Chip size="small" label={translate(`${S}.${so.status}`)} />}
                </Stack>
              )}
              secondary={<Typography variant="body2" color="text.secondary">{[so.customerName, formatDateTime(so.createdAt), so.totalIncl == null ? '' : formatCurrency(Number(so.totalIncl))].filter(Boolean).join(' · ')}</Typography>}
            />
          </ListItem>
        ))}
      </List>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ mt: 1 }} />}
    </Box>
  );
}
