import { LANGUAGES, type Language } from './language';

/** The languages to offer: the tenant's supported ones (in nl/en/fr order), else all three. */
export function offeredLanguages(supported: readonly string[]): Language[] {
  const offered = LANGUAGES.filter((l) => supported.includes(l));
  return offered.length ? offered : [...LANGUAGES];
}
