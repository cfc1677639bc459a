import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from 'react-admin';
import { formatDecimal, parseDecimal } from './decimal';

/**
 * A money amount in euros, kept as decimal text ('12,50' is kept as '12.50'); never a float
 * (DESIGN §6). A text input with the decimal keyboard rather than type="number": Belgian users type
 * a decimal comma (core §5), which number inputs refuse or drop depending on the browser; the
 * form's schema says what is wrong with anything else, in the interface language.
 */
export const MoneyInput = (props: TextInputProps) => (
  <TextInput
    parse={parseDecimal}
    format={formatDecimal}
    slotProps={{
      input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
      htmlInput: { inputMode: 'decimal' },
    }}
    {...props}
  />
);
