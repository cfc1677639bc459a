/**
 * Prices as the shop shows them (core §9: currency EUR or POINTS), written as the interface language
 * writes them (i18n/format.ts: nl-BE '€ 4,95', en-BE '€4.95', fr-BE '4,95 €'), and for a POINTS
 * tenant the same amount in points ('495 pts', unit per language). Money arrives as decimal strings
 * ('4.95'); it is read into whole cents (shared/money.ts) so no float rounding creeps into the text.
 */
import { readCents } from '../../shared/money';
import { formatCurrency, formatNumber } from '../i18n/format';
import type { Currency } from './types';

/** The unit after a points amount, in each interface language. */
export const POINTS_UNIT: Record<string, string> = { nl: 'ptn', en: 'pts', fr: 'pts' };

/**
 * '€ 4,95' for EUR in Dutch (the language's currency format, no-break spaces); '495 pts' for POINTS
 * (1 point per cent). A minus sign comes first in every language. Empty for a missing amount; a
 * value that is no decimal is shown as it came.
 */
export function formatPrice(value: string | number | null | undefined, currency: Currency = 'EUR', language = 'nl'): string {
  const cents = readCents(value);
  if (cents === null) return value === null || value === undefined ? '' : String(value);
  if (currency === 'POINTS') return `${formatNumber(Number(cents), { maximumFractionDigits: 0 }, language)}\u00a0${POINTS_UNIT[language] ?? POINTS_UNIT.nl}`;
  const sign = cents < 0n ? '-' : '';
  return `${sign}${formatCurrency(Number(cents < 0n ? -cents : cents) / 100, 'EUR', language)}`;
}
