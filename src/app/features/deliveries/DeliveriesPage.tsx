import { Alert, Box, Chip, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { DELIVERY_STATUSES } from '../../../../model/resources/deliveries';
import { deliveriesCustomerList, deliveriesExport } from '../../../../generated/app/calls/deliveries.gen';
import { useSession } from '../../bootstrap/context';
import { usePagedCall, type PageRequest } from '../../data/paged-call';
import type { DeliveryFilters } from '../../../../generated/types/deliveries.gen';
import { ListPager } from '../../generated-support/ListPager';
import { ExportButton } from '../../common/ui/ExportButton';
import { formatDate } from '../../i18n/format';
import { statusColor } from './DeliveryPanel';

const M = 'fulfilment.deliveries';
const S = 'resources.deliveries.choices.status';
const PAGE_SIZE = 20;

const FILTERS = ['deliveryStatus', 'gcsNumber', 'orderNumber', 'supplierSearchByName', 'dueDateFilter'] as const;

/** The list's filters and order as GET /deliveries and its export take them (the page and its size apart). */
const listQuery = ({ text }: PageRequest) => ({
  deliveryStatus: text('deliveryStatus') as DeliveryFilters['deliveryStatus'], gcsNumber: text('gcsNumber'), orderNumber: text('orderNumber'),
  supplierSearchByName: text('supplierSearchByName'), dueDateFilter: text('dueDateFilter'), sort: 'createdAt' as const, order: 'DESC' as const,
});

/**
 * /deliveries (core §2): the company's deliveries (a buyer's: of their own orders), newest first,
 * with core §3's filters: status, supplier order number, order number, supplier name and the day
 * they are expected by (GET /deliveries, the model's customer list). Each opens
 * /deliveries/{id}. The one paged list (data/paged-call.ts): filters and page are in the URL. Export
 * downloads every delivery the filters select as an .xlsx (GET /deliveries/export.xlsx).
 */
export default function DeliveriesPage() {
  const translate = useTranslate();
  const session = useSession();
  const list = usePagedCall(deliveriesCustomerList, {
    name: 'deliveries', perPage: PAGE_SIZE,
    input: (request) => ({ query: { ...listQuery(request), page: request.page, pageSize: request.perPage } }),
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const filters = Object.fromEntries(FILTERS.map((k) => [k, typeof list.filterValues[k] === 'string' ? list.filterValues[k] as string : ''])) as Record<(typeof FILTERS)[number], string>;
  const set = (key: (typeof FILTERS)[number]) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <ExportButton call={deliveriesExport} query={listQuery(list.request)} fileName="deliveries.xlsx" size="small" />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Box role="search" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 1.5, mb: 1 }}>
        <TextField select size="small" label={translate('resources.deliveries.fields.status')} value={filters.deliveryStatus} onChange={set('deliveryStatus')}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          {Object.keys(DELIVERY_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={translate(`${M}.gcsNumber`)} value={filters.gcsNumber} onChange={set('gcsNumber')} />
        <TextField size="small" type="search" label={translate(`${M}.orderNumber`)} value={filters.orderNumber} onChange={set('orderNumber')} />
        <TextField size="small" type="search" label={translate(`${M}.supplier`)} value={filters.supplierSearchByName} onChange={set('supplierSearchByName')} />
        <TextField size="small" type="date" label={translate(`${M}.dueDate`)} value={filters.dueDateFilter} onChange={set('dueDateFilter')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.title`)}>
        {(data?.items ?? []).map((d) => (
          <ListItem key={d.id} divider disableGutters>
            <ListItemText
              disableTypography
              primary={(
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link component={RouterLink} to={`/deliveries/${encodeURIComponent(d.id)}`}>{d.deliveryNumber}</Link>
                  {d.status && <Chip size="small" label={translate(`${S}.${d.status}`)} color={statusColor(d.status)} />}
                </Stack>
              )}
              secondary={(
                <Typography variant="body2" color="text.secondary">
                  {[d.supplierName, d.orderNumber, d.deliveryDate ? translate(`${M}.delivered`, { date: formatDate(d.deliveryDate) })
                    : d.expectedDate ? translate(`${M}.expected`, { date: formatDate(d.expectedDate) }) : null].filter(Boolean).join(' · ')}
                </Typography>
              )}
            />
          </ListItem>
        ))}
      </List>
      {!!data?.items.length && <ListPager list={list} />}
    </Box>
  );
}
