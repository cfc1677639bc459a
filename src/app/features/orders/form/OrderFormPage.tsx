import { useCallback, useState } from 'react';
import { Alert, Box, Button, FormHelperText, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { EmailChangeDialog } from './EmailChangeDialog';
import { AddressField, DepartmentField, isAmount } from './fields';
import { emptyQuote, QuoteBlock, type QuoteDraft } from './QuoteBlock';
import { ORDER_ATTACHMENTS } from './upload';
import { usePlaceOrder } from './usePlaceOrder';

/**
 * /order-form (flows §1 "three quotes are collected", §5 "Order form: every line must be filled;
 * changing the supplier e-mail requires confirmation"): what is needed, the department (one of the
 * user's own) and delivery address, and CONSTANTS.orderFormQuotes quotes side by side (stacked on
 * a phone), each with its file uploaded as soon as it is chosen; one of them is chosen. Nothing is
 * sent before every field is filled and every file is up; the new order then opens (POST
 * /v2/orders, kind 'orderForm').
 */

const F = 'shop.orderForm';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type QuoteField = 'supplierName' | 'supplierEmail' | 'priceExcl' | 'vatRate' | 'attachment' | 'supplierId';

/** What is missing or wrong in a quote, by the body's field names (the server's detail paths). */
function quoteProblems(q: QuoteDraft, translate: (key: string) => string): Partial<Record<QuoteField, string>> {
  const out: Partial<Record<QuoteField, string>> = {};
  const required = translate('validation.messages.required');
  if (!q.supplierName.trim()) out.supplierName = required;
  if (!q.supplierEmail.trim()) out.supplierEmail = required;
  else if (!EMAIL_RE.test(q.supplierEmail.trim())) out.supplierEmail = translate('validation.messages.email');
  if (!q.price.trim()) out.priceExcl = required;
  else if (!isAmount(q.price)) out.priceExcl = translate(`${F}.numerical`);
  if (!q.file) out.attachment = required;
  return out;
}

export function OrderFormPage() {
  const translate = useTranslate();
  const [description, setDescription] = useState('');
  const [about, setAbout] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [addressId, setAddressId] = useState('');
  const [quotes, setQuotes] = useState<QuoteDraft[]>(() => Array.from({ length: CONSTANTS.orderFormQuotes }, emptyQuote));
  const [chosen, setChosen] = useState<number | null>(null);
  const [emailChange, setEmailChange] = useState<{ index: number; to: string } | null>(null);
  const [tried, setTried] = useState(false);
  const { place, busy, error, serverErrors } = usePlaceOrder(`${F}.placed`);

  const patch = useCallback((index: number, change: Partial<QuoteDraft>) =>
    setQuotes((all) => all.map((q, i) => (i === index ? { ...q, ...change } : q))), []);

  /** A new e-mail address for a quote: at once when none was filled in, else after the dialog's confirmation. */
  function changeEmail(index: number, to: string) {
    const current = quotes[index]!.supplierEmail;
    if (!current || current === to) patch(index, { supplierEmail: to, emailDraft: to });
    else setEmailChange({ index, to });
  }

  const required = translate('validation.messages.required');
  const problems = quotes.map((q) => quoteProblems(q, translate));
  const formProblems = {
    description: description.trim() ? undefined : required,
    departmentId: departmentId ? undefined : required,
  };
  const incomplete = problems.some((p) => Object.keys(p).length > 0) || Object.values(formProblems).some(Boolean) || chosen === null;
  const pendingEmail = quotes.some((q) => q.emailDraft.trim() !== q.supplierEmail);
  /** A field's message: what the server refused, else (once sending was tried) what is missing here. */
  const shown = (path: string, local: string | undefined) => serverErrors[path] ?? (tried ? local : undefined);

  async function submit() {
    setTried(true);
    if (incomplete || pendingEmail || emailChange || chosen === null) return;
    await place({
      kind: 'orderForm', description: description.trim(), about: about.trim() || null, departmentId, addressId: addressId || null,
      quotes: quotes.map((q) => ({
        supplierName: q.supplierName.trim(), supplierId: q.supplierId, supplierEmail: q.supplierEmail.trim(), priceExcl: q.price.trim(), vatRate: q.vatRate,
        attachment: { containerName: q.file?.containerName ?? ORDER_ATTACHMENTS, blobName: q.file?.blobName ?? '' },
      })),
      chosenQuote: chosen,
    });
  }

  const pending = emailChange ? quotes[emailChange.index]! : null;
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate(`${F}.title`)}</Typography>
        <Typography variant="body2">{translate(`${F}.help`, { count: CONSTANTS.orderFormQuotes })}</Typography>
      </Box>

      <Box component="section" aria-labelledby="order-form-need" sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        <Typography id="order-form-need" variant="h6" component="h2">{translate(`${F}.needTitle`)}</Typography>
        <TextField label={translate(`${F}.description`)} required multiline minRows={3} value={description} onChange={(e) => setDescription(e.target.value)}
          error={!!shown('description', formProblems.description)} helperText={shown('description', formProblems.description) ?? translate(`${F}.descriptionHelp`)}
          slotProps={{ htmlInput: { maxLength: 4000 } }} />
        <TextField size="small" label={translate(`${F}.about`)} value={about} onChange={(e) => setAbout(e.target.value)}
          error={!!serverErrors.about} helperText={serverErrors.about} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <DepartmentField label={translate(`${F}.department`)} required value={departmentId} onChange={setDepartmentId}
          error={shown('departmentId', formProblems.departmentId)} />
        <AddressField value={addressId} onChange={setAddressId} error={serverErrors.addressId} />
      </Box>

      <Box component="section" aria-labelledby="order-form-quotes" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="order-form-quotes" variant="h6" component="h2">{translate(`${F}.quotesTitle`)}</Typography>
        <Typography variant="body2">{translate(`${F}.quotesHelp`)}</Typography>
        <RadioGroup name="chosenQuote" aria-label={translate(`${F}.chosenGroup`)} value={chosen === null ? '' : String(chosen)}
          onChange={(e) => setChosen(Number(e.target.value))}
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${CONSTANTS.orderFormQuotes}, minmax(0, 1fr))` }, gap: 2, flexWrap: 'nowrap' }}>
          {quotes.map((q, i) => {
            const own = (field: QuoteField) => shown(`quotes.${i}.${field}`, problems[i]![field]);
            return (
              <QuoteBlock key={i} index={i} quote={q} chosen={chosen === i} onChange={(change) => patch(i, change)} onEmailChange={(to) => changeEmail(i, to)}
                errors={{
                  supplierName: own('supplierName'), supplierId: own('supplierId'), supplierEmail: own('supplierEmail'),
                  priceExcl: own('priceExcl'), vatRate: own('vatRate'), attachment: own('attachment'),
                }} />
            );
          })}
        </RadioGroup>
        {(tried || serverErrors.chosenQuote) && chosen === null && (
          <FormHelperText error role="alert">{serverErrors.chosenQuote ?? translate(`${F}.chooseOne`)}</FormHelperText>
        )}
      </Box>

      {error && <Alert severity="error" role="alert">{error}</Alert>}
      {tried && !error && incomplete && <Alert severity="warning">{translate(`${F}.missing`)}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>{translate(`${F}.submit`)}</Button>
      </Box>

      {emailChange && pending && (
        <EmailChangeDialog number={emailChange.index + 1} from={pending.supplierEmail} to={emailChange.to}
          onConfirm={() => { patch(emailChange.index, { supplierEmail: emailChange.to, emailDraft: emailChange.to }); setEmailChange(null); }}
          onKeep={() => { patch(emailChange.index, { emailDraft: pending.supplierEmail }); setEmailChange(null); }} />
      )}
    </Box>
  );
}
