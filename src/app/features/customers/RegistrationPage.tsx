import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { postalLines, type PostalParts } from '../../common/postal';
import {
  Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Link, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { Loading, useLocaleState, useLogout, useTranslate } from 'react-admin';
import { Navigate } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { EMPLOYEE_COUNTS } from '../../../../model/resources/customer-registrations';
import { COUNTRY_LABELS } from '../../../../model/catalogue/texts';
import type { Language } from '../../../../model/dsl/i18n';
import { checkVatNumber, REGISTRATION_COUNTRIES, VAT_EXAMPLES, type RegistrationCountry } from '../../../shared/company-numbers';
import { canOpenPage } from '../../../shared/page-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useAppServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { SessionLoadFailed } from '../../session/SessionLoadFailed';
import { useLoadedSession } from '../../session/useLoadedSession';
import { registrationCalls, type KnownCompany, type RegistrationData } from './registration-api';

const R = 'registration';
type Step = 'number' | 'lookup' | 'confirm' | 'name' | 'employees' | 'address' | 'user' | 'terms' | 'done';
/** A question answered, and the step that asked it (to go back to it and change the answer). */
type Answered = { question: string; answer: string; step: Step };
const addressLine = (d: PostalParts) => postalLines(d).join(', ');

/**
 * /registration (core §4 registration gating, flows §1 self-registration): where a signed-in user
 * without any company lands. A conversation, one question at a time: the company number (a Belgian
 * one checked offline: format and mod-97 check digits; another country's VAT format), then what the
 * platform knows of the company (or the user fills it in, or tries again), the employee count, the
 * address, the user, the terms; the registration waits for a platform admin, who confirms it within
 * 24 hours. A user who has access goes to /.
 */
export function RegistrationPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const { domain } = useAppServices();
  const { session, error } = useLoadedSession();
  if (error) {
    const status = (error as { status?: number }).status;
    if (status === 401) return <Navigate to="/login" replace />;
    return <SessionLoadFailed />;
  }
  if (!session) return <Loading />;
  if (canOpenPage(PAGES.index!, pageSubjectOf(session, domain.links)) === 'ok') return <Navigate to="/" replace />;
  const user = session.user;
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', my: { xs: 2, sm: 6 }, px: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate(`${R}.title`)}</Typography>
      <Wizard
        email={user?.email ?? ''}
        name={user?.firstname || user?.displayname || user?.email || ''}
        firstname={user?.firstname ?? ''}
        lastname={user?.lastname ?? ''}
        termsUrl={domain.links.termsUrl}
      />
      <Button variant="outlined" sx={{ mt: 3 }} onClick={() => logout()}>{translate(`${R}.signOut`)}</Button>
    </Box>
  );
}

function Bubble({ from, children }: { from: 'platform' | 'you'; children: ReactNode }) {
  const mine = from === 'you';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{ px: 2, py: 1, maxWidth: '85%', bgcolor: mine ? 'primary.main' : 'background.paper', color: mine ? 'primary.contrastText' : 'text.primary', borderRadius: 3 }}
      >
        {typeof children === 'string' ? <Typography variant="body1">{children}</Typography> : children}
      </Paper>
    </Box>
  );
}

