/**
 * Money and every other exact decimal, for server, app and e-invoices alike (DESIGN §6): never a
 * binary float. Money travels as decimal strings ('7.50') and is reckoned in whole cents as bigint
 * (toCents, fromCents); e-invoice amounts, unit prices, quantities and rates may have any number of
 * decimals, so they are scaled bigints of any scale (Dec), which agree with the cents for two
 * decimals. Rounding is halves away from zero (round). No library: the arithmetic the shop needs
 * (add, subtract, multiply, compare, round) is a few lines on bigint, and it costs the app's
 * bundle nothing.
 */

/** Money as the API writes it: digits, then a dot (or a comma) and one or two decimals. */
const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A money amount in whole cents: '4.95' → 495n, '-1.5' → -150n, '4,95' → 495n, 12 → 1200n; null
 * for empty input or a value that is no amount (letters, more than two decimals).
 */
export function readCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim().replace(',', '.');
  const match = MONEY.exec(text);
  if (!match) return null;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -cents : cents;
}

/** A money amount that must be one (stored or validated values) in whole cents; throws otherwise. */
export function toCents(value: string | number): bigint {
  const cents = readCents(value);
  if (cents === null) throw new Error(`Not a money amount: ${value}`);
  return cents;
}

/**
 * a × b / c rounded to the nearest whole, halves up (the shop's rounding of a line's total, its VAT
 * and shipping VAT, once each): 495n × 3n / 2n → 743n. For money that is not negative, c > 0.
 */
export function mulDivHalfUp(a: bigint, b: bigint, c: bigint): bigint {
  return (2n * a * b + c) / (2n * c);
}

/** Cents as the API's decimal string: 750n → '7.50'. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** `units` × 10^-`scale`: 15.50 is { units: 1550n, scale: 2 }. */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** The exact value of an xs:decimal lexical form ('015.50', '+3', '.5'), or null when it is none. */
export function parseDec(text: string): Dec | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** `text` as written, without sign noise or leading zeros: '015.50' → '15.50', '-0.0' → '0.0'. Null when not a decimal. */
export function normaliseDecimal(text: string): string | null {
  const dec = parseDec(text);
  return dec && formatDec(dec);
}

/** The decimal string of `d`, keeping its scale: { 1550n, 2 } → '15.50'. */
export function formatDec(d: Dec): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A decimal string that must be valid (the parser only stores valid ones). */
export function dec(text: string): Dec {
  const value = parseDec(text);
  if (!value) throw new Error(`Not a decimal: ${text}`);
  return value;
}

export const ZERO: Dec = { units: 0n, scale: 0 };

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

export function add(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function sub(a: Dec, b: Dec): Dec {
  return add(a, { units: -b.units, scale: b.scale });
}

export function mul(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function sum(values: Iterable<Dec>): Dec {
  let total = ZERO;
  for (const value of values) total = add(total, value);
  return total;
}

/** -1, 0 or 1 as a is below, equal to or above b (scales may differ: 1.5 equals 1.50). */
export function compare(a: Dec, b: Dec): number {
  const scale = Math.max(a.scale, b.scale);
  const diff = rescale(a, scale) - rescale(b, scale);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export function equal(a: Dec, b: Dec): boolean {
  return compare(a, b) === 0;
}

export function abs(d: Dec): Dec {
  return d.units < 0n ? { units: -d.units, scale: d.scale } : d;
}

/** `d` rounded to `scale` decimals, halves away from zero (0.125 → 0.13, -0.125 → -0.13). */
export function round(d: Dec, scale: number): Dec {
  if (d.scale <= scale) return { units: rescale(d, scale), scale };
  const divisor = 10n ** BigInt(d.scale - scale);
  const magnitude = d.units < 0n ? -d.units : d.units;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return { units: d.units < 0n ? -rounded : rounded, scale };
}

/** The number of decimals as written: '15.50' → 2, '3' → 0. */
export function decimalsOf(text: string): number {
  return parseDec(text)?.scale ?? 0;
}
