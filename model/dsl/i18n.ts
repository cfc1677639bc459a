/** Every visible text of the product exists in the three interface languages. Dutch is the default. */
export const LANGUAGES = ['nl', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Translations = Readonly<Record<Language, string>>;

/** A text in Dutch, English and French, in that order (nl is the default and fallback language). */
export function t(nl: string, en: string, fr: string): Translations {
  return { nl, en, fr };
}
