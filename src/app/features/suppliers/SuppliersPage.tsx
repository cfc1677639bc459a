import { useState } from 'react';
import { suppliersCreateown } from '../../../../generated/app/calls/suppliers.gen';
import { Alert, Box, Button, Chip, FormControlLabel, Link, List, ListItem, ListItemText, Pagination, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { formatCurrency } from '../../i18n/format';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import { useOwnSuppliers, useSuppliers } from './supplier-api';

const M = 'suppliers.list';
const PAGE_SIZE = 20;
const createRule = suppliersCreateown.access;

/**
 * /suppliers (core §2, flows §2 "suppliers and own suppliers"): the platform suppliers the company
 * orders from and its own suppliers (GET /v2/suppliers), or only its own (POST /suppliers/own),
 * searched by name, VAT number or e-mail; each opens its page. Whoever may create suppliers
 * (suppliers C: a customer admin) creates an own supplier from here.
 */
export default function SuppliersPage() {
  const translate = useTranslate();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [onlyOwn, setOnlyOwn] = useState(false);
  const [page, setPage] = useState(1);
  const params = { search: search.trim() || undefined, page, pageSize: PAGE_SIZE };
  const all = useSuppliers(params);
  const own = useOwnSuppliers(params, onlyOwn);
  const { data, error } = onlyOwn ? own : all;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
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
          onChange={(e) => { setSearch(e.target.value); setPage(1); }} sx={{ maxWidth: 420 }} fullWidth />
        <FormControlLabel control={<Switch checked={onlyOwn} onChange={(e) => { setOnlyOwn(e.target.checked); setPage(1); }} />} label={translate(`${M}.onlyOwn`)} />
      </Stack>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.title`)}>
        {(data?.items ?? []).map((s) => <SupplierItem key={s.id} supplier={s} />)}
      </List>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />}
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
