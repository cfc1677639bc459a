/** The embedded engine's pieces without a database: text folding, typo distance, filter languages, highlighting. */
import { describe, expect, test } from 'vitest';
import { highlight } from '../../src/server/search/highlight';
import { FilterSyntaxError, parseFacetFilters, parseFilterString, parseNumericFilters } from '../../src/server/search/filters';
import { allowedTypos, fold, originalLength, typoDistance, wordSpans, words } from '../../src/server/search/fold';
import { visibilityFilter } from '../../src/server/search/rules-filter';
import { NO_RULES } from '../../src/server/catalogue/visibility';
import { featureEntries, featuresOf } from '../../src/server/search/records';

describe('folding and words', () => {
  test('lower case, accents and ligatures folded; words split on anything else', () => {
    expect(fold('Café Crème BRÛLÉE Œuvre Straße')).toBe('cafe creme brulee oeuvre strasse');
    expect(words("l'eau A4-papier 80 g/m² Privé")).toEqual(['l', 'eau', 'a4', 'papier', '80', 'g', 'm2', 'prive']);
    expect(words(null)).toEqual([]);
  });

  test('typos: a transposition counts once; one typo from 4 letters, two from 8, none in numbers', () => {
    expect(typoDistance('paiper', 'papier', 2)).toBe(1);
    expect(typoDistance('kofie', 'koffie', 2)).toBe(1);
    expect(typoDistance('handshoenen', 'handschoenen', 2)).toBe(1);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
    expect([allowedTypos('pen'), allowedTypos('papier'), allowedTypos('handschoen'), allowedTypos('12345678')]).toEqual([0, 1, 2, 0]);
  });
});

/** The spans as wordSpans made them before its ASCII shortcut: every character through fold(). */
function spansOneByOne(text: string) {
  const spans: { start: number; end: number; folded: string }[] = [];
  let start = -1;
  let folded = '';
  const flush = (end: number) => {
    if (start >= 0 && folded) spans.push({ start, end, folded });
    start = -1;
    folded = '';
  };
  for (let i = 0; i < text.length; i++) {
    const f = fold(text[i]!).replace(/[^a-z0-9]/g, '');
    if (f) {
      if (start < 0) start = i;
      folded += f;
    } else {
      flush(i);
    }
  }
  flush(text.length);
  return spans;
}

describe('word spans (what highlighting marks)', () => {
  test('positions in the original text and folded words, ASCII or not, as folding each character gives them', () => {
    expect(wordSpans('Crème A4-papier')).toEqual([{ start: 0, end: 5, folded: 'creme' }, { start: 6, end: 8, folded: 'a4' }, { start: 9, end: 15, folded: 'papier' }]);
    // Mixed words, ligatures that fold to two letters, digits from superscripts, a lone combining accent, surrogate pairs.
    const alphabet = ['a', 'Z', '0', '9', ' ', '-', "'", '_', 'é', 'É', 'ß', 'Æ', 'ﬁ', '²', '\u0301', 'İ', 'ø', '😀', '中', '\u00a0'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const expected = spansOneByOne(text);
      expect(wordSpans(text), JSON.stringify(text)).toEqual(expected);
      for (const s of expected) {
        for (let length = 1; length <= s.folded.length; length++) {
          let folded = 0;
          let i = s.start;
          while (i < text.length && folded < length) folded += fold(text[i++]!).replace(/[^a-z0-9]/g, '').length;
          expect(originalLength(text, s.start, length)).toBe(i - s.start);
        }
      }
    }
  });
});

