import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { postalLines } from '../../common/postal';
import { useSuppliersSetBudgetReference, useSuppliersSetOrderPdfSettings } from '../../../../generated/app/calls.gen';
import { suppliersEditown, suppliersOrderPdfSettings, suppliersSetBudgetReference, suppliersSetOrderPdfSettings } from '../../../../generated/app/calls/suppliers.gen';
import { Alert, Box, Button, Chip, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { resourceByName } from '../../../../model';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError, type FailureContext } from '../../data/errors';
import { formatCurrency, formatDate } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import {
  useBudgetReference, useDepartmentsAndProjects, usePdfSettings, useSupplier,
} from './supplier-api';

const M = 'suppliers.detail';
const F = 'resources.suppliers.fields';
const P = 'resources.order-pdf-settings.fields';
const pdfMax = resourceByName('order-pdf-settings').fields;

/**
 * /suppliers/{id} (core §2): one supplier, platform or own, with its contact, delivery terms and
 * finance budget; the company's budget reference, departments and projects for it (whoever may
 * write suppliers changes them); and, for an own supplier, its order PDF settings (order-pdf-settings
 * R to read, W to change). Editing an own supplier's fields is /supplier/edit/{id}.
 */
export default function SupplierPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: supplier, error } = useSupplier(id);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Link component={RouterLink} to="/suppliers">{translate(`${M}.back`)}</Link>
      {error && <Alert severity="error" sx={{ mt: 1 }}>{translate(`${M}.loadFailed`)}</Alert>}
      {!supplier && !error && <Typography>{translate('ra.page.loading')}</Typography>}
      {supplier && <SupplierView supplier={supplier} />}
    </Box>
  );
}

function SupplierView({ supplier: s }: { supplier: SupplierRecord }) {
  const translate = useTranslate();
  const session = useSession();
  const subject = subjectOf(session);
  const own = !!s.customerId;
  const may = {
    edit: own && canCall(suppliersEditown.access, subject),
    reference: canCall(suppliersSetBudgetReference.access, subject),
    readPdf: own && canCall(suppliersOrderPdfSettings.access, subject),
    writePdf: own && canCall(suppliersSetOrderPdfSettings.access, subject),
  };
  const money = (v: string | null | undefined) => (v == null || v === '' ? null : formatCurrency(Number(v)));
  const address = s.address ? [...postalLines(s.address), s.address.countryCode].filter(Boolean).join(', ') : null;
  const b = s.budgetSetting ?? {};
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{s.name}</Typography>
          <Chip size="small" variant="outlined" label={translate(own ? 'suppliers.list.own' : 'suppliers.list.platform')} />
          {!s.active && <Chip size="small" label={translate('suppliers.list.inactive')} />}
        </Stack>
        {may.edit && <Button variant="contained" component={RouterLink} to={`/supplier/edit/${encodeURIComponent(s.id)}`}>{translate(`${M}.edit`)}</Button>}
      </Stack>
      {s.description && <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{s.description}</Typography>}

      <Facts title={translate(`${M}.contact`)} id="supplier-contact" items={[
        [translate(`${F}.vatNumber`), s.vatNumber], [translate(`${F}.clientNumber`), s.clientNumber], [translate(`${F}.email`), s.email],
        [translate(`${F}.contactEmail`), s.contactEmail], [translate(`${F}.orderEmail`), s.orderEmail], [translate(`${F}.phone`), s.phone],
        [translate(`${F}.website`), s.website], [translate(`${F}.address`), address],
      ]} />
      <Facts title={translate(`${M}.delivery`)} id="supplier-delivery" items={[
        [translate(`${F}.shippingCost`), money(s.shippingCost)], [translate(`${F}.freeShippingFrom`), money(s.freeShippingFrom)],
        [translate(`${F}.minimumOrderPrice`), money(s.minimumOrderPrice)], [translate(`${F}.deliveryTimes`), s.deliveryTimes],
        [translate(`${F}.returnInformation`), s.returnInformation], [translate(`${F}.defaultCatalogue`), s.defaultCatalogue],
      ]} />
      <Facts title={translate(`${M}.finance`)} id="supplier-finance" items={[
        [translate(`${F}.budgetSetting`), b.startDate && b.endDate ? translate(`${M}.period`, { start: formatDate(b.startDate), end: formatDate(b.endDate) }) : null],
        [translate(`${F}.budgetSetting.totalBudget`), money(b.totalBudget)], [translate(`${F}.budgetSpent`), money(s.budgetSpent)],
      ]} />

      <BudgetReferenceSection supplierId={s.id} editable={may.reference} />
      {may.readPdf && <PdfSettingsSection supplierId={s.id} editable={may.writePdf} />}
    </>
  );
}