function Wizard({ email, name, firstname, lastname, termsUrl }: { email: string; name: string; firstname: string; lastname: string; termsUrl: string | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = (['nl', 'en', 'fr'].includes(locale) ? locale : 'nl') as Language;
  const { http, i18n } = useAppServices();
  const calls = registrationCalls(http);
  const [step, setStep] = useState<Step | null>(null);
  const [history, setHistory] = useState<Answered[]>([]);
  const [data, setData] = useState<RegistrationData>({ customerName: '', vatNumber: '', countryCode: 'BE', userFirstname: firstname, userLastname: lastname });
  const [known, setKnown] = useState<KnownCompany | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [doneText, setDoneText] = useState<string | null>(null);
  const set = (changes: Partial<RegistrationData>) => setData((d) => ({ ...d, ...changes }));
  const belgian = data.countryCode === 'BE';
  const company = data.customerName;
  const employees = data.employeeCount ? EMPLOYEE_COUNTS[data.employeeCount as keyof typeof EMPLOYEE_COUNTS]?.[language] ?? '' : '';

  // A registration that already waits is shown instead of the questions (after a sign-out, on another device).
  useEffect(() => {
    let live = true;
    calls.mine().then((mine) => {
      if (!live) return;
      if (mine) {
        setDoneText(translate(`${R}.pending`, { company: mine.customerName }));
        setStep('done');
      } else setStep('number');
    }).catch(() => live && setStep('number'));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answer = (question: string, text: string, next: Step) => {
    setHistory((h) => [...h, { question, answer: text, step: step! }]);
    setProblem(null);
    setStep(next);
  };
  // Back to an earlier question: the answers after it go (they may depend on it), what was typed stays in the fields.
  const change = (index: number) => {
    setStep(history[index]!.step);
    setHistory((h) => h.slice(0, index));
    setProblem(null);
  };
  const required = (...values: (string | undefined)[]) => {
    if (values.some((v) => !v?.trim())) { setProblem(translate(`${R}.required`)); return false; }
    return true;
  };
  const errorText = (e: unknown) => describeError(e, { fallback: `${R}.failed` }, i18n.i18nProvider);

  async function lookUp() {
    setStep('lookup');
    setProblem(null);
    try {
      const found = await calls.checkVat(data.vatNumber, data.countryCode);
      if (found.exists) {
        setProblem(translate('ErrorMessage.VatNumberAlreadyExists'));
        setStep('number');
        return;
      }
      set({ vatNumber: found.vatNumber });
      setHistory((h) => [...h, { question: translate(belgian ? `${R}.askNumber` : `${R}.askVat`), answer: found.vatNumber, step: 'number' }]);
      setKnown(found.known);
      setStep('confirm');
    } catch (e) {
      const status = (e as { status?: number }).status;
      // A refused number is the user's to correct; anything else is the lookup failing: retry, or fill in by hand.
      if (status && status >= 400 && status < 500) { setProblem(errorText(e)); setStep('number'); }
      else { setProblem(translate(`${R}.lookupFailed`)); setStep('lookup'); }
    }
  }

  function submitNumber(event: FormEvent) {
    event.preventDefault();
    if (!required(data.vatNumber)) return;
    const check = checkVatNumber(data.vatNumber, data.countryCode);
    if (check !== 'ok') { setProblem(translate(belgian ? 'ErrorMessage.InvalidCompanyNumber' : 'ErrorMessage.InvalidVatNumber')); return; }
    void lookUp();
  }

  function manual() {
    setHistory((h) => (h.some((x) => x.answer === data.vatNumber) ? h : [...h, { question: translate(belgian ? `${R}.askNumber` : `${R}.askVat`), answer: data.vatNumber, step: 'number' }]));
    setKnown(null);
    setProblem(null);
    setStep('name');
  }

  function confirmKnown(yes: boolean) {
    if (yes && known) {
      set({
        customerName: known.customerName, street: known.street ?? '', houseNumber: known.houseNumber ?? '', bus: known.bus ?? '',
        zipCode: known.zipCode ?? '', city: known.city ?? '',
      });
      answer(translate(`${R}.found`, { name: known.customerName, address: addressLine(known) }), translate(`${R}.yes`), 'employees');
    } else {
      answer(known ? translate(`${R}.found`, { name: known.customerName, address: addressLine(known) }) : translate(`${R}.notFound`), translate(`${R}.no`), 'name');
    }
  }

  async function submitRegistration(event: FormEvent) {
    event.preventDefault();
    if (!accepted) { setProblem(translate(`${R}.termsRequired`)); return; }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await calls.register({ ...data, acceptTerms: true });
      setHistory((h) => [...h, { question: translate(`${R}.askTerms`), answer: translate(`${R}.acceptTerms`), step: 'terms' }]);
      setDoneText(translate(`${R}.done`, { company: saved.customerName }));
      setStep('done');
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (!step) return <CircularProgress aria-label={translate(`${R}.checking`)} />;
  const field = (key: keyof RegistrationData, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label} value={data[key] ?? ''} onChange={(e) => set({ [key]: e.target.value })} size="small" fullWidth
      slotProps={{ htmlInput: { name: key } }} {...extra}
    />
  );

  return (
    <Stack spacing={1.5} aria-live="polite">
      <Bubble from="platform">{translate(`${R}.intro`, { name })}</Bubble>
      {history.map((h, i) => (
        <Stack key={i} spacing={1.5}>
          <Bubble from="platform">{h.question}</Bubble>
          <Bubble from="you">{h.answer}</Bubble>
          {step !== 'done' && step !== 'lookup' && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '4px !important' }}>
              <Button size="small" onClick={() => change(i)} aria-label={translate(`${R}.changeAnswer`, { answer: h.answer })}>{translate(`${R}.change`)}</Button>
            </Box>
          )}
        </Stack>
      ))}
      {step === 'number' && (
        <Ask question={translate(belgian ? `${R}.askNumber` : `${R}.askVat`)} onSubmit={submitNumber} next={translate(`${R}.next`)} problem={problem}>
          <TextField
            select label={translate(`${R}.country`)} value={data.countryCode} size="small" fullWidth
            onChange={(e) => set({ countryCode: e.target.value as RegistrationCountry })}
          >
            {REGISTRATION_COUNTRIES.map((c) => <MenuItem key={c} value={c}>{COUNTRY_LABELS[c][language]}</MenuItem>)}
          </TextField>
          {field('vatNumber', translate(belgian ? `${R}.numberLabel` : `${R}.vatLabel`), {
            helperText: translate(`${R}.numberHint`, { example: VAT_EXAMPLES[data.countryCode] }), autoFocus: true, autoComplete: 'off',
          })}
        </Ask>
      )}
      {step === 'lookup' && (
        problem ? (
          <Stack spacing={1}>
            <Alert severity="warning">{problem}</Alert>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => void lookUp()}>{translate(`${R}.retry`)}</Button>
              <Button variant="outlined" onClick={manual}>{translate(`${R}.manual`)}</Button>
            </Stack>
          </Stack>
        ) : <Bubble from="platform"><Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><CircularProgress size={16} /><span>{translate(`${R}.checking`)}</span></Stack></Bubble>
      )}
      {step === 'confirm' && (
        <Stack spacing={1}>
          <Bubble from="platform">{known ? translate(`${R}.found`, { name: known.customerName, address: addressLine(known) }) : translate(`${R}.notFound`)}</Bubble>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {known && <Button variant="contained" onClick={() => confirmKnown(true)}>{translate(`${R}.yes`)}</Button>}
            <Button variant={known ? 'outlined' : 'contained'} onClick={() => confirmKnown(false)}>{known ? translate(`${R}.no`) : translate(`${R}.next`)}</Button>
          </Stack>
        </Stack>
      )}
      {step === 'name' && (
        <Ask question={translate(`${R}.askName`)} next={translate(`${R}.next`)} problem={problem}
          onSubmit={(e) => { e.preventDefault(); if (required(data.customerName)) answer(translate(`${R}.askName`), [data.customerName, data.juridicalFrom].filter(Boolean).join(' — '), 'employees'); }}>
          {field('customerName', translate(`${R}.nameLabel`), { autoFocus: true, autoComplete: 'organization' })}
          {field('juridicalFrom', translate(`${R}.formLabel`))}
        </Ask>
      )}
      {step === 'employees' && (
        <Stack spacing={1}>
          <Bubble from="platform">{translate(`${R}.askEmployees`, { company })}</Bubble>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {Object.entries(EMPLOYEE_COUNTS).map(([key, label]) => (
              <Button key={key} variant="outlined" onClick={() => { set({ employeeCount: key }); answer(translate(`${R}.askEmployees`, { company }), label[language], 'address'); }}>
                {label[language]}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
      {step === 'address' && (
        <Ask question={translate(`${R}.askAddress`, { company })} next={translate(`${R}.next`)} problem={problem}
          onSubmit={(e) => { e.preventDefault(); if (required(data.street, data.houseNumber, data.zipCode, data.city)) answer(translate(`${R}.askAddress`, { company }), addressLine(data), 'user'); }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {field('street', translate(`${R}.street`), { autoFocus: true, autoComplete: 'address-line1' })}
            <Stack direction="row" spacing={1} sx={{ minWidth: { sm: 200 } }}>
              {field('houseNumber', translate(`${R}.houseNumber`))}
              {field('bus', translate(`${R}.bus`))}
            </Stack>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Box sx={{ width: 140, flexShrink: 0 }}>{field('zipCode', translate(`${R}.zipCode`), { autoComplete: 'postal-code' })}</Box>
            {field('city', translate(`${R}.city`), { autoComplete: 'address-level2' })}
          </Stack>
        </Ask>
      )}
      {step === 'user' && (
        <Ask question={translate(`${R}.askUser`)} next={translate(`${R}.next`)} problem={problem}
          onSubmit={(e) => { e.preventDefault(); if (required(data.userFirstname, data.userLastname)) answer(translate(`${R}.askUser`), `${data.userFirstname} ${data.userLastname} (${email})`, 'terms'); }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {field('userFirstname', translate(`${R}.firstname`), { autoFocus: true, autoComplete: 'given-name' })}
            {field('userLastname', translate(`${R}.lastname`), { autoComplete: 'family-name' })}
          </Stack>
          <Typography variant="body2" color="text.secondary">{translate(`${R}.email`, { email })}</Typography>
        </Ask>
      )}
      {step === 'terms' && (
        <Ask question={translate(`${R}.askTerms`)} next={translate(`${R}.register`)} problem={problem} onSubmit={submitRegistration} busy={busy}>
          <Typography variant="body2">{translate(`${R}.summary`, { company, number: data.vatNumber, employees, address: addressLine(data) })}</Typography>
          {/* The tenant's terms (tenants.termsUrl), read in a tab of their own so the answers here stay. */}
          {termsUrl && <Link href={termsUrl} target="_blank" rel="noopener noreferrer" variant="body2">{translate(`${R}.readTerms`)}</Link>}
          <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />} label={translate(`${R}.acceptTerms`)} />
        </Ask>
      )}
      {step === 'done' && doneText && <Alert severity="success">{doneText}</Alert>}
    </Stack>
  );
}

/** One question of the conversation: the platform asks, the user answers in a small form. */
function Ask({ question, children, onSubmit, next, problem, busy }: {
  question: string; children: ReactNode; onSubmit: (e: FormEvent) => void; next: string; problem: string | null; busy?: boolean;
}) {
  return (
    <Stack spacing={1}>
      <Bubble from="platform">{question}</Bubble>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, borderRadius: 3 }}>
        <Stack spacing={1.5}>
          {children}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={busy}>{next}</Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
