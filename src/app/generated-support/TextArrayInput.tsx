import { TextArrayInput as RaTextArrayInput, type TextArrayInputProps } from 'react-admin';

const asArray = (value: unknown) => (Array.isArray(value) ? value : []);

/** A list of strings as chips (type, then Enter); a missing list shows as empty instead of breaking the input. */
export const TextArrayInput = (props: TextArrayInputProps) => <RaTextArrayInput format={asArray} {...props} />;
