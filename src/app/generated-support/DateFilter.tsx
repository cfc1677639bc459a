import { format as formatDate, isValid, parse } from 'date-fns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { useLocaleState } from 'ra-core';
import { DATE_INPUT_FORMAT, LOCALES } from './DateInput';

const WIRE = 'yyyy-MM-dd';

/**
 * A date in a list's filter bar, outside a form: the same picker as the `date` field kind's input
 * (DateInput.tsx: the interface language's calendar, typed DD/MM/YYYY), holding 'yyyy-MM-dd' or ''.
 * A date typed only in part changes nothing until it is whole; clearing it clears the filter.
 */
export function DateFilter({ label, value, onChange, width = 170 }: { label: string; value: string; onChange: (value: string) => void; width?: number }) {
  const [locale] = useLocaleState();
  const { adapter, texts } = LOCALES[locale as keyof typeof LOCALES] ?? LOCALES.nl;
  const parsed = value ? parse(value, WIRE, new Date()) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapter} localeText={texts}>
      <DatePicker
        label={label}
        value={parsed && isValid(parsed) ? parsed : null}
        format={DATE_INPUT_FORMAT}
        onChange={(date) => {
          if (!date) onChange('');
          else if (isValid(date)) onChange(formatDate(date, WIRE));
        }}
        slotProps={{ textField: { size: 'small', sx: { width } }, field: { clearable: true } }}
      />
    </LocalizationProvider>
  );
}
