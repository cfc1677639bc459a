import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '../../../model/dsl/i18n';

/** Dutch: the product's default and the fallback of every text. */
export const DEFAULT_LANGUAGE: Language = 'nl';

/** What may decide a text's language, strongest first; every part is optional. */
export interface LanguageChoice {
  /** A choice made on the page itself (?lang, the form's hidden field). */
  explicit?: string | null;
  /** The user's saved language (users.language_code: 'EN', or 'Undefined' for none). */
  saved?: string | null;
  /** The OpenID client's ui_locales: language tags separated by spaces, in preference order. */
  uiLocales?: string | null;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | string[] | null;
  /** The tenant's default language. */
  tenantDefault?: string | null;
  /** The tenant's languages; none named means all three. */
  tenantSupported?: readonly string[] | null;
}

/** The product language a tag names ('nl', 'FR', 'nl-BE' → nl, fr, nl), else undefined. */
export function asLanguage(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : undefined;
}

/** Accept-Language's tags by preference (quality values, then order; q=0 left out), parsed by negotiator. */
function acceptedTags(header: string | string[] | null | undefined): string[] {
  // Without a header negotiator answers '*' (anything), which names no language of ours.
  return new Negotiator({ headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header ?? undefined } }).languages();
}

/**
 * The one language negotiation of the server: the page's explicit choice, then the user's saved
 * language, then the client's ui_locales, then Accept-Language, then the tenant's default, then
 * Dutch. Region tags count as their language (nl-BE is nl); only languages the tenant supports count.
 */
export function negotiateLanguage(choice: LanguageChoice): Language {
  const supported = (choice.tenantSupported?.length ? choice.tenantSupported : LANGUAGES).map((l) => l.toLowerCase());
  const ok = (tag: string | null | undefined) => {
    const language = asLanguage(tag);
    return language && supported.includes(language) ? language : undefined;
  };
  const first = (tags: readonly string[]) => tags.map(ok).find(Boolean);
  return ok(choice.explicit) ?? ok(choice.saved) ?? first((choice.uiLocales ?? '').split(' '))
    ?? first(acceptedTags(choice.acceptLanguage)) ?? ok(choice.tenantDefault) ?? DEFAULT_LANGUAGE;
}

/** The language a call's answer is written in: its Accept-Language (the app sends the interface language), else Dutch. */
export const requestLanguage = (request: { headers: { 'accept-language'?: string | string[] | undefined } }): Language =>
  negotiateLanguage({ acceptLanguage: request.headers['accept-language'] });