function Facts({ title, id, items }: { title: string; id: string; items: [string, ReactNode | null | undefined][] }) {
  const translate = useTranslate();
  return (
    <section aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={{ mt: 3, mb: 1 }}>{title}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 1.5, m: 0 }}>
        {items.map(([label, value]) => (
          <div key={label}>
            <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value ?? translate(`${M}.none`)}</Typography>
          </div>
        ))}
      </Box>
    </section>
  );
}

/** The form's field errors from a 4xx answer's details (path → rule), translated like the generated forms'. */
/**
 * A section's save: a refusal's field problems under its fields, and a toast for the outcome (saved,
 * or the failure in the user's language). `feedback` goes to the section's mutation hook.
 */
function useSectionSave(savedText: string, failure: FailureContext) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const feedback = {
    onSuccess: () => {
      setProblems({});
      toast(translate(savedText), { variation: 'success' });
    },
    onError: (e: Error) => {
      const details = e instanceof HttpError ? (e.body as { details?: { path: string; rule: string }[] } | undefined)?.details ?? [] : [];
      setProblems(Object.fromEntries(details.map((d) => [d.path.replace(/\.\d+$/, ''), d.rule])));
      toast(describeError(e, failure, i18n.i18nProvider), { variation: 'error' });
    },
  };
  const helper = (key: string) => (problems[key] ? translate(/^[A-Z]/.test(problems[key]!) ? `ErrorMessage.${problems[key]}` : `validation.messages.${problems[key]}`) : undefined);
  return { problems, helper, feedback };
}

