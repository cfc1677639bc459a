import { useState } from 'react';
import { Alert, Box, Button, Chip, Link, List, ListItem, ListItemText, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { CONTRACT_STATUSES } from '../../../../model/resources/contracts';
import { formatDate } from '../../i18n/format';
import { useContractsList } from '../../../../generated/app/calls.gen';
import { useContractLayout, type ContractRecord } from './contract-api';

const M = 'contracts';
const S = 'resources.contracts.choices.status';
const PAGE_SIZE = 20;

export const statusColor = (s: ContractRecord['status']) =>
  s === 'ACTIVE' ? 'success' : s === 'ABOUT_TO_EXPIRE' ? 'warning' : s === 'EXPIRED' ? 'error' : 'default';

/**
 * /contracts (core §2, flows §7 GET /contracts): the company's contracts with the filters of flows §7
 * (search, status) and one per field of the layout's Extra group (a select's options, else the text
 * typed); empty filters are not sent. Each opens /contracts/{id}.
 */
export default function ContractsPage() {
  const translate = useTranslate();
  const layout = useContractLayout();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const extraFields = (layout.data ?? []).filter((f) => f.group === 'Extra' && ['input', 'select', 'number', 'textbox'].includes(f.type));
  const pairs = Object.entries(extra).filter(([, v]) => v.trim()).map(([name, value]) => ({ name, value: value.trim() }));
  const query: Record<string, string> = { page: String(page), pageSize: String(PAGE_SIZE) };
  if (search.trim()) query.search = search.trim();
  if (status) query.status = status;
  if (pairs.length) query.extraFields = JSON.stringify(pairs);
  const { data, error } = useContractsList({ query });
  const reset = () => setPage(1);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <Button component={RouterLink} to="/contracts/create" variant="contained">{translate(`${M}.create`)}</Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }} role="search" aria-label={translate(`${M}.filters`)}>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={search} onChange={(e) => { setSearch(e.target.value); reset(); }} />
        <TextField select size="small" label={translate('resources.contracts.fields.status')} value={status} onChange={(e) => { setStatus(e.target.value); reset(); }} sx={{ minWidth: 170 }}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          {Object.keys(CONTRACT_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        {extraFields.map((f) => (f.type === 'select' ? (
          <TextField key={f.name} select size="small" label={f.name} value={extra[f.name] ?? ''} onChange={(e) => { setExtra({ ...extra, [f.name]: e.target.value }); reset(); }} sx={{ minWidth: 150 }}>
            <MenuItem value="">{translate(`${M}.any`)}</MenuItem>
            {(f.options ?? []).map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
          </TextField>
        ) : (
          <TextField key={f.name} size="small" type="search" label={f.name} value={extra[f.name] ?? ''} onChange={(e) => { setExtra({ ...extra, [f.name]: e.target.value }); reset(); }} />
        )))}
      </Stack>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: data.total })}</Typography>}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.title`)}>
        {data?.items.map((c) => (
          <ListItem key={c.id} divider disableGutters>
            <ListItemText
              disableTypography
              primary={(
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link component={RouterLink} to={`/contracts/${c.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.title}</Link>
                  {c.contractNumber ? <Typography variant="body2" color="text.secondary">{c.contractNumber}</Typography> : null}
                  <Chip size="small" color={statusColor(c.status)} label={translate(`${S}.${c.status}`)} />
                </Stack>
              )}
              secondary={(
                <Typography variant="body2" color="text.secondary">
                  {[c.startDate && c.endDate ? `${formatDate(c.startDate)} – ${formatDate(c.endDate)}` : null,
                    c.latestCancellationDate ? translate(`${M}.cancelBy`, { date: formatDate(c.latestCancellationDate) }) : null,
                    ...(c.extraFields ?? []).filter((x) => extraFields.some((f) => f.name === x.name)).map((x) => `${x.name}: ${x.value}`)]
                    .filter(Boolean).join(' · ')}
                </Typography>
              )}
            />
          </ListItem>
        ))}
      </List>
      {data && data.total > PAGE_SIZE && (
        <Pagination count={Math.ceil(data.total / PAGE_SIZE)} page={page} onChange={(_e, p) => setPage(p)} sx={{ mt: 1 }} />
      )}
    </Box>
  );
}
