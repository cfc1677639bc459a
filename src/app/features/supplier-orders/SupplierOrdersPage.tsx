import {
  Alert, Box, Chip, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { SUPPLIER_ORDER_STATUSES } from '../../../../model/resources/supplier-orders';
import type { SupplierOrderStatus } from '../../../../model';
import { supplierOrdersQueryForSupplier } from '../../../../generated/app/calls/supplier-orders.gen';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { formatCurrency, formatDateTime } from '../../i18n/format';

const M = 'fulfilment.supplierOrders';
const S = 'resources.supplier-orders.choices.status';
const PAGE_SIZE = 20;

/**
 * /supplier-orders: a supplier's user's own supplier orders across the companies that ordered
 * (POST /supplier-orders/queryForSupplier), newest first, by status and number; each opens its page
 * (/supplier-orders/{gcsNumber}) to confirm, follow up and deliver. Where a supplier's user lands.
 * The one paged list (data/paged-call.ts): the status, the number searched and the page are in the URL.
 */
export default function SupplierOrdersPage() {
  const translate = useTranslate();
  const list = usePagedCall(supplierOrdersQueryForSupplier, {
    name: 'supplier-orders', perPage: PAGE_SIZE,
    input: ({ page, perPage, text }) => ({ body: { query: {
      page, pageSize: perPage,
      orderStatus: ((text('orderStatus') ?? null) as SupplierOrderStatus | null),
      gcsNumber: (text('gcsNumber') ?? null),
    } } }),
    rows: (answer) => answer.result,
  });
  const text = (key: 'orderStatus' | 'gcsNumber') => (typeof list.filterValues[key] === 'string' ? list.filterValues[key] as string : '');
  const set = (key: 'orderStatus' | 'gcsNumber') => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const { rows, total, error } = list;
  // A refusal says why (a user who is no supplier's: UnauthorizedRole), any other failure that the list could not be read.
  const { i18n } = useCoreServices();
  const data = rows && { items: rows, total: total ?? 0 };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">{translate(`${M}.mine`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.mineHelp`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
        <TextField select size="small" label={translate('resources.supplier-orders.fields.status')} value={text('orderStatus')} onChange={set('orderStatus')} sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          {Object.keys(SUPPLIER_ORDER_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={text('gcsNumber')} onChange={set('gcsNumber')} />
      </Stack>
      {error && <Alert severity="error">{describeError(error, { fallback: `${M}.loadFailed` }, i18n.i18nProvider)}</Alert>}
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
      {!!data?.items.length && <ListPager list={list} />}
    </Box>
  );
}
