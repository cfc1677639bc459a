import { useState, type FormEvent } from 'react';
import {
  Alert, Autocomplete, Box, Button, Checkbox, Chip, FormControlLabel, MenuItem, Paper, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Loading } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { ADMIN_PREFIX } from '../../../../../model/catalogue/pages-admin';
import { useCustomerAccessesAdminCreate, useCustomerAccessesAdminCustomers, useCustomerAccessesAdminDelete, useCustomerAccessesAdminUpdate, useUsersById, useUsersSendPasswordMail, useUsersUpdate } from '../../../../../generated/app/calls.gen';
import { usersById } from '../../../../../generated/app/calls/users.gen';
import type { Contracts } from '../../../../shared/contracts';
import type { ResultOf } from '../../../../shared/contracts/define';
import { useCoreServices, useSession } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { useAppNotify } from '../../../notify/useAppNotify';
import { knownRoles, LANDING_PAGE_KEYS, ROLE_KEYS, type RoleKey } from '../user-api';
import { useImpersonate, userKindKey } from './admin-user-api';
import { userKindOf } from '../../../../shared/access';
import { resourceCallsKey } from '../../../data/calls';
import { changeGroup } from '../../../data/call-mutation';

type AdminUser = ResultOf<Contracts['users']['byId']>['result'];
type Access = AdminUser['customerAccess'][number];

/**
 * /ycAdmin/user-details/{id}: a user (GET /usermanagement/byid) and its update (/usermanagement/update),
 * a new password mail, acting as the user (super admins), and the user's customer accesses
 * (/admin/customer-accesses/create|update|delete) with their roles and activation.
 */
export function AdminUserDetailsPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { i18n } = useCoreServices();
  const answer = useUsersById({ query: { userid: id } }, { enabled: !!id });
  const { data, error } = { data: answer.data?.result, error: answer.error };
  const back = data && (data.userType === 1 || data.userType === 2) ? 'administrators' : 'users';
  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Button component={RouterLink} to={`${ADMIN_PREFIX}/${back}`} sx={{ mb: 1 }}>{translate('users.admin.back')}</Button>
      {error && <Alert severity="error">{describeError(error, { resource: 'users', op: 'get' }, i18n.i18nProvider)}</Alert>}
      {!data && !error && <Loading />}
      {data && <UserForm key={data.id} user={data} />}
      {data?.userType === 3 && <Accesses user={data} />}
    </Box>
  );
}

/**
 * What follows a change on this page: its toast, and the user read again (an access changed is the
 * user's too; the users' calls re-read their own).
 */
function useChanged() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  return (done: string) => async () => {
    toast(translate(done), { variation: 'success' });
    await queryClient.invalidateQueries({ queryKey: resourceCallsKey(usersById.resource) });
  };
}

function UserForm({ user }: { user: AdminUser }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const impersonate = useImpersonate();
  const changed = useChanged();
  const update = useUsersUpdate({ onSuccess: changed('users.admin.userSaved') });
  const sendPasswordMail = useUsersSendPasswordMail({ failure: { op: 'update' }, onSuccess: changed('users.admin.mailSent') });
  // Acting as the user is no call of its own (it starts the impersonation and reads the session anew): its failure says the general text.
  const actAs = useMutation<void, Error>({ mutationFn: () => impersonate(user.id) });
  const { busy, errorText, start } = changeGroup([update, sendPasswordMail, actAs]);
  const error = errorText ?? (actAs.error ? describeError(actAs.error, {}, i18n.i18nProvider) : null);
  const [firstname, setFirstname] = useState(user.firstname ?? '');
  const [lastname, setLastname] = useState(user.lastname ?? '');
  const [displayname, setDisplayname] = useState(user.displayname ?? '');
  const [landingPage, setLandingPage] = useState<NonNullable<AdminUser['landingPage']>>(user.landingPage ?? 'dashboard');
  const [languageCode, setLanguageCode] = useState<NonNullable<AdminUser['languageCode']>>(user.languageCode ?? 'NL');
  const [active, setActive] = useState(user.active);
  const name = user.displayname || user.email;
  const self = user.id === session.user?.id;

  function save(e: FormEvent) {
    e.preventDefault();
    const body = { userId: user.id, firstname: firstname.trim() || null, lastname: lastname.trim() || null, displayname: displayname.trim() || null, landingPage, languageCode, ...(self ? {} : { active }) };
    start(update);
    update.mutate({ body });
  }
  return (
    <Paper component="form" onSubmit={save} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">{name}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{user.email} · {translate(userKindKey(userKindOf({ userType: user.userType, supplierIds: user.supplierIds ?? [], customerAccessCount: user.customerAccess.length })))}</Typography>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField label={translate('resources.users.fields.firstname')} value={firstname} onChange={(e) => setFirstname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label={translate('resources.users.fields.lastname')} value={lastname} onChange={(e) => setLastname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label={translate('resources.users.fields.displayname')} value={displayname} onChange={(e) => setDisplayname(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField select label={translate('resources.users.fields.landingPage')} value={landingPage} onChange={(e) => setLandingPage(e.target.value as typeof landingPage)}>
          {LANDING_PAGE_KEYS.map((p) => <MenuItem key={p} value={p}>{translate(`resources.users.choices.landingPage.${p}`)}</MenuItem>)}
        </TextField>
        <TextField select label={translate('resources.users.fields.languageCode')} value={languageCode} onChange={(e) => setLanguageCode(e.target.value as typeof languageCode)}>
          {['NL', 'EN', 'FR', 'Undefined'].map((l) => <MenuItem key={l} value={l}>{translate(`resources.users.choices.languageCode.${l}`)}</MenuItem>)}
        </TextField>
      </Box>
      {!self && <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={translate('resources.users.fields.active')} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>{translate('users.save')}</Button>
        <Button disabled={busy} onClick={() => { start(sendPasswordMail); sendPasswordMail.mutate({ body: { id: user.id } }); }}>
          {translate('users.admin.sendMail')}
        </Button>
        {session.user?.userType === 1 && !self && user.userType !== 1 && (
          <Button disabled={busy} onClick={() => { start(actAs); actAs.mutate(); }}>{translate('users.admin.impersonate', { name })}</Button>
        )}
      </Stack>
    </Paper>
  );
}

function RoleChecks({ roles, onChange }: { roles: RoleKey[]; onChange: (roles: RoleKey[]) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
      {ROLE_KEYS.map((r) => (
        <FormControlLabel key={r} label={translate(`users.role.${r}`)}
          control={<Checkbox size="small" checked={roles.includes(r)} onChange={(e) => onChange(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))} />} />
      ))}
    </Box>
  );
}

