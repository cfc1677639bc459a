import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type SxProps, type Theme } from '@mui/material';

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
  /** Attributes of the <input> itself (min, max, step, inputMode, aria-describedby, ...). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

/**
 * An outlined text field for the light shop pages: what MUI's <TextField> draws for a text input
 * (label, outline, helper text, error state), from the parts it is made of. <TextField> itself also
 * imports Select, and with it Menu, Popover and Modal, for its `select` mode: about 10 KB gzip the
 * marketplace would load before it is usable (issue 4's budget, scripts/bundle-budget.ts).
 */
export function TextInput({ label, value, onChange, type = 'text', size = 'medium', fullWidth, error, helperText, sx, inputProps }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  const describedBy = [inputProps?.['aria-describedby'], helperId].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl variant="outlined" size={size} fullWidth={fullWidth} error={error} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        inputProps={{ ...inputProps, 'aria-describedby': describedBy }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