describe('filter languages', () => {
  test('filters: AND binds tighter than OR; NOT, quotes, parentheses, comparisons and ranges', () => {
    expect(parseFilterString('brand:Bic OR brand:"Post-it" AND NOT price > 5')).toEqual({
      kind: 'or', items: [
        { kind: 'facet', attr: 'brand', value: 'Bic' },
        { kind: 'and', items: [{ kind: 'facet', attr: 'brand', value: 'Post-it' }, { kind: 'not', item: { kind: 'numeric', attr: 'price', op: '>', value: 5 } }] },
      ],
    });
    expect(parseFilterString('(a:1 OR a:2) AND price:10 TO 20')).toEqual({
      kind: 'and', items: [
        { kind: 'or', items: [{ kind: 'facet', attr: 'a', value: '1' }, { kind: 'facet', attr: 'a', value: '2' }] },
        { kind: 'range', attr: 'price', lo: 10, hi: 20 },
      ],
    });
    expect(parseFilterString('categories.nl.lvl1:"Kantoor > Papier \\"A4\\""')).toEqual({ kind: 'facet', attr: 'categories.nl.lvl1', value: 'Kantoor > Papier "A4"' });
    expect(parseFilterString('  ')).toBeNull();
    for (const bad of ['price >', 'brand:', '(a:1', 'a:1 OR', 'a:"x', ')']) expect(() => parseFilterString(bad)).toThrow(FilterSyntaxError);
  });

  test('facetFilters: inner arrays are OR, outer AND; "-" negates; a JSON string is read too', () => {
    expect(parseFacetFilters([['brand:A', 'brand:B'], 'supplierName:-Lyreco', 'family:\\-x'])).toEqual({
      kind: 'and', items: [
        { kind: 'or', items: [{ kind: 'facet', attr: 'brand', value: 'A' }, { kind: 'facet', attr: 'brand', value: 'B' }] },
        { kind: 'not', item: { kind: 'facet', attr: 'supplierName', value: 'Lyreco' } },
        { kind: 'facet', attr: 'family', value: '-x' },
      ],
    });
    expect(parseFacetFilters('["brand:A"]')).toEqual({ kind: 'facet', attr: 'brand', value: 'A' });
    expect(() => parseFacetFilters([{ a: 1 }])).toThrow(FilterSyntaxError);
    expect(() => parseFacetFilters(['no-colon'])).toThrow(FilterSyntaxError);
  });

  test('numericFilters: comparisons and ranges, nested like facetFilters', () => {
    expect(parseNumericFilters(['price>=10', ['stock=0', 'stock:5 TO 9']])).toEqual({
      kind: 'and', items: [
        { kind: 'numeric', attr: 'price', op: '>=', value: 10 },
        { kind: 'or', items: [{ kind: 'numeric', attr: 'stock', op: '=', value: 0 }, { kind: 'range', attr: 'stock', lo: 5, hi: 9 }] },
      ],
    });
    expect(() => parseNumericFilters(['price>=ten'])).toThrow(FilterSyntaxError);
  });

  test('a user\'s visibility becomes a filter Algolia accepts: AND of OR-groups and NOT terms', () => {
    const rules = { ...NO_RULES, includeSuppliers: ['s1', 's2'], excludeMarketPlaces: ['m1'], excludeCategories: ['c1'], includeFamilies: ['pens "blue"'] };
    const filter = visibilityFilter('t1', 'c9', rules);
    expect(filter).toBe('tenantId:"t1" AND (ownerCustomerId:platform OR ownerCustomerId:"c9") AND NOT marketplaceId:"m1" AND (supplierId:"s1" OR supplierId:"s2") AND NOT categoryIds:"c1" AND (family:"pens \\"blue\\"")');
    expect(parseFilterString(filter)).toMatchObject({ kind: 'and' });
    expect(visibilityFilter('t1', null, NO_RULES)).toBe('tenantId:"t1" AND ownerCustomerId:platform');
  });
});

describe('highlighting', () => {
  const matches = [{ query: 'cafe', exact: ['cafe'], prefix: [], typo: [] }, { query: 'cr', exact: [], prefix: ['creme'], typo: [] }];
  test('marks exact words and the typed part of a prefix in the original text', () => {
    expect(highlight('Café Crème, blanc', matches, '<em>', '</em>')).toEqual({ value: '<em>Café</em> <em>Cr</em>ème, blanc', matchLevel: 'full', matchedWords: ['cafe', 'cr'], fullyHighlighted: false });
    expect(highlight('Thé vert', matches, '<em>', '</em>')).toEqual({ value: 'Thé vert', matchLevel: 'none', matchedWords: [] });
    expect(highlight('Café noir', matches, '<em>', '</em>').matchLevel).toBe('partial');
  });
});

describe('features: an article\'s attributes as facet values (records.ts)', () => {
  const colour = { productAttributeId: 'colour', name: { nl: 'Kleur', en: 'Colour', fr: 'Couleur' }, description: { nl: 'blauw', en: 'blue', fr: 'bleu' } };
  const size = { productAttributeId: 'clothing', name: { nl: 'Maat', en: 'Size', fr: 'Taille' }, description: { nl: 'maat M', en: 'size M', fr: 'pointure 42' } };

  test('"Name: value" per language, French with its space before the colon, capitalised', () => {
    expect(featuresOf([colour], 'nl')).toEqual(['Kleur: blauw']);
    expect(featuresOf(JSON.stringify([colour]), 'en')).toEqual(['Colour: blue']);
    expect(featuresOf([colour], 'fr')).toEqual(['Couleur : bleu']);
  });

  test('a value that already starts with its name stands alone; no value, no feature; each value once', () => {
    expect(featuresOf([size], 'en')).toEqual(['Size M']);
    expect(featuresOf([size], 'fr')).toEqual(['Taille : pointure 42']);
    expect(featuresOf([{ productAttributeId: 'x', name: { en: 'Colour' }, description: { nl: 'rood' } }], 'en')).toEqual([]);
    expect(featuresOf([{ productAttributeId: 'x', description: { en: 'recycled' } }, { productAttributeId: 'y', description: { en: 'recycled' } }], 'en')).toEqual(['Recycled']);
    expect(featuresOf('not json', 'en')).toEqual([]);
  });

  test('one column holds every language, each entry tagged with its language', () => {
    expect(featureEntries({ nl: ['Kleur: blauw'], en: ['Colour: blue'], fr: [] })).toEqual(['nl:Kleur: blauw', 'en:Colour: blue']);
    expect(featureEntries(undefined)).toEqual([]);
  });
});