function BudgetReferenceSection({ supplierId, editable }: { supplierId: string; editable: boolean }) {
  const translate = useTranslate();
  const { data } = useBudgetReference(supplierId);
  const choices = useDepartmentsAndProjects();
  const [reference, setReference] = useState('');
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const K = `${M}.budgetReference`;
  const { problems, helper, feedback } = useSectionSave(`${K}.saved`, { resource: 'suppliers', op: 'update' });
  const setBudgetReference = useSuppliersSetBudgetReference(feedback);
  useEffect(() => {
    if (!data) return;
    setReference(data.budgetReference ?? '');
    setDepartmentIds(data.departmentIds);
    setProjectIds(data.projectIds);
  }, [data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setBudgetReference.mutate({ params: { id: supplierId }, body: { budgetReference: reference.trim() || null, departmentIds, projectIds } });
  }
  const names = (ids: string[], list: { id: string; name: string }[] | undefined) => ids.map((i) => list?.find((x) => x.id === i)?.name ?? i).join(', ');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="supplier-budget-reference" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" id="supplier-budget-reference">{translate(`${K}.title`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${K}.help`)}</Typography>
      {!editable ? (
        <Box component="dl" sx={{ m: 0 }}>
          <Typography variant="caption" color="text.secondary" component="dt">{translate(`${K}.reference`)}</Typography>
          <Typography variant="body2" component="dd" sx={{ m: 0, mb: 1 }}>{data?.budgetReference ?? translate(`${M}.none`)}</Typography>
          <Typography variant="caption" color="text.secondary" component="dt">{translate(`${K}.departments`)}</Typography>
          <Typography variant="body2" component="dd" sx={{ m: 0, mb: 1 }}>{names(data?.departmentIds ?? [], choices.data?.departments) || translate(`${M}.none`)}</Typography>
          <Typography variant="caption" color="text.secondary" component="dt">{translate(`${K}.projects`)}</Typography>
          <Typography variant="body2" component="dd" sx={{ m: 0 }}>{names(data?.projectIds ?? [], choices.data?.projects) || translate(`${M}.none`)}</Typography>
        </Box>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
            <TextField size="small" label={translate(`${K}.reference`)} value={reference} onChange={(e) => setReference(e.target.value)}
              error={!!problems.budgetReference} helperText={helper('budgetReference')} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField size="small" select label={translate(`${K}.departments`)} value={departmentIds}
              onChange={(e) => setDepartmentIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
              error={!!problems.departmentIds} helperText={helper('departmentIds')}
              slotProps={{ select: { multiple: true, renderValue: (v) => names(v as string[], choices.data?.departments) } }}>
              {(choices.data?.departments ?? []).map((d) => <MenuItem key={d.id} value={d.id}>{d.name}</MenuItem>)}
            </TextField>
            <TextField size="small" select label={translate(`${K}.projects`)} value={projectIds}
              onChange={(e) => setProjectIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
              error={!!problems.projectIds} helperText={helper('projectIds')}
              slotProps={{ select: { multiple: true, renderValue: (v) => names(v as string[], choices.data?.projects) } }}>
              {(choices.data?.projects ?? []).map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
            </TextField>
          </Box>
          <Button type="submit" variant="contained" disabled={setBudgetReference.isPending || !data} sx={{ mt: 2 }}>{translate(`${K}.save`)}</Button>
        </Box>
      )}
    </Paper>
  );
}

type PdfEntry = { header: string; messageToSupplier: string; footer: string };

function PdfSettingsSection({ supplierId, editable }: { supplierId: string; editable: boolean }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { data, error } = usePdfSettings(supplierId, true);
  const [entry, setEntry] = useState<PdfEntry>({ header: '', messageToSupplier: '', footer: '' });
  const K = `${M}.pdf`;
  const { problems, helper, feedback } = useSectionSave(`${K}.saved`, { resource: 'order-pdf-settings', op: 'update' });
  useEffect(() => {
    if (data) setEntry({ header: data.header ?? '', messageToSupplier: data.messageToSupplier ?? '', footer: data.footer ?? '' });
  }, [data]);
  const setPdfSettings = useSuppliersSetOrderPdfSettings(feedback);

  function submit(event: FormEvent) {
    event.preventDefault();
    setPdfSettings.mutate({ params: { id: supplierId }, body: { header: entry.header || null, messageToSupplier: entry.messageToSupplier || null, footer: entry.footer || null } });
  }
  const field = (key: keyof PdfEntry, rows: number) => (
    <TextField key={key} label={translate(`${P}.${key}`)} value={entry[key]} multiline minRows={rows} disabled={!editable}
      onChange={(e) => setEntry({ ...entry, [key]: e.target.value })} error={!!problems[key]} helperText={helper(key)}
      slotProps={{ htmlInput: { maxLength: pdfMax[key]?.max } }} />
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="supplier-order-pdf" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" id="supplier-order-pdf">{translate(`${K}.title`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${K}.help`)}</Typography>
      {error && <Alert severity="error">{describeError(error, { resource: 'order-pdf-settings', op: 'get' }, i18n.i18nProvider)}</Alert>}
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {field('header', 2)}
          {field('messageToSupplier', 3)}
          {field('footer', 2)}
        </Stack>
        {editable && <Button type="submit" variant="contained" disabled={setPdfSettings.isPending || !data} sx={{ mt: 2 }}>{translate(`${K}.save`)}</Button>}
      </Box>
    </Paper>
  );
}
