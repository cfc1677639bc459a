import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RESTOCK_SETTINGS } from '../../../../model/resources/warehouses';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { useCallMutation } from '../../data/call-mutation';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { useAppNotify } from '../../notify/useAppNotify';
import { warehousesManagementCreate, warehousesManagementList } from '../../../../generated/app/calls/warehouses.gen';
import { useDepartments } from './stock-api';

const M = 'stock.warehouses';
const PAGE_SIZE = 25;
const R = 'resources.warehouses';

/**
 * /warehouse-management (core §2, §6 menu "warehouses"): the company's warehouses by name with their
 * department and restock setting (GET /warehouse-management), each opening its page; users who may
 * create warehouses (warehouses C) add one here. The one paged list (data/paged-call.ts): the name
 * searched for and the page are in the URL.
 */
export default function WarehousesPage() {
  const translate = useTranslate();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const list = usePagedCall(warehousesManagementList, {
    name: 'warehouses', perPage: PAGE_SIZE,
    input: ({ page, perPage, text }) => ({ query: { name: text('name'), sort: 'name' as const, page, pageSize: perPage } }),
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const name = typeof list.filterValues.name === 'string' ? list.filterValues.name : '';
  const { rows, total, error } = list;
  const departments = useDepartments();
  const departmentName = (id: string | null | undefined) => departments.data?.find((d) => d.id === id)?.name ?? translate(`${M}.noDepartment`);
  const creates = canCall(warehousesManagementCreate.access, subjectOf(session));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/warehouse-management/stock">{translate(`${M}.toStock`)}</Button>
          {creates && <Button variant="contained" onClick={() => setAdding(true)}>{translate(`${M}.add`)}</Button>}
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <TextField size="small" type="search" label={translate(`${M}.search`)} value={name} onChange={(e) => list.changeFilters({ name: e.target.value })} sx={{ mb: 1, maxWidth: 360 }} fullWidth />
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {rows && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: total ?? 0 })}</Typography>}
      {rows?.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <List aria-label={translate(`${M}.title`)}>
        {(rows ?? []).map((w) => (
          <ListItem key={w.id} divider disableGutters>
            <ListItemText
              primary={<Link component={RouterLink} to={`/warehouse-management/${encodeURIComponent(w.id)}`}>{w.name}</Link>}
              secondary={[departmentName(w.departmentId), translate(`${R}.choices.restockSetting.${w.restockSetting}`), w.address?.city].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {!!rows?.length && <ListPager list={list} />}
      {adding && <NewWarehouseDialog onClose={() => setAdding(false)} />}
    </Box>
  );
}

function NewWarehouseDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const departments = useDepartments();
  const [name, setName] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [restockSetting, setRestockSetting] = useState<'fixed' | 'flex' | 'manual' | 'unassigned'>('unassigned');
  const [missingName, setMissingName] = useState(false);
  const create = useCallMutation(warehousesManagementCreate, {
    onSuccess: (made) => {
      toast(translate(`${M}.created`), { variation: 'success' });
      navigate(`/warehouse-management/${encodeURIComponent(made.id)}`);
    },
  });
  const busy = create.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissingName(!name.trim());
    if (name.trim()) create.mutate({ body: { name: name.trim(), departmentId: departmentId || null, restockSetting } });
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="new-warehouse-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="new-warehouse-title">{translate(`${M}.add`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField required label={translate(`${R}.fields.name`)} value={name} onChange={(e) => setName(e.target.value)}
              error={missingName} helperText={missingName ? translate('validation.messages.required') : undefined} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField select label={translate(`${R}.fields.departmentId`)} value={departmentId} onChange={(e) => setDepartmentId(e.target.value)}>
              <MenuItem value="">{translate(`${M}.noDepartment`)}</MenuItem>
              {(departments.data ?? []).map((d) => <MenuItem key={d.id} value={d.id}>{d.name}</MenuItem>)}
            </TextField>
            <TextField select label={translate(`${R}.fields.restockSetting`)} value={restockSetting} onChange={(e) => setRestockSetting(e.target.value as typeof restockSetting)}>
              {Object.keys(RESTOCK_SETTINGS).map((s) => <MenuItem key={s} value={s}>{translate(`${R}.choices.restockSetting.${s}`)}</MenuItem>)}
            </TextField>
          </Stack>
          {create.errorText && <Alert severity="error" sx={{ mt: 2 }}>{create.errorText}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate('stock.warehouse.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{translate('stock.warehouse.save')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
