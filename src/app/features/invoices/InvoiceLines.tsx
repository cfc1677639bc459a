import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatCurrency } from '../../i18n/format';
import { useInvoice } from './invoice-api';

const M = 'invoices';
/** An amount of an invoice in the interface language (EUR), or a dash. */
export const money = (v: string | null | undefined) => (v == null ? '–' : formatCurrency(Number(v)));

/** The lines of one invoice (GET /invoices/by-id), as a compact table that scrolls sideways on a phone. */
export function InvoiceLines({ id }: { id: string }) {
  const translate = useTranslate();
  const { data, error } = useInvoice(id);
  if (error) return <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>;
  if (!data) return null;
  if (!data.lines.length) return <Typography variant="body2" color="text.secondary">{translate(`${M}.noLines`)}</Typography>;
  const cell = { px: 1, py: 0.5, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  return (
    <Box sx={{ overflowX: 'auto' }} role="region" aria-label={translate(`${M}.lines`)} tabIndex={0}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' }}>
        <thead>
          <tr>
            <Box component="th" sx={{ ...cell, textAlign: 'left' }}>#</Box>
            <Box component="th" sx={{ ...cell, textAlign: 'left' }}>{translate('resources.invoice-lines.fields.description')}</Box>
            <Box component="th" sx={cell}>{translate(`${M}.quantity`)}</Box>
            <Box component="th" sx={cell}>{translate(`${M}.unitPrice`)}</Box>
            <Box component="th" sx={cell}>{translate(`${M}.vat`)}</Box>
            <Box component="th" sx={cell}>{translate(`${M}.lineTotal`)}</Box>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => (
            <tr key={l.id}>
              <Box component="td" sx={{ ...cell, textAlign: 'left' }}>{l.lineNumber}</Box>
              <Box component="td" sx={{ ...cell, textAlign: 'left', whiteSpace: 'normal' }}>
                {l.description}{l.articleNumberSupplier ? <Typography variant="caption" color="text.secondary" component="div">{l.articleNumberSupplier}</Typography> : null}
              </Box>
              <Box component="td" sx={cell}>{l.quantity ?? '–'}</Box>
              <Box component="td" sx={cell}>{money(l.unitPriceExcl)}</Box>
              <Box component="td" sx={cell}>{l.vatPercent == null ? '–' : `${l.vatPercent} %`}</Box>
              <Box component="td" sx={cell}>{money(l.lineTotalExcl)}</Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

