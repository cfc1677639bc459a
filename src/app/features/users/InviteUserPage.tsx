import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useSession } from '../../bootstrap/context';
import { useAppNotify } from '../../notify/useAppNotify';
import { useCustomerAccessesInviteUser } from '../../../../generated/app/calls.gen';
import { useCompanyDepartments, type LandingPageKey, type RoleKey } from './user-api';
import { AccessFields } from './UserFields';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /users/create: a customer admin invites a colleague (POST /customers/inviteUser): name, e-mail,
 * roles (at least one), departments and landing page. The server sends the mail with the link to
 * set a password; a known e-mail or a department that has its validator already is refused with its message.
 */
export function InviteUserPage() {
  const translate = useTranslate();
  const { activeCustomerId } = useSession();
  const navigate = useNavigate();
  const invite = useCustomerAccessesInviteUser({ failure: { op: 'create' } });
  const { toast } = useAppNotify();
  const departments = useCompanyDepartments();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<RoleKey[]>(['user']);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [landingPage, setLandingPage] = useState<LandingPageKey>('dashboard');
  const [touched, setTouched] = useState(false);
  const emailWrong = !EMAIL_RE.test(email.trim());

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (emailWrong || roles.length === 0) return;
    const body = { customerId: activeCustomerId, firstname: firstname.trim() || null, lastname: lastname.trim() || null, email: email.trim(), roleIds: roles, departmentIds, landingPage };
    invite.mutate({ body }, {
      onSuccess: ({ result }) => {
        toast(translate('users.invited', { email: result.email }), { variation: 'success' });
        navigate(PAGES['users-id']!.path.replace(':id', result.id));
      },
    });
  }

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('users.inviteTitle')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate('users.inviteIntro', { hours: CONSTANTS.passwordLinkHours })}</Typography>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
        {invite.errorText && <Alert severity="error" role="alert">{invite.errorText}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={translate('resources.users.fields.firstname')} value={firstname} onChange={(e) => setFirstname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label={translate('resources.users.fields.lastname')} value={lastname} onChange={(e) => setLastname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
        </Box>
        <TextField label={translate('resources.users.fields.email')} type="email" required value={email} onChange={(e) => setEmail(e.target.value)}
          error={touched && emailWrong} helperText={touched && emailWrong ? translate('validation.messages.email') : undefined}
          slotProps={{ htmlInput: { maxLength: 320, autoComplete: 'off' } }} />
        <AccessFields roles={roles} onRoles={setRoles} rolesError={touched && roles.length === 0}
          departmentIds={departmentIds} onDepartments={setDepartmentIds} departments={departments.data}
          landingPage={landingPage} onLandingPage={setLandingPage} />
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={invite.isPending}>{translate('users.send')}</Button>
          <Button component={RouterLink} to={PAGES.users!.path}>{translate('users.cancel')}</Button>
        </Stack>
      </Paper>
    </Box>
  );
}
