import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PERMISSION_AREAS, LETTERS } from '../../../../../model/catalogue/permissions';
import { ADMIN_PREFIX } from '../../../../../model/catalogue/pages-admin';
import { useUsersCreateAndSendPasswordMail } from '../../../../../generated/app/calls.gen';
import type { Contracts } from '../../../../shared/contracts';
import type { BodyIn } from '../../../../shared/contracts/define';
import { useAppNotify } from '../../../notify/useAppNotify';
import { LANDING_PAGE_KEYS } from '../user-api';

type NewUser = BodyIn<Contracts['users']['createAndSendPasswordMail']>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /ycAdmin/users/create and /ycAdmin/administrators/create: POST /usermanagement/createAndSentPasswordMail.
 * The user gets the mail with the link to set a password; customer users get their companies on
 * their details page, administrators (super admins only) their type and platform rights here.
 */
function CreateForm({ administrators }: { administrators: boolean }) {
  const translate = useTranslate();
  const create = useUsersCreateAndSendPasswordMail({ failure: { op: 'create' } });
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [landingPage, setLandingPage] = useState<NonNullable<NewUser['landingPage']>>(administrators ? 'orders' : 'dashboard');
  const [languageCode, setLanguageCode] = useState<NonNullable<NewUser['languageCode']>>('NL');
  const [userType, setUserType] = useState<NonNullable<NewUser['userType']>>(2);
  const [areas, setAreas] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const emailWrong = !EMAIL_RE.test(email.trim());

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (emailWrong) return;
    const body = {
      email: email.trim(), firstname: firstname.trim() || null, lastname: lastname.trim() || null, landingPage, languageCode,
      userType: administrators ? userType : 3,
      platformPermissions: administrators && userType === 2 ? areas.map((a) => `${a}:${LETTERS.join('')}`) : [],
    };
    create.mutate({ body }, {
      onSuccess: ({ result }) => {
        toast(translate('users.admin.created'), { variation: 'success' });
        navigate(`${ADMIN_PREFIX}/user-details/${result.id}`);
      },
    });
  }
  const title = translate(administrators ? 'users.admin.createAdmin' : 'users.admin.create');
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate('users.admin.createIntro')}</Typography>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
        {create.errorText && <Alert severity="error" role="alert">{create.errorText}</Alert>}
        <TextField label={translate('resources.users.fields.email')} type="email" required value={email} onChange={(e) => setEmail(e.target.value)}
          error={touched && emailWrong} helperText={touched && emailWrong ? translate('validation.messages.email') : undefined} slotProps={{ htmlInput: { maxLength: 320 } }} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={translate('resources.users.fields.firstname')} value={firstname} onChange={(e) => setFirstname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label={translate('resources.users.fields.lastname')} value={lastname} onChange={(e) => setLastname(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField select label={translate('resources.users.fields.landingPage')} value={landingPage} onChange={(e) => setLandingPage(e.target.value as typeof landingPage)}>
            {LANDING_PAGE_KEYS.map((p) => <MenuItem key={p} value={p}>{translate(`resources.users.choices.landingPage.${p}`)}</MenuItem>)}
          </TextField>
          <TextField select label={translate('resources.users.fields.languageCode')} value={languageCode} onChange={(e) => setLanguageCode(e.target.value as typeof languageCode)}>
            {['NL', 'EN', 'FR'].map((l) => <MenuItem key={l} value={l}>{translate(`resources.users.choices.languageCode.${l}`)}</MenuItem>)}
          </TextField>
        </Box>
        {administrators && (
          <>
            <TextField select label={translate('users.admin.type')} value={userType} onChange={(e) => setUserType(Number(e.target.value) as typeof userType)}>
              <MenuItem value={2}>{translate('users.admin.type2')}</MenuItem>
              <MenuItem value={1}>{translate('users.admin.type1')}</MenuItem>
            </TextField>
            {userType === 2 && (
              <FormControl component="fieldset">
                <FormLabel component="legend">{translate('users.admin.rights')}</FormLabel>
                <FormGroup sx={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap' }}>
                  {PERMISSION_AREAS.map((a) => (
                    <FormControlLabel key={a} label={a} control={<Checkbox checked={areas.includes(a)}
                      onChange={(e) => setAreas(e.target.checked ? [...areas, a] : areas.filter((x) => x !== a))} />} />
                  ))}
                </FormGroup>
                <FormHelperText>{translate('users.admin.rightsHelp')}</FormHelperText>
              </FormControl>
            )}
          </>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={create.isPending}>{title}</Button>
          <Button component={RouterLink} to={`${ADMIN_PREFIX}/${administrators ? 'administrators' : 'users'}`}>{translate('users.admin.back')}</Button>
        </Stack>
      </Paper>
    </Box>
  );
}

export function AdminUserCreatePage() {
  return <CreateForm administrators={false} />;
}

export function AdministratorCreatePage() {
  return <CreateForm administrators />;
}
