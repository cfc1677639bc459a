import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ERRORS, VALIDATION_MESSAGES } from '../../../model/catalogue/errors';

/**
 * The schemas' issue messages are rule names ('required', 'maxLength') and error codes
 * ('InvalidShippingCost'); react-admin translates an input's error message as an i18n key.
 */
export function messageKey(message: string): string {
  if (message in VALIDATION_MESSAGES) return `validation.messages.${message}`;
  if (message in ERRORS) return `ErrorMessage.${message}`;
  return message;
}

function withKeys(errors: FieldErrors): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') out[key] = value;
    else if (typeof (value as { message?: unknown }).message === 'string') out[key] = { ...value, message: messageKey((value as { message: string }).message) };
    else out[key] = withKeys(value as FieldErrors);
  }
  return out as FieldErrors;
}

/**
 * zodResolver of a generated schema (the server's own), with messages as i18n keys. On success the
 * form submits the schema's output: '' as null, '12,5' as '12.5', unknown properties (id, timestamps) dropped.
 */
export function zodFormResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<FieldValues> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    return Object.keys(result.errors).length ? { values: {}, errors: withKeys(result.errors) } : result;
  };
}
