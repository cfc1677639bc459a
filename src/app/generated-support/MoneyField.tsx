import Typography from '@mui/material/Typography';
import { useFieldValue, useLocaleState, type FieldProps } from 'react-admin';
import { intlLocale } from '../i18n/format';
import { formatMoney } from './decimal';

export interface MoneyFieldProps extends FieldProps {
  readonly currency?: string;
}

/** A money amount in the interface language's currency format (nl-BE '€ 1.234,50', fr-BE '1 234,50 €'). */
export const MoneyField = ({ currency = 'EUR', ...props }: MoneyFieldProps) => {
  const value = useFieldValue(props);
  const [locale] = useLocaleState();
  return (
    <Typography component="span" variant="body2">
      {formatMoney(value, currency, intlLocale(locale))}
    </Typography>
  );
};
