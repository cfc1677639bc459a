import { TextInput, type TextInputProps } from 'react-admin';
import { formatDecimal, parseDecimal } from './decimal';

/** A money amount as decimal text ('12,50' is kept as '12.50'); never a float (DESIGN §6). */
export const MoneyInput = (props: TextInputProps) => (
  <TextInput
    parse={parseDecimal}
    format={formatDecimal}
    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    {...props}
  />
);
