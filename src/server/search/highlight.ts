/**
 * What a search answer shows of its hits: the matched words wrapped in the highlight tags
 * (_highlightResult, facet-value hits) and the attributes a request asks to retrieve.
 */
import { originalLength, wordSpans } from './fold';
import type { WordMatch } from './vocabulary';

export interface HighlightValue { value: string; matchLevel: 'none' | 'partial' | 'full'; matchedWords: string[]; fullyHighlighted?: boolean }

/** Wraps the words of `text` that match in the highlight tags. */
export function highlight(text: string, matches: WordMatch[], pre: string, post: string): HighlightValue {
  const spans = wordSpans(text);
  const matched = new Set<string>();
  let out = '';
  let last = 0;
  let highlightedAll = spans.length > 0;
  for (const span of spans) {
    let length = 0;
    for (const m of matches) {
      if (m.exact.includes(span.folded) || m.typo.includes(span.folded)) { length = span.end - span.start; matched.add(m.query); break; }
      if ((m.prefix.length || m.exact.length) && m === matches[matches.length - 1] && span.folded.startsWith(m.query)) {
        length = originalLength(text, span.start, m.query.length);
        matched.add(m.query);
        break;
      }
    }
    if (length < span.end - span.start) highlightedAll = false;
    if (!length) continue;
    out += text.slice(last, span.start) + pre + text.slice(span.start, span.start + length) + post;
    last = span.start + length;
  }
  out += text.slice(last);
  const matchedWords = matches.filter((m) => matched.has(m.query)).map((m) => m.query);
  const matchLevel = !matchedWords.length ? 'none' : matchedWords.length === matches.length ? 'full' : 'partial';
  return { value: out, matchLevel, matchedWords, ...(matchLevel !== 'none' ? { fullyHighlighted: highlightedAll } : {}) };
}

export const escapeNothing = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export function pickAttributes(record: Record<string, unknown>, attributes: unknown): Record<string, unknown> {
  if (!Array.isArray(attributes) || attributes.includes('*')) return record;
  const out: Record<string, unknown> = { objectID: record.objectID };
  for (const a of attributes) if (typeof a === 'string' && a in record) out[a] = record[a];
  return out;
}

/** Highlights the typed beginning of every word that starts with a query word. */
export function highlightPrefixes(text: string, matches: WordMatch[], pre: string, post: string): string {
  let out = '';
  let last = 0;
  for (const span of wordSpans(text)) {
    const m = matches.find((x) => span.folded.startsWith(x.query));
    if (!m) continue;
    const length = originalLength(text, span.start, m.query.length);
    out += text.slice(last, span.start) + pre + text.slice(span.start, span.start + length) + post;
    last = span.start + length;
  }
  return out + text.slice(last);
}
