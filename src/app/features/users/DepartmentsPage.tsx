import { useState } from 'react';
import { useBudgetsList, useCustomerDepartmentsCreate, useCustomerDepartmentsUpdate } from '../../../../generated/app/calls.gen';
import { customerAccessesCustomerUsers } from '../../../../generated/app/calls/customer-accesses.gen';
import { customerDepartmentsUpdate } from '../../../../generated/app/calls/customer-departments.gen';
import type { CustomerDepartmentRecord } from '../../../../generated/types/customer-departments.gen';
import {
  Alert, Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { useCompanyDepartments, useCustomerUsers, type CustomerUserRow } from './user-api';
import { resourceCallsKey } from '../../data/calls';

const nameOf = (u: CustomerUserRow | undefined) => (u ? u.displayname || u.email : '');

/**
 * /users/departments: the acting company's departments (GET /customer-departments/query) with their
 * validator, members and budget; a customer admin creates and changes them
 * (POST /customerDepartment/create|update). One validator per department: choosing another while
 * one is set is refused with its message (DuplicateRoleDepartment).
 */
export function DepartmentsPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const departments = useCompanyDepartments();
  const users = useCustomerUsers();
  const [editing, setEditing] = useState<CustomerDepartmentRecord | 'new' | null>(null);
  const manages = canCall(customerDepartmentsUpdate.access, subjectOf(session));
  const userById = new Map((users.data?.items ?? []).map((u) => [u.id, u]));
  const members = (id: string) => (users.data?.items ?? []).filter((u) => u.departmentIds.includes(id)).length;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('users.dept.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate('users.dept.intro')}</Typography>
      {manages && <Button variant="contained" sx={{ mb: 2 }} onClick={() => setEditing('new')}>{translate('users.dept.create')}</Button>}
      {departments.error && <Alert severity="error">{describeError(departments.error, { resource: 'customer-departments', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {departments.data?.length === 0 && <Typography>{translate('users.dept.empty')}</Typography>}
      {!!departments.data?.length && (
        <Box sx={{ overflowX: 'auto', position: 'relative' }}>
          <Table size="small" aria-label={translate('users.dept.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('users.dept.name')}</TableCell>
                <TableCell>{translate('users.dept.costCenter')}</TableCell>
                <TableCell>{translate('users.dept.validator')}</TableCell>
                <TableCell>{translate('users.dept.members')}</TableCell>
                {manages && <TableCell><Box component="span" sx={visuallyHidden}>{translate('users.open')}</Box></TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {departments.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{d.name}</TableCell>
                  <TableCell>{d.costCenter}</TableCell>
                  <TableCell>{d.validatorUserId ? nameOf(userById.get(d.validatorUserId)) : translate('users.dept.noValidator')}</TableCell>
                  <TableCell>{translate('users.dept.membersCount', { count: members(d.id) })}</TableCell>
                  {manages && (
                    <TableCell>
                      <Button size="small" onClick={() => setEditing(d)} aria-label={translate('users.dept.edit', { name: d.name })}>{translate('ra.action.edit')}</Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {editing && <DepartmentDialog department={editing === 'new' ? null : editing} users={users.data?.items ?? []} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function DepartmentDialog({ department, users, onClose }: { department: CustomerDepartmentRecord | null; users: CustomerUserRow[]; onClose: () => void }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const saved = async () => {
    toast(translate('users.dept.saved'), { variation: 'success' });
    // The departments are the data provider's list; the members are the users' departments.
    await queryClient.invalidateQueries({ queryKey: ['customer-departments'] });
    await queryClient.invalidateQueries({ queryKey: resourceCallsKey(customerAccessesCustomerUsers.resource) });
    onClose();
  };
  const create = useCustomerDepartmentsCreate({ onSuccess: saved });
  const update = useCustomerDepartmentsUpdate({ onSuccess: saved });
  // The dialog either creates or changes: one of the two calls is ever made here.
  const change = department ? update : create;
  const busy = change.isPending;
  const error = change.errorText;
  const [name, setName] = useState(department?.name ?? '');
  const [costCenter, setCostCenter] = useState(department?.costCenter ?? '');
  const [validator, setValidator] = useState(department?.validatorUserId ?? '');
  const [members, setMembers] = useState<string[]>(department ? users.filter((u) => u.departmentIds.includes(department.id)).map((u) => u.id) : []);
  const [budget, setBudget] = useState(department?.budgetId ?? '');
  const [touched, setTouched] = useState(false);
  // Budgets the reader may not see leave the picker empty.
  const budgets = useBudgetsList({ query: { page: 1, pageSize: 100 } }, { retry: false });
  const validators = users.filter((u) => u.roles.includes('validator') && u.active);
  const byId = new Map(users.map((u) => [u.id, u]));

  function save() {
    setTouched(true);
    if (!name.trim()) return;
    const dto = { name: name.trim(), costCenter: costCenter.trim() || null, validatorUserId: validator || null, memberUserIds: members, budgetId: budget || null };
    if (department) update.mutate({ body: { dto: { id: department.id, ...dto } } });
    else create.mutate({ body: { dto } });
  }
  const title = department ? translate('users.dept.edit', { name: department.name }) : translate('users.dept.create');
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="department-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="department-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextField label={translate('users.dept.name')} required value={name} onChange={(e) => setName(e.target.value)} autoFocus
          error={touched && !name.trim()} helperText={touched && !name.trim() ? translate('validation.messages.required') : undefined} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField label={translate('users.dept.costCenter')} value={costCenter} onChange={(e) => setCostCenter(e.target.value)} slotProps={{ htmlInput: { maxLength: 50 } }} />
        <TextField select label={translate('users.dept.validator')} value={validator} onChange={(e) => setValidator(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate('users.dept.noValidator')}</MenuItem>
          {validators.map((u) => <MenuItem key={u.id} value={u.id}>{nameOf(u)}</MenuItem>)}
          {validator && !validators.some((u) => u.id === validator) && <MenuItem value={validator}>{nameOf(byId.get(validator)) || validator}</MenuItem>}
        </TextField>
        <Autocomplete multiple options={users.map((u) => u.id)} value={members} getOptionLabel={(id) => nameOf(byId.get(id)) || id}
          onChange={(_, v) => setMembers(v)} renderInput={(params) => <TextField {...params} label={translate('users.dept.members')} />} />
        <TextField select label={translate('users.dept.budget')} value={budget} onChange={(e) => setBudget(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate('users.dept.noBudget')}</MenuItem>
          {(budgets.data?.items ?? []).map((b) => <MenuItem key={b.id} value={b.id}>{b.name}</MenuItem>)}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
