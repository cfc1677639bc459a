import { useRef } from 'react';
import { format as formatDate, isValid, parse } from 'date-fns';
import { enGB, fr, nlBE } from 'date-fns/locale';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS, frFR, nlNL } from '@mui/x-date-pickers/locales';
import { FieldTitle, useInput, useLocaleState, type InputProps } from 'ra-core';
import { InputHelperText } from 'react-admin';

/** The form's value: a calendar date as the API has it ('yyyy-MM-dd'), or null. */
const WIRE = 'yyyy-MM-dd';
/** What people type and read in the field: the same day/month/year order in nl-BE, en-BE and fr-BE. */
export const DATE_INPUT_FORMAT = 'dd/MM/yyyy';
/** A value the form's schema refuses with its date message: the field holds an incomplete or impossible date. */
const UNREADABLE = 'unreadable';

/**
 * The calendar of each interface language: month and day names (date-fns) and the picker's own texts
 * (placeholder letters, buttons) follow the page's language, not the browser's, as the native
 * date input would.
 */
export const LOCALES = {
  nl: { adapter: nlBE, texts: nlNL.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { adapter: enGB, texts: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
  fr: { adapter: fr, texts: frFR.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

/**
 * The `date` field kind's input: MUI's date picker in the interface language, typed as DD/MM/YYYY
 * or chosen on the calendar, kept in the form as 'yyyy-MM-dd'. A date typed only in part or that
 * does not exist (31/02) reaches the form as a value its schema refuses, so the form's own
 * translated message shows, as for every other field.
 */
export function DateInput(props: InputProps & { label?: string; helperText?: string }) {
  const { field, fieldState, isRequired, id } = useInput({ ...props, format: (v) => v ?? null, parse: (v) => v });
  const [locale] = useLocaleState();
  const { adapter, texts } = LOCALES[locale as keyof typeof LOCALES] ?? LOCALES.nl;
  // The Date last sent for an unreadable value: the picker keeps what was typed while it gets it back.
  const pending = useRef<Date | null>(null);
  const parsed = typeof field.value === 'string' && field.value ? parse(field.value, WIRE, new Date()) : null;
  const value = field.value === UNREADABLE ? pending.current : parsed && isValid(parsed) ? parsed : null;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapter} localeText={texts}>
      <DatePicker
        value={value}
        format={DATE_INPUT_FORMAT}
        readOnly={props.readOnly}
        disabled={props.disabled}
        label={<FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />}
        onChange={(date) => {
          if (!date) { pending.current = null; field.onChange(null); return; }
          if (isValid(date)) { pending.current = null; field.onChange(formatDate(date, WIRE)); return; }
          pending.current = date;
          field.onChange(UNREADABLE);
        }}
        onClose={() => field.onBlur()}
        slotProps={{
          textField: {
            // as react-admin's own inputs, which MUI's picker would otherwise draw outlined
            variant: 'filled', size: 'small', margin: 'dense',
            id, name: field.name, onBlur: field.onBlur, error: !!error, className: 'ra-input',
            helperText: <InputHelperText error={error} helperText={props.helperText} />,
          },
        }}
      />
    </LocalizationProvider>
  );
}
