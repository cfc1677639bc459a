import { useState, type FormEvent } from 'react';
import { useCustomerAccessesCustomerUserUpdate, useCustomerAccessesResendInvite } from '../../../../generated/app/calls.gen';
import { customerAccessesCustomerUserById, customerAccessesCustomerUserUpdate } from '../../../../generated/app/calls/customer-accesses.gen';
import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Loading } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useCallQuery } from '../../data/calls';
import { useAppNotify } from '../../notify/useAppNotify';
import { CatalogRulesPanel } from './CatalogRulesPanel';
import { knownRoles, landingPageOf, useCompanyDepartments, type CustomerUser } from './user-api';
import { AccessFields } from './UserFields';
import { changeGroup } from '../../data/call-mutation';

/**
 * /users/{id}: one user of the acting company (POST /customer-user-management/byid) and its update
 * (…/update): names, roles (at least one), departments, landing page and whether their access is
 * active; a new invitation when the first link expired; the user's catalogue rules.
 */
export function UserPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { i18n } = useCoreServices();
  const session = useSession();
  // A read by POST: the call's query (cached per user and company), not a mutation.
  const answer = useCallQuery(customerAccessesCustomerUserById, { body: { query: { id, customerId: session.activeCustomerId } } },
    { enabled: !!session.activeCustomerId && !!id });
  const { data, error } = { data: answer.data?.result, error: answer.error };
  const writes = canCall(customerAccessesCustomerUserUpdate.access, subjectOf(session));
  return (
    <Box sx={{ p: 2, maxWidth: 840 }}>
      <Button component={RouterLink} to={PAGES.users!.path} sx={{ mb: 1 }}>{translate('users.back')}</Button>
      {error && <Alert severity="error">{describeError(error, { resource: 'customer-accesses', op: 'get' }, i18n.i18nProvider)}</Alert>}
      {!data && !error && <Loading />}
      {data && <UserForm key={data.id} user={data} writes={writes} />}
      {data && writes && <CatalogRulesPanel userId={data.id} />}
    </Box>
  );
}

function UserForm({ user, writes }: { user: CustomerUser; writes: boolean }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const update = useCustomerAccessesCustomerUserUpdate({ failure: { op: 'update' }, onSuccess: () => toast(translate('users.saved'), { variation: 'success' }) });
  const resendInvite = useCustomerAccessesResendInvite({ failure: { op: 'create' }, onSuccess: () => toast(translate('users.resent'), { variation: 'success' }) });
  const { busy, errorText: error, start } = changeGroup([update, resendInvite]);
  const departments = useCompanyDepartments();
  const [firstname, setFirstname] = useState(user.firstname ?? '');
  const [lastname, setLastname] = useState(user.lastname ?? '');
  const [displayname, setDisplayname] = useState(user.displayname ?? '');
  const [roles, setRoles] = useState(knownRoles(user.roles));
  const [departmentIds, setDepartmentIds] = useState(user.departmentIds);
  const [landingPage, setLandingPage] = useState(landingPageOf(user.landingPage));
  const [active, setActive] = useState(user.accessActive);
  const [touched, setTouched] = useState(false);

  function save(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    const dto = { userId: user.id, firstname: firstname.trim() || null, lastname: lastname.trim() || null, displayname: displayname.trim() || null, roleIds: roles, departmentIds, landingPage, active };
    // The server refuses an empty role list with its own message ('An user requires at least one role.').
    start(update);
    update.mutate({ body: { dto } });
  }
  const name = user.displayname || user.email;
  return (
    <Paper component="form" onSubmit={save} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">{translate('users.userTitle', { name })}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <fieldset disabled={!writes || busy} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 16, minWidth: 0 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField label={translate('resources.users.fields.firstname')} value={firstname} onChange={(e) => setFirstname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label={translate('resources.users.fields.lastname')} value={lastname} onChange={(e) => setLastname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label={translate('resources.users.fields.displayname')} value={displayname} onChange={(e) => setDisplayname(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Box>
        <AccessFields roles={roles} onRoles={setRoles} rolesError={touched && roles.length === 0}
          departmentIds={departmentIds} onDepartments={setDepartmentIds} departments={departments.data}
          landingPage={landingPage} onLandingPage={setLandingPage} />
        <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={translate('users.accessActive')} />
      </fieldset>
      {writes && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy}>{translate('users.save')}</Button>
          <Button disabled={busy} onClick={() => { start(resendInvite); resendInvite.mutate({ body: { id: user.id } }); }}>
            {translate('users.resend')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
