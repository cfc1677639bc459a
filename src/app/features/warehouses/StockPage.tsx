import { Alert, Box, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useLocation } from 'react-router';
import { RESTOCK_SETTINGS } from '../../../../model/resources/warehouses';
import { warehouseInstancesQuery } from '../../../../generated/app/calls/warehouse-instances.gen';
import { useSession } from '../../bootstrap/context';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { InstanceTable } from './InstanceTable';
import { useWarehouses } from './stock-api';

const M = 'stock.overview';
const PAGE_SIZE = 25;
const FILTERS = ['articleName', 'articleNumberSupplier', 'warehouseId', 'restockSetting', 'depletedAt'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /stock and /warehouse-management/stock (core §2; §3 warehouse filters): every article in the
 * company's warehouses with its stock, filtered by article name and number, warehouse, restock
 * setting and since when it is below its minimum (GET /warehouse-management/instances). /stock is
 * the read-only view of whoever reads stock; under warehouse management each warehouse opens its page.
 * The one paged list (data/paged-call.ts): filters and page are in the URL.
 */
export default function StockPage() {
  const translate = useTranslate();
  const manage = useLocation().pathname.startsWith('/warehouse-management');
  const session = useSession();
  const warehouses = useWarehouses();
  const list = usePagedCall(warehouseInstancesQuery, {
    name: 'stock', perPage: PAGE_SIZE,
    input: ({ page, perPage, text }) => {
      return { query: {
        articleName: text('articleName'), articleNumberSupplier: text('articleNumberSupplier'), warehouseId: text('warehouseId'),
        restockSetting: text('restockSetting'), depletedAt: text('depletedAt'), sort: 'articleNumberSupplier' as const, page, pageSize: perPage,
      } };
    },
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const filters = Object.fromEntries(FILTERS.map((k) => [k, typeof list.filterValues[k] === 'string' ? list.filterValues[k] as string : ''])) as Record<Filter, string>;
  const set = (key: Filter) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      {manage && <Link component={RouterLink} to="/warehouse-management">{translate('stock.warehouse.back')}</Link>}
      <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Box role="search" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 1.5, mb: 1 }}>
        <TextField size="small" type="search" label={translate(`${M}.articleName`)} value={filters.articleName} onChange={set('articleName')} />
        <TextField size="small" type="search" label={translate(`${M}.articleNumber`)} value={filters.articleNumberSupplier} onChange={set('articleNumberSupplier')} />
        <TextField select size="small" label={translate(`${M}.warehouse`)} value={filters.warehouseId} onChange={set('warehouseId')}>
          <MenuItem value="">{translate(`${M}.allWarehouses`)}</MenuItem>
          {(warehouses.data?.items ?? []).map((w) => <MenuItem key={w.id} value={w.id}>{w.name}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate(`${M}.restockSetting`)} value={filters.restockSetting} onChange={set('restockSetting')}>
          <MenuItem value="">{translate(`${M}.allSettings`)}</MenuItem>
          {Object.keys(RESTOCK_SETTINGS).map((s) => <MenuItem key={s} value={s}>{translate(`resources.warehouses.choices.restockSetting.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="date" label={translate(`${M}.depletedSince`)} value={filters.depletedAt} onChange={set('depletedAt')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      {!!data?.items.length && <InstanceTable items={data.items} manage={manage} label={translate(`${M}.title`)} />}
      {!!data?.items.length && <ListPager list={list} />}
    </Box>
  );
}
