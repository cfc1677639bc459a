/** Texts the API gives in several languages, read in the interface language (Dutch, then any, as fallback). */
import type { Translated } from './types';

export function inLanguage(text: Translated | null | undefined, language: string): string {
  if (!text) return '';
  const map = text as Record<string, string | null | undefined>;
  return map[language] || map.nl || Object.values(map).find((v) => !!v) || '';
}

/** The description in the interface language from a [{languageCode, description}] list. */
export function describedIn(list: readonly { languageCode: string; description: string }[] | null | undefined, language: string): string {
  if (!list?.length) return '';
  const pick = (code: string) => list.find((d) => d.languageCode?.toLowerCase() === code)?.description;
  return pick(language) || pick('nl') || list.find((d) => d.description)?.description || '';
}
