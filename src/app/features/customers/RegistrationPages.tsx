import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, Link, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { COUNTRY_LABELS } from '../../../../model/catalogue/texts';
import { EMPLOYEE_COUNTS } from '../../../../model/resources/customer-registrations';
import type { Language } from '../../../../model/dsl/i18n';
import { REGISTRATION_COUNTRIES, type RegistrationCountry } from '../../../shared/company-numbers';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { usePendingCustomerRegistrationsGet, usePendingCustomerRegistrationsList, usePendingCustomerRegistrationsUpdate, usePendingCustomerRegistrationsValidate } from '../../../../generated/app/calls.gen';
import { withoutBlanks, type RegistrationData } from './registration-api';

const M = 'customerRegistrations';
const F = 'resources.pending-customer-registrations.fields';
const detailsPath = (id: string) => `${ADMIN_PREFIX}/customer-registration-details/${encodeURIComponent(id)}`;
const useLanguage = (): Language => {
  const [locale] = useLocaleState();
  return (['nl', 'en', 'fr'].includes(locale) ? locale : 'nl') as Language;
};

const STATUSES = ['pending', 'approved', 'all'] as const;
type Status = (typeof STATUSES)[number];

function StatusChip({ approved }: { approved: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`${M}.${approved ? 'approved' : 'pending'}`)} sx={approved ? { color: 'success.dark', borderColor: 'success.dark' } : undefined} />;
}

/**
 * /ycAdmin/customer-registrations (flows §2, §7 GET /pending-customer-registrations, take 2000): the
 * registrations with their filters (status, country, search), newest first; each opens its page.
 */
