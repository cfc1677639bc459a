import { useState, type ChangeEvent, type FormEvent } from 'react';
import { invoicesCreate, invoicesDelete, invoicesExport, invoicesList, invoicesUpdate } from '../../../../generated/app/calls/invoices.gen';
import { useInvoicesOutstanding } from '../../../../generated/app/calls.gen';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import type { SupplierRecord } from '../../../../generated/types/suppliers.gen';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import type { QueryIn } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { ExportButton } from '../../common/ui/ExportButton';
import { describeError } from '../../data/errors';
import { usePagedCall, type PageRequest } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { useAppNotify } from '../../notify/useAppNotify';
import { INVOICE_STATUS_KEYS, ublFileProblem, uploadProblemOf, useInvoiceChanges } from './invoice-api';
import { InvoiceBulkPay } from './InvoiceBulkPay';
import { InvoiceCard, payable, type InvoiceRights } from './InvoiceCard';
import { money } from './InvoiceLines';

const MATCH_KEYS = ['matched', 'mismatch', 'accepted', 'notChecked'] as const;
/** The list's filters, as GET /invoices names them. */
const FILTERS = ['search', 'status', 'matchStatus', 'supplierId', 'gcsNumber', 'dueDateFilter', 'invoiceDateFilter'] as const;
type Filter = (typeof FILTERS)[number];
type InvoiceListQuery = QueryIn<Contracts['invoices']['list']>;

const M = 'invoices';
const S = 'resources.invoices.choices.status';
const PAGE_SIZE = 20;

/** The list's filters as GET /invoices, its export and its outstanding total take them (the page apart). */
const listQuery = ({ text }: PageRequest) => ({
  search: text('search'), status: text('status') as InvoiceListQuery['status'], matchStatus: text('matchStatus') as InvoiceListQuery['matchStatus'],
  supplierId: text('supplierId'), gcsNumber: text('gcsNumber'), dueDateFilter: text('dueDateFilter'), invoiceDateFilter: text('invoiceDateFilter'),
});

/**
 * Uploading a supplier's UBL e-invoice (POST /invoices/upload-ubl): checked here (XML, at most 30 MB)
 * and by the server, which books it on the supplier order it names and matches it. A refusal shows
 * the server's reason (the EN 16931 rules broken are in its details).
 */
