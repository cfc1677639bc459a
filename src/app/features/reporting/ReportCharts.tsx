import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'ra-core';
import { formatCurrency } from '../../i18n/format';
import type { Report } from './report-api';

/**
 * The report's charts (@mui/x-charts, STACK.md), in a chunk of their own: ReportView loads this
 * module lazily, so neither the shop pages nor the report's figures wait for the chart library.
 * Each chart repeats figures the tables beside it give in text (the charts are for the eye).
 */
export default function ReportCharts({ report }: { report: Report }) {
  const translate = useTranslate();
  const months = report.orders.byMonth;
  const suppliers = report.suppliers.filter((s) => Number(s.spendExcl) > 0).slice(0, 8);
  const money = (v: number | null) => (v == null ? '' : formatCurrency(v));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {months.length > 0 && (
        <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-label={translate('reporting.perMonth')}>
          <Typography component="figcaption" variant="subtitle2">{translate('reporting.perMonth')}</Typography>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: months.map((m) => m.month) }]}
            series={[{ data: months.map((m) => Number(m.totalExcl)), label: translate('reporting.totalExcl'), valueFormatter: money }]}
            hideLegend
          />
        </Box>
      )}
      {suppliers.length > 0 && (
        <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-label={translate('reporting.suppliers')}>
          <Typography component="figcaption" variant="subtitle2">{translate('reporting.suppliers')}</Typography>
          <BarChart
            height={240}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: suppliers.map((s) => s.name ?? '–'), width: 110 }]}
            series={[{ data: suppliers.map((s) => Number(s.spendExcl)), label: translate('reporting.spendExcl'), valueFormatter: money }]}
            hideLegend
          />
        </Box>
      )}
    </Box>
  );
}
