import { z } from 'zod';
import { baseString } from '../../shared/field-kinds';
import { SYSTEM_KEYS } from '../crud/validate';
import type { ErrorDetail } from '../errors';
import { LANGUAGES, type Lang } from './categories';

/**
 * An own article's dto as the shop contract writes it (core §3: shortDescriptions and
 * longDescriptions as [{languageCode, description}]) turned into the model's fields (the translated
 * shortDescription and longDescription), so what POST /supplier-articles/id answers can be sent back.
 */
const LISTS = { shortDescriptions: 'shortDescription', longDescriptions: 'longDescription' } as const;

/** Keys of the DTO a read answers that are no model field: sending them back is allowed and ignores them. */
export const OWN_ARTICLE_READ_KEYS: readonly string[] = [...SYSTEM_KEYS, 'supplierName', 'categoryHierarchy'];

const languageTexts = z.array(z.object({
  languageCode: z.enum(LANGUAGES, { error: 'choice' }),
  description: z.union([baseString(), z.null()]),
}), { error: 'invalid' }).max(LANGUAGES.length, { error: 'maxLength' });

/** Stored long descriptions mark line ends with backslash + n (DESIGN §6); the DTO turns them back. */
const lineMarkers = (text: string) => text.replace(/\r\n|\n/g, '\\n');

/**
 * The dto with its language lists as translated fields, or the details of what is wrong with them
 * (paths under `prefix`). Giving a list and its translated field at once is refused as ambiguous.
 */
export function fromLanguageLists(dto: Record<string, unknown>, prefix: string): { dto: Record<string, unknown>; details: ErrorDetail[] } {
  const out: Record<string, unknown> = { ...dto };
  const details: ErrorDetail[] = [];
  for (const [list, fieldName] of Object.entries(LISTS)) {
    if (!(list in dto)) continue;
    delete out[list];
    const value = dto[list];
    if (value === null || value === undefined) continue;
    if (fieldName in dto) { details.push({ path: `${prefix}.${list}`, rule: 'invalid' }); continue; }
    const parsed = languageTexts.safeParse(value);
    if (!parsed.success) {
      details.push(...parsed.error.issues.map((i) => ({ path: [prefix, list, ...i.path.map(String)].join('.'), rule: i.message === 'choice' || i.message === 'maxLength' ? i.message : 'invalid' })));
      continue;
    }
    const texts: Partial<Record<Lang, string>> = {};
    for (const [i, { languageCode, description }] of parsed.data.entries()) {
      if (languageCode in texts) details.push({ path: `${prefix}.${list}.${i}.languageCode`, rule: 'invalid' });
      if (description !== null && description !== '') texts[languageCode] = list === 'longDescriptions' ? lineMarkers(description) : description;
    }
    out[fieldName] = texts;
  }
  return { dto: out, details };
}