export function RegistrationsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const [status, setStatus] = useState<Status>('pending');
  const [countryCode, setCountryCode] = useState<RegistrationCountry | ''>('');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const answer = usePendingCustomerRegistrationsList({ query: withoutBlanks({ status, countryCode, search }) });
  const list = { ...answer, data: answer.data?.result };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${M}.title`)} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate(`${M}.title`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField select size="small" label={translate(`${M}.status`)} value={status} onChange={(e) => setStatus(e.target.value as Status)} sx={{ minWidth: 160 }}>
          {STATUSES.map((s) => <MenuItem key={s} value={s}>{translate(`${M}.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate(`${M}.country`)} value={countryCode} onChange={(e) => setCountryCode(e.target.value as RegistrationCountry | '')} sx={{ minWidth: 180 }}>
          <MenuItem value="">{translate(`${M}.allCountries`)}</MenuItem>
          {REGISTRATION_COUNTRIES.map((c) => <MenuItem key={c} value={c}>{COUNTRY_LABELS[c][language]}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </Stack>
      {list.error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {list.isPending && <CircularProgress />}
      {list.data && list.data.items.length === 0 && <Typography>{translate(`${M}.empty`)}</Typography>}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.data?.items.map((r) => (
          <Paper key={r.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Box>
                <Link component={RouterLink} to={detailsPath(r.id)} sx={{ fontWeight: 600 }}>{r.customerName}</Link>
                <Typography variant="body2">{r.vatNumber} · {(r.countryCode && COUNTRY_LABELS[r.countryCode]?.[language]) ?? r.countryCode} · {[r.zipCode, r.city].filter(Boolean).join(' ')}</Typography>
                <Typography variant="body2" color="text.secondary">{r.userDisplayname ?? ''} ({r.userEmail}) · {translate(`${M}.registeredOn`, { date: formatDateTime(r.createdAt) })}</Typography>
              </Box>
              <StatusChip approved={!!r.approved} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

const EDITABLE = ['customerName', 'vatNumber', 'juridicalFrom', 'street', 'houseNumber', 'bus', 'zipCode', 'city', 'userFirstname', 'userLastname'] as const;

/**
 * /ycAdmin/customer-registration-details/{id}: one registration, what the platform knows of it, its
 * data corrected (PUT …/update) and validated (POST …/validate: the customer, its admin, the welcome mail).
 */
export function RegistrationDetailsPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const language = useLanguage();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const detail = usePendingCustomerRegistrationsGet({ params: { id } });
  const failure = { fallback: `${M}.loadFailed` };
  const update = usePendingCustomerRegistrationsUpdate({ failure, onSuccess: () => toast(translate(`${M}.saved`), { variation: 'success' }) });
  const validate = usePendingCustomerRegistrationsValidate({ failure, onSuccess: () => toast(translate(`${M}.validated`), { variation: 'success' }) });
  const busy = update.isPending || validate.isPending;
  // The last step's failure: starting one forgets the other's.
  const problem = update.errorText ?? validate.errorText;
  const [form, setForm] = useState<RegistrationData | null>(null);
  const r = detail.data?.result;
  useEffect(() => {
    if (!r) return;
    setForm({
      customerName: r.customerName ?? '', vatNumber: r.vatNumber ?? '', countryCode: r.countryCode ?? 'BE', employeeCount: r.employeeCount ?? '',
      ...Object.fromEntries(EDITABLE.filter((k) => k !== 'customerName' && k !== 'vatNumber').map((k) => [k, r[k] ?? ''])),
    } as RegistrationData);
  }, [r]);

  if (detail.error) return <Alert severity="error" sx={{ m: 2 }}>{describeError(detail.error, { fallback: `${M}.loadFailed` }, i18n.i18nProvider)}</Alert>;
  if (!r || !form) return <CircularProgress sx={{ m: 2 }} />;
  const k = r.knowledge;
  const save = (e: FormEvent) => { e.preventDefault(); validate.reset(); update.mutate({ params: { id }, body: { dto: withoutBlanks(form) } }); };
  const text = (key: (typeof EDITABLE)[number]) => (
    <TextField key={key} size="small" fullWidth label={translate(`${F}.${key}`)} value={form[key] ?? ''} disabled={!!r.approved}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })} slotProps={{ htmlInput: { name: key } }} />
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title={r.customerName} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1">{r.customerName}</Typography>
        <StatusChip approved={!!r.approved} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {r.userDisplayname ?? ''} ({r.userEmail}) · {translate(`${M}.registeredOn`, { date: formatDateTime(r.createdAt) })}
      </Typography>
      <Stack spacing={1} sx={{ mb: 2 }}>
        {k.vatKnown && <Alert severity="warning">{translate(`${M}.vatKnown`, { name: k.customerName ?? '' })}</Alert>}
        {k.emailDomainKnown && <Alert severity="info">{translate(`${M}.domainKnown`, { name: k.emailDomainCustomerName ?? '' })}</Alert>}
        {!k.vatKnown && !k.emailDomainKnown && <Alert severity="info">{translate(`${M}.nothingKnown`)}</Alert>}
      </Stack>
      <Paper variant="outlined" component="form" noValidate onSubmit={save} sx={{ p: 2, mb: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>{text('customerName')}{text('juridicalFrom')}</Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField select size="small" fullWidth label={translate(`${F}.countryCode`)} value={form.countryCode} disabled={!!r.approved}
              onChange={(e) => setForm({ ...form, countryCode: e.target.value as RegistrationCountry })}>
              {REGISTRATION_COUNTRIES.map((c) => <MenuItem key={c} value={c}>{COUNTRY_LABELS[c][language]}</MenuItem>)}
            </TextField>
            {text('vatNumber')}
            <TextField select size="small" fullWidth label={translate(`${F}.employeeCount`)} value={form.employeeCount ?? ''} disabled={!!r.approved}
              onChange={(e) => setForm({ ...form, employeeCount: e.target.value })}>
              <MenuItem value="">–</MenuItem>
              {Object.entries(EMPLOYEE_COUNTS).map(([key, label]) => <MenuItem key={key} value={key}>{label[language]}</MenuItem>)}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>{text('street')}{text('houseNumber')}{text('bus')}</Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>{text('zipCode')}{text('city')}</Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>{text('userFirstname')}{text('userLastname')}</Stack>
          {problem && <Alert severity="error">{problem}</Alert>}
          {!r.approved && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button type="submit" variant="outlined" disabled={busy}>{translate(`${M}.save`)}</Button>
              <Button variant="contained" disabled={busy} onClick={() => { update.reset(); validate.mutate({ params: { id }, body: {} }); }}>{translate(`${M}.validate`)}</Button>
            </Stack>
          )}
          {r.approved && r.customerId && (
            <Link component={RouterLink} to={`${ADMIN_PREFIX}/customer-details/${encodeURIComponent(r.customerId)}`}>{translate(`${M}.toCustomer`)}</Link>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