function UblUpload() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useInvoiceChanges();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const local = await ublFileProblem(file);
    if (local) {
      setProblem(translate(local, { max: CONSTANTS.ublInvoiceMaxMb }));
      return;
    }
    setBusy(true);
    try {
      const booked = await changes.uploadUbl(file);
      toast(translate(`${M}.ublUploaded`, { number: booked?.number ?? '' }), { variation: 'success' });
    } catch (e) {
      const body = (e as { body?: { details?: { rule: string; params?: { message?: string } }[] } }).body;
      const rules = (body?.details ?? []).filter((d) => /^(BR-|PEPPOL-|SHOP-)/.test(d.rule)).slice(0, 5).map((d) => `${d.rule}: ${d.params?.message ?? ''}`);
      const key = uploadProblemOf(e);
      const text = key ? translate(key === 'Invoice.pdfUpload' ? 'Invoice.ublUpload' : 'Invoice.ublMaxMB', { max: CONSTANTS.ublInvoiceMaxMb })
        : describeError(e, { resource: 'invoices', op: 'create' }, i18n.i18nProvider);
      setProblem([text, ...rules].join(' · '));
      toast(text, { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box>
      <Button variant="contained" component="label" disabled={busy}>
        {translate(busy ? `${M}.uploading` : `${M}.ublUpload`)}
        <input hidden type="file" accept=".xml,application/xml,text/xml" aria-label={translate(`${M}.ublPick`)} onChange={(e) => void chosen(e)} />
      </Button>
      {problem && <Alert severity="error" role="alert" sx={{ mt: 1, maxWidth: 480 }}>{problem}</Alert>}
    </Box>
  );
}

/** The suppliers' list keeps the server's order (react-admin would otherwise ask for id DESC). */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;
const EMPTY = { number: '', supplierId: '', supplierName: '', gcsNumber: '', priceExcl: '', priceIncl: '', invoiceDate: '', dueDate: '', remarks: '' };

/** Entering an invoice (POST /invoices/create): the due date is checked against the invoice date here and again by the server. */
function CreateDialog({ open, onClose, suppliers }: { open: boolean; onClose: () => void; suppliers: SupplierRecord[] }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useInvoiceChanges();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const field = (key: keyof typeof EMPTY) => translate(`resources.invoices.fields.${key}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    for (const key of ['number', 'priceExcl', 'priceIncl', 'invoiceDate', 'dueDate'] as const) if (!values[key].trim()) local[key] = translate('validation.messages.required');
    if (values.invoiceDate && values.dueDate && values.dueDate < values.invoiceDate) local.dueDate = translate('ErrorMessage.invalidDueDate');
    setErrors(local);
    if (Object.keys(local).length) return;
    const dto = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || undefined]).filter(([, v]) => v !== undefined));
    setBusy(true);
    try {
      const made = await changes.create(dto);
      toast(translate(`${M}.created`, { number: made?.number ?? '' }), { variation: 'success' });
      setValues(EMPTY);
      onClose();
    } catch (e) {
      const body = (e as { body?: { errorCode?: string; details?: { path: string; rule: string }[] } }).body;
      setErrors(Object.fromEntries((body?.details ?? []).map((d) => [d.path, translate(d.rule === body?.errorCode ? `ErrorMessage.${d.rule}` : `validation.messages.${d.rule}`)])));
      toast(describeError(e, { resource: 'invoices', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const input = (key: keyof typeof EMPTY, extra: Record<string, unknown> = {}) => (
    <TextField size="small" label={field(key)} value={values[key]} onChange={set(key)} error={!!errors[key]} helperText={errors[key]} {...extra} />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invoice-create-title">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="invoice-create-title">{translate(`${M}.createTitle`)}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 1 }}>
            {input('number', { required: true })}
            {input('gcsNumber')}
            <TextField select size="small" label={field('supplierId')} value={values.supplierId} onChange={set('supplierId')} error={!!errors.supplierId} helperText={errors.supplierId}>
              <MenuItem value="">–</MenuItem>
              {suppliers.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
            </TextField>
            {input('supplierName')}
            {input('priceExcl', { required: true, slotProps: { htmlInput: { inputMode: 'decimal' } } })}
            {input('priceIncl', { required: true, slotProps: { htmlInput: { inputMode: 'decimal' } } })}
            {input('invoiceDate', { required: true, type: 'date', slotProps: { inputLabel: { shrink: true } } })}
            {input('dueDate', { required: true, type: 'date', slotProps: { inputLabel: { shrink: true } } })}
          </Box>
          <TextField size="small" fullWidth multiline minRows={2} sx={{ mt: 1.5 }} label={field('remarks')} value={values.remarks} onChange={set('remarks')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate(`${M}.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{translate(`${M}.save`)}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * /invoices (flows §2, core §2): the acting company's invoices, newest first, with flows §7's filters
 * (status, supplier, supplier order number, due until, invoiced from; GET /invoices) and a search.
 * Under the count, what the invoices the filters select still owe (GET /invoices/outstanding, the
 * same filters). Whoever writes invoices (customer admins, finance) uploads, replaces and removes the
 * PDF, marks an invoice paid (or takes the payment back), ticks several to mark them paid at once
 * and enters invoices; whoever deletes them deletes, from the card's menu. Export downloads every
 * invoice the filters select as an .xlsx. The server decides. The one paged list
 * (data/paged-call.ts): filters and page are in the URL.
 */
export default function InvoicesPage() {
  const translate = useTranslate();
  const session = useSession();
  const subject = subjectOf(session);
  const rights: InvoiceRights = {
    write: canCall(invoicesUpdate.access, subject),
    remove: canCall(invoicesDelete.access, subject),
  };
  const mayCreate = canCall(invoicesCreate.access, subject);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = usePagedCall(invoicesList, {
    name: 'invoices', perPage: PAGE_SIZE,
    input: (request) => ({ query: { ...listQuery(request), page: request.page, pageSize: request.perPage } }),
    rows: (answer) => answer.result,
  });
  const query = listQuery(list.request);
  const outstanding = useInvoicesOutstanding({ query });
  const filters = Object.fromEntries(FILTERS.map((k) => [k, typeof list.filterValues[k] === 'string' ? list.filterValues[k] as string : ''])) as Record<Filter, string>;
  const set = (key: Filter) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const { rows, total, error } = list;
  const data = rows && { items: rows, total: total ?? 0 };
  const toPay = (data?.items ?? []).filter((i) => payable(i, rights));
  const toggle = (id: string) => setSelected((prev) => {
    const next = new Set(prev);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const suppliers = useGetList<SupplierRecord>('suppliers', { pagination: { page: 1, perPage: CONSTANTS.loadAllSuppliersPageSize }, sort: SERVER_ORDER }, { retry: false });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <ExportButton call={invoicesExport} query={query} fileName="invoices.xlsx" />
          {mayCreate && <UblUpload />}
          {mayCreate && <Button variant="outlined" onClick={() => setCreating(true)}>{translate(`${M}.create`)}</Button>}
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Box role="search" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 1.5, mb: 1 }}>
        <TextField size="small" type="search" label={translate('resources.invoices.filters.search')} value={filters.search} onChange={set('search')} />
        <TextField select size="small" label={translate('resources.invoices.fields.status')} value={filters.status} onChange={set('status')}>
          <MenuItem value="">{translate(`${M}.allStatuses`)}</MenuItem>
          <MenuItem value="toPay">{translate(`${M}.toPay`)}</MenuItem>
          {INVOICE_STATUS_KEYS.map((s) => <MenuItem key={s} value={s}>{translate(`${S}.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate('resources.invoices.fields.matchStatus')} value={filters.matchStatus} onChange={set('matchStatus')}>
          <MenuItem value="">{translate(`${M}.allMatches`)}</MenuItem>
          {MATCH_KEYS.map((s) => <MenuItem key={s} value={s}>{translate(`resources.invoices.choices.matchStatus.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate('resources.invoices.fields.supplierId')} value={filters.supplierId} onChange={set('supplierId')}>
          <MenuItem value="">{translate(`${M}.allSuppliers`)}</MenuItem>
          {(suppliers.data ?? []).map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={translate(`${M}.gcsNumber`)} value={filters.gcsNumber} onChange={set('gcsNumber')} />
        <TextField size="small" type="date" label={translate(`${M}.dueDate`)} value={filters.dueDateFilter} onChange={set('dueDateFilter')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label={translate(`${M}.invoiceDate`)} value={filters.invoiceDateFilter} onChange={set('invoiceDateFilter')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {data && (
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 1 }}>
          {translate(`${M}.count`, { count: data.total })}
          {outstanding.data && <> · <Box component="strong" sx={{ color: 'text.primary' }}>{translate(`${M}.outstanding`, { amount: money(outstanding.data.result.amount) })}</Box></>}
        </Typography>
      )}
      {rights.write && <InvoiceBulkPay payable={toPay} selected={selected} onSelect={setSelected} />}
      {data?.items.length === 0 && <Typography sx={{ mt: 2 }}>{translate(`${M}.empty`)}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, mt: 1 }} aria-label={translate(`${M}.title`)}>
        {(data?.items ?? []).map((inv) => (
          <InvoiceCard key={inv.id} invoice={inv} rights={rights}
            {...(payable(inv, rights) ? { selected: selected.has(inv.id), onSelect: () => toggle(inv.id) } : {})} />
        ))}
      </Stack>
      {!!data?.items.length && <ListPager list={list} />}
      {mayCreate && <CreateDialog open={creating} onClose={() => setCreating(false)} suppliers={suppliers.data ?? []} />}
    </Box>
  );
}
