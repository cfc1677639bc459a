import { Alert, Box, Button, Chip, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { CONTRACT_STATUSES } from '../../../../model/resources/contracts';
import { contractsList } from '../../../../generated/app/calls/contracts.gen';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { formatDate } from '../../i18n/format';
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
 * The one paged list (data/paged-call.ts): the filters (the Extra fields' under extraFields, by
 * name) and the page are in the URL.
 */
export default function ContractsPage() {
  const translate = useTranslate();
  const layout = useContractLayout();
  const extraFields = (layout.data ?? []).filter((f) => f.group === 'Extra' && ['input', 'select', 'number', 'textbox'].includes(f.type));
  const list = usePagedCall(contractsList, {
    name: 'contracts', perPage: PAGE_SIZE,
    input: ({ page, perPage, filter, text }) => {
      const extra = typeof filter.extraFields === 'object' && filter.extraFields ? filter.extraFields as Record<string, unknown> : {};
      const pairs = Object.entries(extra).filter(([, v]) => typeof v === 'string' && v.trim()).map(([name, value]) => ({ name, value: (value as string).trim() }));
      return { query: {
        page, pageSize: perPage,
        search: text('search'),
        status: text('status') as NonNullable<ContractRecord['status']>,
        extraFields: pairs.length ? JSON.stringify(pairs) : undefined,
      } };
    },
    rows: (answer) => answer,
  });
  const { filterValues } = list;
  const search = typeof filterValues.search === 'string' ? filterValues.search : '';
  const status = typeof filterValues.status === 'string' ? filterValues.status : '';
  const extra = (typeof filterValues.extraFields === 'object' && filterValues.extraFields ? filterValues.extraFields : {}) as Record<string, string>;
  const setExtra = (name: string, value: string) => list.changeFilters({ extraFields: { ...extra, [name]: value } });
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <Button component={RouterLink} to="/contracts/create" variant="contained">{translate(`${M}.create`)}</Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }} role="search" aria-label={translate(`${M}.filters`)}>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={search} onChange={(e) => list.changeFilters({ search: e.target.value })} />
        <TextField select size="small" label={translate('resources.contracts.fields.status')} value={status} onChange={(e) => list.changeFilters({ status: e.target.value })} sx={{ minWidth: 170 }}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          {Object.keys(CONTRACT_STATUSES).map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        {extraFields.map((f) => (f.type === 'select' ? (
          <TextField key={f.name} select size="small" label={f.name} value={extra[f.name] ?? ''} onChange={(e) => setExtra(f.name, e.target.value)} sx={{ minWidth: 150 }}>
            <MenuItem value="">{translate(`${M}.any`)}</MenuItem>
            {(f.options ?? []).map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
          </TextField>
        ) : (
          <TextField key={f.name} size="small" type="search" label={f.name} value={extra[f.name] ?? ''} onChange={(e) => setExtra(f.name, e.target.value)} />
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
      {!!data?.items.length && <ListPager list={list} />}
    </Box>
  );
}
