import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, SaveButton, SelectInput, SimpleForm, TextInput, Title, Toolbar, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PAGES } from '../../../../../generated/app/pages.gen';
import type { UserSettingsDto } from '../../../../shared/session-types';
import { LANDING_PAGE_NAMES, userSettingsSchema } from '../../../../shared/user-settings-schema';
import { useAppServices, useSession } from '../../../bootstrap/context';
import { zodFormResolver } from '../../../generated-support';
import { isLanguage, type Language } from '../../../i18n/language';
import { offeredLanguages } from '../../../i18n/offered-languages';
import { saveUserSettings, useChangeLanguage } from '../../../session/user-settings';
import { useLoadedSession } from '../../../session/useLoadedSession';
import { canOpenPage } from '../../../../shared/page-access';
import { pageSubjectOf } from '../../../access/page-subject';
import { customerAddressesByCustomerId } from '../../../../../generated/app/calls/customer-addresses.gen';
import { canCall } from '../../../../shared/access';
import { subjectOf } from '../../../access/can-access';
import { AddressBook } from '../../addresses/AddressBook';

/** The language, applied and saved as soon as it is chosen (the interface re-renders in it). */
function LanguageChoice() {
  const translate = useTranslate();
  const notify = useNotify();
  const { supportedLanguages } = useSession();
  const [locale] = useLocaleState();
  const changeLanguage = useChangeLanguage();
  async function choose(language: Language) {
    if (language === locale) return;
    const saved = await changeLanguage(language);
    notify(saved ? 'settings.languageSaved' : 'app.language.saveFailed', { type: saved ? 'success' : 'warning' });
  }
  return (
    <TextField
      select
      label={translate('resources.users.fields.languageCode')}
      value={isLanguage(locale) ? locale : 'nl'}
      onChange={(e) => choose(e.target.value as Language)}
      sx={{ minWidth: 240 }}
    >
      {offeredLanguages(supportedLanguages).map((language) => (
        <MenuItem key={language} value={language} lang={language}>{translate(`app.language.${language}`)}</MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /user-settings (core §4 "User settings"): language, phone number and landing page of the signed-in
 * user; below them the company's address book (kept there too, with the rights the user has).
 */
export function UserSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { http } = useAppServices();
  const { session } = useLoadedSession();
  if (!session) return <Loading />;
  const settings = session.userSettings;
  const record = { id: 'user-settings', phoneNumber: settings?.phoneNumber ?? '', landingPage: settings?.landingPage ?? session.user?.landingPage ?? 'dashboard' };
  const choices = LANDING_PAGE_NAMES.map((id) => ({ id, name: `resources.users.choices.landingPage.${id}` }));
  // The department pages are the company's: a supplier's user (no company) is not offered them.
  const subject = pageSubjectOf(session);
  const departmentPages = (['user-settings-list-departments', 'user-settings-add-departments'] as const)
    .filter((name) => subject && canOpenPage(PAGES[name]!, subject) === 'ok');
  // The company's address book, for whoever may read it (a supplier's user has no company).
  const readsAddresses = canCall(customerAddressesByCustomerId.access, subjectOf(session));
  const departmentLabels = { 'user-settings-list-departments': 'settings.departments', 'user-settings-add-departments': 'settings.addDepartments' } as const;

  async function save(values: Record<string, unknown>) {
    try {
      const { phoneNumber, landingPage } = values as Partial<UserSettingsDto>;
      await saveUserSettings(http, { phoneNumber: phoneNumber ?? null, landingPage });
      notify('settings.saved', { type: 'success' });
    } catch (error) {
      notify('settings.saveFailed', { type: 'error' });
      return (error as { body?: { errors?: Record<string, unknown> } }).body?.errors;
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('pages.user-settings')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>{translate('pages.user-settings')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('settings.intro')}</Typography>
        <LanguageChoice />
      </CardContent>
      <SimpleForm
        record={record}
        onSubmit={save}
        resolver={zodFormResolver(userSettingsSchema.pick({ phoneNumber: true, landingPage: true }) as never)}
        toolbar={<Toolbar><SaveButton alwaysEnable={false} /></Toolbar>}
      >
        <TextInput source="phoneNumber" type="tel" label="resources.users.fields.phoneNumber" />
        <SelectInput source="landingPage" choices={choices} label="resources.users.fields.landingPage" translateChoice />
      </SimpleForm>
      {departmentPages.length > 0 && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Stack direction="row" spacing={2}>
            {departmentPages.map((name) => <Button key={name} component={Link} to={PAGES[name]!.path}>{translate(departmentLabels[name])}</Button>)}
          </Stack>
        </Box>
      )}
      {/* On a phone react-admin's save bar stays at the bottom of the screen: room below the book for it. */}
      {readsAddresses && <CardContent sx={{ borderTop: 1, borderColor: 'divider', pb: { xs: 10, sm: 2 } }}><AddressBook /></CardContent>}
    </Card>
  );
}
