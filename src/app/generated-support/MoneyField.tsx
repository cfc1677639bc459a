import Typography from '@mui/material/Typography';
import { useFieldValue, type FieldProps } from 'react-admin';
import { formatMoney } from './decimal';

export interface MoneyFieldProps extends FieldProps {
  readonly currency?: string;
}

/** A money amount in nl-BE currency format (dates and amounts follow nl-BE, DESIGN §5). */
export const MoneyField = ({ currency = 'EUR', ...props }: MoneyFieldProps) => {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2">
      {formatMoney(value, currency)}
    </Typography>
  );
};
