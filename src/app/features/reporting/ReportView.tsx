import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatCurrency, formatDate } from '../../i18n/format';
import { addDays } from '../../../shared/shop-clock';
import { useReport, type PeriodInput, type Report } from './report-api';

const ReportCharts = lazy(() => import('./ReportCharts'));
const M = 'reporting';
const money = (v: string) => formatCurrency(Number(v));

/** A figure with its label, as a definition (screen readers read the pair). */
function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="body2" color="text.secondary" component="dt">{label}</Typography>
      <Typography variant="h6" component="dd" sx={{ m: 0 }}>{value}</Typography>
    </Paper>
  );
}

/** A small table that scrolls sideways on a phone; the first column is the row's name. */
function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <TableContainer component={Paper} variant="outlined" role="region" aria-label={label} tabIndex={0}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{head.map((h, i) => <TableCell key={h} align={i ? 'right' : 'left'}>{h}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, ri) => (
            <TableRow key={ri}>{r.map((c, i) => (i ? <TableCell key={i} align="right">{c}</TableCell> : <TableCell key={i} component="th" scope="row">{c}</TableCell>))}</TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The figures of one report: orders, supplier spend, deliveries, and (lazily) their charts. */
function Figures({ report }: { report: Report }) {
  const translate = useTranslate();
  const days = (v: number | null) => (v == null ? '–' : translate(`${M}.days`, { days: v.toLocaleString() }));
  const { orders, suppliers, deliveries } = report;
  if (!orders.count && !deliveries.count && !report.supplierOrders.count) {
    return <Alert severity="info">{translate(`${M}.noReports`)}</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Section id="report-orders" title={translate(`${M}.orders`)}>
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1 }}>
          <Figure label={translate(`${M}.ordersCount`)} value={orders.count} />
          <Figure label={translate(`${M}.totalExcl`)} value={money(orders.totalExcl)} />
          <Figure label={translate(`${M}.totalIncl`)} value={money(orders.totalIncl)} />
          <Figure label={translate(`${M}.supplierOrders`)} value={report.supplierOrders.count} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <SmallTable
            label={translate(`${M}.perStatus`)}
            head={[translate(`${M}.status`), translate(`${M}.count`), translate(`${M}.amount`)]}
            rows={orders.byStatus.map((s) => [translate(`resources.orders.choices.status.${s.status}`, { _: s.status }), s.count, money(s.totalExcl)])}
          />
          <SmallTable
            label={translate(`${M}.perDepartment`)}
            head={[translate(`${M}.perDepartment`), translate(`${M}.count`), translate(`${M}.amount`)]}
            rows={orders.byDepartment.map((d) => [d.name ?? translate(`${M}.noDepartment`), d.count, money(d.totalExcl)])}
          />
        </Box>
      </Section>
      <Section id="report-suppliers" title={translate(`${M}.suppliers`)}>
        <SmallTable
          label={translate(`${M}.suppliers`)}
          head={[translate(`${M}.supplier`), translate(`${M}.supplierOrders`), translate(`${M}.spendExcl`), translate(`${M}.deliveries`), translate(`${M}.withProblems`), translate(`${M}.averageLeadDays`)]}
          rows={suppliers.map((s) => [s.name ?? '–', s.supplierOrders, money(s.spendExcl), s.deliveries, s.deliveriesWithProblems, days(s.averageLeadDays)])}
        />
      </Section>
      <Section id="report-deliveries" title={translate(`${M}.deliveries`)}>
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1 }}>
          <Figure label={translate(`${M}.deliveriesCount`)} value={deliveries.count} />
          <Figure label={translate(`${M}.withProblems`)} value={deliveries.withProblems} />
          <Figure label={translate(`${M}.averageLeadDays`)} value={days(deliveries.averageLeadDays)} />
          <Figure label={translate(`${M}.maxLeadDays`)} value={days(deliveries.maxLeadDays)} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <SmallTable
            label={translate(`${M}.perStatus`)}
            head={[translate(`${M}.status`), translate(`${M}.count`)]}
            rows={deliveries.byStatus.map((s) => [translate(`resources.deliveries.choices.status.${s.status}`, { _: s.status }), s.count])}
          />
          <SmallTable
            label={translate(`${M}.problems`)}
            head={[translate(`${M}.problems`), translate(`${M}.count`)]}
            rows={deliveries.byProblem.map((p) => [translate(`resources.deliveries.choices.problemType.${p.problemType}`, { _: p.problemType }), p.count])}
          />
        </Box>
      </Section>
      <Suspense fallback={<Typography color="text.secondary">{translate(`${M}.chartLoading`)}</Typography>}>
        <ReportCharts report={report} />
      </Suspense>
    </Stack>
  );
}

export interface ReportViewProps {
  /** Platform admins choose a customer (or all of them); customers see their own company. */
  admin?: boolean;
  /** Drawn under the period form with the period applied (the customer's exports). */
  children?: (period: PeriodInput) => ReactNode;
}

/**
 * The reporting page's body (flows §1, §5 Reports): a period (start inclusive, end exclusive; both
 * empty = all; only a start = up to today) and the server's report for it. The server checks the
 * period; its refusal (invalidReportPeriod) shows here in the interface language.
 */
export function ReportView({ admin = false, children }: ReportViewProps) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const [draft, setDraft] = useState<PeriodInput & { customerId: string }>({ startDate: '', endDate: '', customerId: '' });
  const [applied, setApplied] = useState(draft);
  const { data, error, isFetching } = useReport(applied, admin ? { customerId: applied.customerId } : null);
  const submit = (e: FormEvent) => { e.preventDefault(); setApplied(draft); };
  const shown = data?.period;
  const periodText = !shown ? '' : !shown.startDate && !shown.endDate ? translate(`${M}.allData`)
    : [shown.startDate ? translate(`${M}.from`, { day: formatDate(shown.startDate) }) : null, shown.endDate ? translate(`${M}.until`, { day: formatDate(addDays(shown.endDate, -1)) }) : null].filter(Boolean).join(' ');
  return (
    <Stack spacing={2}>
      <Box component="form" role="search" aria-label={translate(`${M}.period`)} onSubmit={submit} noValidate
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: admin ? 'repeat(2, 1fr)' : '1fr 1fr auto', md: admin ? '2fr 1fr 1fr auto' : '1fr 1fr auto' }, gap: 1.5, alignItems: 'center' }}>
        {admin && (
          <TextField select size="small" label={translate(`${M}.customer`)} value={draft.customerId} onChange={(e) => setDraft({ ...draft, customerId: e.target.value })}>
            <MenuItem value="">{translate(`${M}.allCustomers`)}</MenuItem>
            {(data?.customers ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
          </TextField>
        )}
        <TextField size="small" type="date" label={translate(`${M}.startDate`)} value={draft.startDate} onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-start' } }} />
        <TextField size="small" type="date" label={translate(`${M}.endDate`)} value={draft.endDate} onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-end' } }} />
        <Button type="submit" variant="contained" disabled={isFetching}>{translate(`${M}.show`)}</Button>
      </Box>
      {children?.(applied)}
      {error ? (
        <Alert severity="error" role="alert">{describeError(error, { fallback: `${M}.loadFailed` }, i18n.i18nProvider)}</Alert>
      ) : data ? (
        <>
          <Typography color="text.secondary" role="status">{translate(`${M}.shownPeriod`, { period: periodText })}</Typography>
          <Figures report={data} />
        </>
      ) : null}
    </Stack>
  );
}
