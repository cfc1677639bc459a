import { suppliersCreateown, suppliersCustomerList, suppliersOwn } from '../../../../generated/app/calls/suppliers.gen';
import { Alert, Box, Button, Chip, FormControlLabel, Link, List, ListItem, ListItemText, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { formatCurrency } from '../../i18n/format';
import type { SupplierListParams, SupplierRecord } from '../../../../generated/types/suppliers.gen';

const M = 'suppliers.list';
const PAGE_SIZE = 20;
const createRule = suppliersCreateown.access;

/**
 * /suppliers (core §2, flows §2 "suppliers and own suppliers"): the platform suppliers the company
 * orders from and its own suppliers (GET /v2/suppliers), or only its own (POST /suppliers/own),
 * searched by name, VAT number or e-mail; each opens its page. Whoever may create suppliers
 * (suppliers C: a customer admin) creates an own supplier from here.
 * The one paged list (data/paged-call.ts): the search, "only own" and the page are in the URL.
 */
export default function SuppliersPage() {
  const translate = useTranslate();
  const session = useSession();
  // Both calls read the one list of the URL (the same name); "only own" (a filter of it) says whose
  // rows are shown. The platform's list is read either way, as it was before it had the URL.
  const all = usePagedCall(suppliersCustomerList, {
    name: 'suppliers', perPage: PAGE_SIZE,
    // By name, as the model lists suppliers (and as the own suppliers come).
    sort: { field: 'name', order: 'ASC' },
    input: ({ page, perPage, sort, order, text }) => ({ query: {
      page, pageSize: perPage, sort: sort as SupplierListParams['sort'], order, search: text('search'),
    } }),
    rows: (answer) => answer,
  });
  const onlyOwn = all.filterValues.onlyOwn === true;
  const own = usePagedCall(suppliersOwn, {
    name: 'suppliers', perPage: PAGE_SIZE, sort: { field: 'name', order: 'ASC' },
    input: ({ page, perPage, text }) => ({
      body: { query: { skip: (page - 1) * perPage, take: perPage, search: (text('search') ?? null) } },
    }),
    rows: (answer) => answer.result,
    enabled: onlyOwn,
  });
  const list = onlyOwn ? own : all;
  const search = typeof all.filterValues.search === 'string' ? all.filterValues.search : '';
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  const creates = canCall(createRule, subjectOf(session));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        {creates && <Button variant="contained" component={RouterLink} to="/supplier/create">{translate(`${M}.create`)}</Button>}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={search}
          onChange={(e) => all.changeFilters({ search: e.target.value })} sx={{ maxWidth: 420 }} fullWidth />
        <FormControlLabel control={<Switch checked={onlyOwn} onChange={(e) => all.changeFilters({ onlyOwn: e.target.checked || undefined })} />} label={translate(`${M}.onlyOwn`)} />
      </Stack>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.title`)}>
        {(data?.items ?? []).map((s) => <SupplierItem key={s.id} supplier={s} />)}
      </List>
      {!!data?.items.length && <ListPager list={list} />}
    </Box>
  );
}

function SupplierItem({ supplier: s }: { supplier: SupplierRecord }) {
  const translate = useTranslate();
  const money = (v: string) => formatCurrency(Number(v));
  const shipping = s.shippingCost && Number(s.shippingCost) > 0
    ? [translate(`${M}.shipping`, { cost: money(s.shippingCost) }), s.freeShippingFrom ? translate(`${M}.freeFrom`, { amount: money(s.freeShippingFrom) }) : null].filter(Boolean).join(', ')
    : translate(`${M}.freeShipping`);
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={(
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/suppliers/${encodeURIComponent(s.id)}`}>{s.name}</Link>
            <Chip size="small" variant="outlined" label={translate(s.customerId ? `${M}.own` : `${M}.platform`)} />
            {!s.active && <Chip size="small" label={translate(`${M}.inactive`)} />}
          </Stack>
        )}
        secondary={[s.vatNumber, s.email, shipping].filter(Boolean).join(' · ')}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}
