/**
 * Text normalisation of the embedded search engine: lower case, accents folded, split into words.
 * Records and queries go through the same functions, so 'Café' is found by 'cafe' and 'CAFÉ'.
 * Written in JS on purpose: PGlite has no `unaccent`, and one implementation cannot drift.
 */

const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case with accents and ligatures folded ('Crème Brûlée' → 'creme brulee', '²' → '2'). */
export function fold(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[ßæœøłđðþı]/g, (c) => SPECIAL[c]);
}

/** Words of a text: folded runs of letters and digits ("l'eau" → ['l', 'eau'], 'A4-papier' → ['a4', 'papier']). */
export function words(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return [];
  return fold(text).split(/[^a-z0-9]+/).filter(Boolean);
}

/** A span of a text that is one word, with its folded form (for highlighting the original text). */
export interface WordSpan { start: number; end: number; folded: string }

/**
 * The folded form of one character of a text, letters and digits only ('' for the others). ASCII
 * (most of every text) is looked up without building strings: a search highlights every hit's
 * titles character by character, and fold() per character made several strings each (issue 30).
 */
function foldedChar(text: string, i: number): string {
  const c = text.charCodeAt(i);
  if (c < 128) {
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) return text[i]!;
    return c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : '';
  }
  return fold(text[i]!).replace(/[^a-z0-9]/g, '');
}

/** The words of a text with their positions in the original (unfolded) text. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  let start = -1;
  // A word of ASCII letters and digits is folded once, as a slice, when it ends; the others character by character.
  let ascii = true;
  let folded = '';
  const flush = (end: number) => {
    if (start >= 0) {
      const word = ascii ? text.slice(start, end).toLowerCase() : folded;
      if (word) spans.push({ start, end, folded: word });
    }
    start = -1;
    ascii = true;
    folded = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const plain = c < 128 && ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90));
    const f = plain ? '' : c < 128 ? '' : foldedChar(text, i);
    if (plain || f) {
      if (start < 0) start = i;
      if (!plain && ascii) {
        ascii = false;
        folded = text.slice(start, i).toLowerCase();
      }
      if (!ascii) folded += plain ? foldedChar(text, i) : f;
    } else {
      flush(i);
    }
  }
  flush(text.length);
  return spans;
}

/** How many characters of `text` from `start` make up the first `length` folded characters. */
export function originalLength(text: string, start: number, length: number): number {
  let folded = 0;
  let i = start;
  while (i < text.length && folded < length) {
    folded += foldedChar(text, i).length;
    i++;
  }
  return i - start;
}

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where a transposition counts as one typo,
 * as Algolia counts it), giving up once it exceeds `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return prev[n];
}

/** Typos allowed in a query word (Algolia's defaults: one from 4 letters, two from 8; none in numbers). */
export function allowedTypos(word: string): number {
  if (/^[0-9]+$/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}
