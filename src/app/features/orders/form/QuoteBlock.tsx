import { useMemo, useState } from 'react';
import { Autocomplete, Box, FormControlLabel, MenuItem, Paper, Radio, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import type { SupplierRecord } from '../../../../../generated/types/suppliers.gen';
import { FileField } from './fields';
import type { UploadedFile } from './upload';

/**
 * One supplier quote of the order form: the supplier (a known supplier of the book, picked while
 * typing, or just a name), the e-mail the quote came from, its price excluding VAT, the VAT rate,
 * the quote's file and the radio that chooses it. A change of a filled-in e-mail address goes
 * through `onEmailChange`, which asks the user first (flows §5).
 */

const F = 'shop.orderForm';

/** The Belgian VAT rates a quote is offered at. */
export const VAT_RATES = [21, 12, 6, 0] as const;

export interface QuoteDraft {
  supplierName: string;
  /** A supplier of the book when one was picked; a typed name is a supplier the book does not know. */
  supplierId: string | null;
  /** The e-mail address as confirmed; `emailDraft` is what the input holds until it is left. */
  supplierEmail: string;
  emailDraft: string;
  price: string;
  vatRate: number;
  file: UploadedFile | null;
}

export const emptyQuote = (): QuoteDraft => ({ supplierName: '', supplierId: null, supplierEmail: '', emailDraft: '', price: '', vatRate: 21, file: null });

/** A known supplier as the picker offers it: its name (a supplier has one to be offered) and e-mail. */
type Supplier = Pick<SupplierRecord, 'id' | 'email'> & { name: string };

/** The list keeps the server's order (react-admin would otherwise ask for id DESC). */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;
const NO_SUPPLIERS: Supplier[] = [];

/** Known suppliers whose name, VAT number or e-mail matches what is typed (GET /v2/suppliers?search), the first ten. */
function useSupplierSearch(search: string): Supplier[] {
  const text = search.trim();
  const { data } = useGetList<SupplierRecord>('suppliers', { pagination: { page: 1, perPage: 10 }, sort: SERVER_ORDER, filter: { search: text } },
    { enabled: text.length >= 2, staleTime: 60_000, retry: false });
  const found = useMemo(() => (data ?? NO_SUPPLIERS).map((s) => ({ ...s, name: s.name ?? '' })), [data]);
  return text.length >= 2 ? found : NO_SUPPLIERS;
}

export function QuoteBlock({ index, quote, chosen, errors, onChange, onEmailChange }: {
  index: number;
  quote: QuoteDraft;
  chosen: boolean;
  /** Messages per field of this quote ('supplierName', 'supplierEmail', 'priceExcl', 'vatRate', 'attachment', 'supplierId'). */
  errors: Record<string, string | undefined>;
  onChange: (patch: Partial<QuoteDraft>) => void;
  /** Asks to replace the confirmed e-mail address with `to` (confirmed at once when there was none). */
  onEmailChange: (to: string) => void;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const suppliers = useSupplierSearch(search);
  const number = index + 1;
  const headingId = `order-form-quote-${number}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2, alignContent: 'start', borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3">{translate(`${F}.quote`, { number })}</Typography>
        <FormControlLabel value={String(index)} control={<Radio />} label={translate(`${F}.choose`)} sx={{ mr: 0 }} />
      </Box>
      <Autocomplete<Supplier, false, false, true>
        freeSolo
        options={suppliers}
        filterOptions={(x) => x}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
        isOptionEqualToValue={(o, v) => typeof v !== 'string' && o.id === v.id}
        inputValue={quote.supplierName}
        onInputChange={(_, text, reason) => {
          if (reason === 'reset') return;
          setSearch(text);
          // A name typed over a picked supplier is another supplier: the book's one no longer applies.
          onChange({ supplierName: text, supplierId: null });
        }}
        onChange={(_, picked) => {
          if (!picked || typeof picked === 'string') return;
          onChange({ supplierName: picked.name, supplierId: picked.id });
          if (picked.email && picked.email !== quote.supplierEmail) onEmailChange(picked.email);
        }}
        renderOption={(props, o) => (
          <li {...props} key={o.id}>
            <Box>
              <Typography variant="body2">{o.name}</Typography>
              {o.email && <Typography variant="caption" color="text.secondary">{o.email}</Typography>}
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField {...params} size="small" required label={translate(`${F}.supplier`)}
            error={!!(errors.supplierName ?? errors.supplierId)}
            helperText={errors.supplierName ?? errors.supplierId ?? (quote.supplierId ? translate(`${F}.knownSupplier`) : translate(`${F}.supplierHelp`))} />
        )}
      />
      <TextField size="small" type="email" required label={translate(`${F}.supplierEmail`)} value={quote.emailDraft}
        onChange={(e) => onChange({ emailDraft: e.target.value })}
        onBlur={() => { if (quote.emailDraft.trim() !== quote.supplierEmail) onEmailChange(quote.emailDraft.trim()); }}
        error={!!errors.supplierEmail} helperText={errors.supplierEmail} slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 1 }}>
        <TextField size="small" required label={translate(`${F}.price`)} value={quote.price} onChange={(e) => onChange({ price: e.target.value })}
          error={!!errors.priceExcl} helperText={errors.priceExcl} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }} />
        <TextField select size="small" required label={translate(`${F}.vat`)} value={String(quote.vatRate)}
          onChange={(e) => onChange({ vatRate: Number(e.target.value) })} error={!!errors.vatRate} helperText={errors.vatRate}>
          {VAT_RATES.map((rate) => <MenuItem key={rate} value={String(rate)}>{translate(`${F}.vatRate`, { rate })}</MenuItem>)}
        </TextField>
      </Box>
      <FileField label={translate(`${F}.file`)} required value={quote.file} onChange={(file) => onChange({ file })} error={errors.attachment} />
    </Paper>
  );
}
