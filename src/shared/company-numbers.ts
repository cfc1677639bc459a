/**
 * Company and VAT numbers, checked offline (flows §1 self-registration, §5 Registration; the
 * countries of flows §9). Shared: the registration wizard checks as the user types, the server
 * checks again before anything is stored.
 *
 * - A Belgian company number (KBO/BCE) has ten digits, the first 0 or 1; its last two are the
 *   check digits: 97 minus the first eight modulo 97. The Belgian VAT number is 'BE' and it.
 *   Written as 0412.345.614, BE 0412 345 614, or the old nine digits (412345614).
 * - Other countries: the format of their VAT number (no check digits are verified: the rules differ
 *   per country and some numbers use letters in them).
 */

/** The countries a company registers from (the address's countryCode; 'EN' is the United Kingdom). */
export const REGISTRATION_COUNTRIES = ['BE', 'NL', 'DE', 'FR', 'EN'] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];

/** The prefix of a VAT number of each country (the United Kingdom's is GB). */
export const VAT_PREFIX: Readonly<Record<RegistrationCountry, string>> = { BE: 'BE', NL: 'NL', DE: 'DE', FR: 'FR', EN: 'GB' };

/** What is wrong with a number: nothing, its shape, or its check digits. */
export type NumberCheck = 'ok' | 'format' | 'checkDigits';

/** A number as typed, without spaces, dots, dashes and slashes, in capitals. */
export const compactNumber = (input: string): string => input.replace(/[\s./-]/g, '').toUpperCase();

/** The formats of flows §9's countries, after the prefix. */
const VAT_BODY: Readonly<Record<RegistrationCountry, RegExp>> = {
  BE: /^[01]\d{9}$/,
  NL: /^\d{9}B\d{2}$/,
  DE: /^\d{9}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  EN: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

/** The ten digits of a Belgian company number as typed (with or without BE, dots, the old nine-digit form), or null. */
export function belgianDigits(input: string): string | null {
  let s = compactNumber(input);
  if (s.startsWith('BE')) s = s.slice(2);
  if (/^\d{9}$/.test(s)) s = `0${s}`;
  return /^[01]\d{9}$/.test(s) ? s : null;
}

/** Whether ten digits carry their own check digits (97 − the first eight mod 97). */
export function belgianCheckDigitsOk(digits: string): boolean {
  const base = Number(digits.slice(0, 8));
  return 97 - (base % 97) === Number(digits.slice(8));
}

/** A Belgian company number: its format and its mod-97 check digits. */
export function checkBelgianCompanyNumber(input: string): NumberCheck {
  const digits = belgianDigits(input);
  if (!digits) return 'format';
  return belgianCheckDigitsOk(digits) ? 'ok' : 'checkDigits';
}

/**
 * The VAT number of a company in `country` as it is stored: the country's prefix and the number,
 * compact. A Belgian company number without BE gets it. Null when it is not that country's format.
 */
export function normalizeVatNumber(input: string, country: RegistrationCountry): string | null {
  const prefix = VAT_PREFIX[country];
  if (country === 'BE') {
    const digits = belgianDigits(input);
    return digits ? `BE${digits}` : null;
  }
  let s = compactNumber(input);
  if (s.startsWith(prefix)) s = s.slice(prefix.length);
  return VAT_BODY[country].test(s) ? `${prefix}${s}` : null;
}

/** A VAT (or Belgian company) number of `country`: its format, and for Belgium its check digits. */
export function checkVatNumber(input: string, country: RegistrationCountry): NumberCheck {
  if (country === 'BE') return checkBelgianCompanyNumber(input);
  return normalizeVatNumber(input, country) ? 'ok' : 'format';
}

/** The example the wizard shows for the number of a country. */
export const VAT_EXAMPLES: Readonly<Record<RegistrationCountry, string>> = {
  BE: '0412.345.614', NL: 'NL123456782B01', DE: 'DE123456789', FR: 'FR40303265045', EN: 'GB123456789',
};