function AccessRow({ access }: { access: Access }) {
  const translate = useTranslate();
  const changed = useChanged();
  const update = useCustomerAccessesAdminUpdate({ failure: { op: 'update' }, onSuccess: changed('users.admin.accessSaved') });
  const remove = useCustomerAccessesAdminDelete({ failure: { op: 'delete' }, onSuccess: changed('users.admin.accessDeleted') });
  const { busy, errorText: error, start } = changeGroup([update, remove]);
  const [roles, setRoles] = useState<RoleKey[]>(knownRoles(access.roles ?? []));
  const [active, setActive] = useState(access.active);
  const name = access.customer?.name ?? access.customerId;
  return (
    <TableRow>
      <TableCell>{name}{error && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{error}</Alert>}</TableCell>
      <TableCell><RoleChecks roles={roles} onChange={setRoles} /></TableCell>
      <TableCell><Switch checked={active} onChange={(e) => setActive(e.target.checked)} slotProps={{ input: { 'aria-label': `${translate('users.active')}: ${name}` } }} /></TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={busy} aria-label={translate('users.admin.saveAccess', { name })}
            onClick={() => { start(update); update.mutate({ body: { id: access.id, roles, active } }); }}>
            {translate('ra.action.save')}
          </Button>
          <Button size="small" color="error" disabled={busy} aria-label={translate('users.admin.deleteAccess', { name })}
            onClick={() => { start(remove); remove.mutate({ body: { id: access.id } }); }}>
            {translate('ra.action.delete')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function Accesses({ user }: { user: AdminUser }) {
  const translate = useTranslate();
  const changed = useChanged();
  const added = changed('users.admin.accessAdded');
  const create = useCustomerAccessesAdminCreate({
    failure: { op: 'create' },
    onSuccess: async () => {
      await added();
      setCustomer(null);
    },
  });
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(null);
  const [roles, setRoles] = useState<RoleKey[]>(['user']);
  const customers = useCustomerAccessesAdminCustomers({ query: { search: search.trim() || undefined } });
  const taken = new Set(user.customerAccess.map((a) => a.customerId));
  return (
    <Paper sx={{ p: 2, mt: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="accesses-title">
      <Typography variant="h6" component="h2" id="accesses-title">{translate('users.admin.accesses')}</Typography>
      {user.customerAccess.length === 0 && <Typography>{translate('users.admin.noAccesses')}</Typography>}
      {user.customerAccess.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('users.admin.accesses')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('users.admin.customer')}</TableCell>
                <TableCell>{translate('users.roles')}</TableCell>
                <TableCell>{translate('users.active')}</TableCell>
                <TableCell>{translate('users.open')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{user.customerAccess.map((a) => <AccessRow key={`${a.id}-${(a.roles ?? []).join()}-${a.active}`} access={a} />)}</TableBody>
          </Table>
        </Box>
      )}
      {create.errorText && <Alert severity="error" role="alert">{create.errorText}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Autocomplete options={(customers.data?.result ?? []).filter((c) => !taken.has(c.id))} value={customer} getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id} filterOptions={(x) => x} onChange={(_, v) => setCustomer(v)} onInputChange={(_, v) => setSearch(v)}
          renderInput={(params) => <TextField {...params} label={translate('users.admin.customer')} />} />
        <RoleChecks roles={roles} onChange={setRoles} />
        <Box>
          <Button variant="outlined" disabled={create.isPending || !customer}
            onClick={() => create.mutate({ body: { userId: user.id, customerId: customer!.id, roles } })}>
            {translate('users.admin.addAccess')}
          </Button>
        </Box>
      </Box>
      {user.customerAccess.some((a) => !a.active) && <Chip size="small" label={translate('users.inactive')} sx={{ justifySelf: 'start' }} />}
    </Paper>
  );
}
