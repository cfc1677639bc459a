import { describe, expect, test } from 'vitest';
import { asLanguage, negotiateLanguage } from '../../src/server/i18n';

/** The server's one language negotiation: page choice, saved language, ui_locales, Accept-Language, tenant default, Dutch. */

const accept = (acceptLanguage: string) => negotiateLanguage({ acceptLanguage });

describe('negotiateLanguage', () => {
  test('Accept-Language: the highest quality value wins, then the order; q=0 is refused', () => {
    expect(accept('fr-BE,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(accept('de-DE,en;q=0.5,nl;q=0.7')).toBe('nl');
    expect(accept('en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(accept('en, fr')).toBe('en');
    expect(accept('fr;q=0, en;q=0.1')).toBe('en');
    // A malformed quality value leaves the tag out, as the header's grammar says.
    expect(accept('fr;q=abc, en')).toBe('en');
  });

  test('region tags count as their language, in any case and spacing', () => {
    expect(accept('nl-BE')).toBe('nl');
    expect(accept('fr-be,en;q=0.5')).toBe('fr');
    expect(accept(' EN-gb ; q=0.9 , de')).toBe('en');
    // Belgian French before plain English, both without a quality value: the order decides.
    expect(accept('fr-BE, en')).toBe('fr');
  });

  test('unknown languages, a wildcard, an empty or missing header: the default (Dutch), else the tenant default', () => {
    expect(accept('ja')).toBe('nl');
    expect(accept('de-DE, es;q=0.8')).toBe('nl');
    expect(accept('*')).toBe('nl');
    expect(accept('')).toBe('nl');
    expect(negotiateLanguage({})).toBe('nl');
    expect(negotiateLanguage({ acceptLanguage: 'de', tenantDefault: 'EN' })).toBe('en');
    expect(negotiateLanguage({ acceptLanguage: ['de', 'fr;q=0.5'] })).toBe('fr');
  });

  test("the page's choice, then the user's saved language, then ui_locales come before the header", () => {
    expect(negotiateLanguage({ explicit: 'en', saved: 'FR', uiLocales: 'nl', acceptLanguage: 'nl' })).toBe('en');
    expect(negotiateLanguage({ explicit: 'xx', saved: 'FR', uiLocales: 'nl', acceptLanguage: 'nl' })).toBe('fr');
    expect(negotiateLanguage({ saved: 'Undefined', uiLocales: 'de fr-BE en', acceptLanguage: 'nl' })).toBe('fr');
    expect(negotiateLanguage({ saved: 'Undefined', acceptLanguage: 'en' })).toBe('en');
  });

  test("a mail: the recipient's language, else the tenant's default, else Dutch", () => {
    expect(negotiateLanguage({ saved: 'FR', tenantDefault: 'NL' })).toBe('fr');
    expect(negotiateLanguage({ saved: 'Undefined', tenantDefault: 'EN' })).toBe('en');
    expect(negotiateLanguage({ saved: null, tenantDefault: null })).toBe('nl');
    expect(negotiateLanguage({ saved: 'DE', tenantDefault: 'XX' })).toBe('nl');
  });

  test("only the tenant's languages count when it names them", () => {
    expect(negotiateLanguage({ acceptLanguage: 'fr, en;q=0.5', tenantSupported: ['NL', 'EN'] })).toBe('en');
    expect(negotiateLanguage({ explicit: 'fr', tenantSupported: ['nl'] })).toBe('nl');
    expect(negotiateLanguage({ acceptLanguage: 'fr', tenantSupported: [] })).toBe('fr');
  });

  test('asLanguage reads a code or a tag', () => {
    expect([asLanguage('EN'), asLanguage('nl-BE'), asLanguage('de'), asLanguage(undefined)]).toEqual(['en', 'nl', undefined, undefined]);
  });
});
