import { DateField as RaDateField, NumberField as RaNumberField, useLocaleState, type DateFieldProps, type NumberFieldProps } from 'react-admin';
import { DATE_OPTIONS, DATE_TIME_OPTIONS, intlLocale } from '../i18n/format';

/**
 * react-admin's DateField in the app's one date format (i18n/format.ts), written as the interface
 * language writes it: the generated screens import this one under react-admin's name, so a date
 * in a list or a detail page reads like the dashboard's and the orders' dates, and follows a
 * language switch (react-admin re-renders its tree with the new locale).
 */
export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={intlLocale(locale)} options={props.showTime ? DATE_TIME_OPTIONS : DATE_OPTIONS} {...props} />;
}

/** react-admin's NumberField in the interface language's number format ('1.234,5', '1 234,5'). */
export function NumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <RaNumberField locales={intlLocale(locale)} {...props} />;
}
// Lists align numbers right, as for react-admin's own field.
NumberField.textAlign = 'right' as const;
