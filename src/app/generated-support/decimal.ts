import { intlLocale } from '../i18n/format';

/** core §5: a decimal input accepts digits with an optional comma or dot fraction; the comma becomes a dot. */
export const DECIMAL_INPUT = /^-?\d*([.,]\d*)?$/;

/**
 * Text typed into a money input → the value kept in the form. Empty is null; a comma becomes a dot;
 * anything else is kept as typed so the form's schema can report it (validation.messages.numerical).
 */
export function parseDecimal(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return DECIMAL_INPUT.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/** The form value shown in the input (money travels as decimal strings, DESIGN §6). */
export function formatDecimal(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * An amount as currency text in the interface language's locale unless another is given (nl-BE
 * '€ 1.234,50', fr-BE '1 234,50 €'); POINTS are shown as a plain number with 'pt'.
 */
export function formatMoney(value: unknown, currency = 'EUR', locale = intlLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  if (currency === 'POINTS') return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} pt`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
