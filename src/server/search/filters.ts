/**
 * Algolia's filter languages, parsed into one tree and compiled to SQL over search_documents:
 * `facetFilters` (nested AND/OR arrays, negation with '-'), `numericFilters` (same nesting,
 * 'price>=10', 'price:10 TO 20') and the `filters` string (attr:value, attr:"quoted value",
 * numeric comparisons and ranges, AND, OR, NOT, parentheses, true/false) that secured keys and
 * InstantSearch use.
 */
import { sql, type RawBuilder } from 'kysely';

export type NumericOp = '<' | '<=' | '=' | '!=' | '>=' | '>';
export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'facet'; attr: string; value: string }
  | { kind: 'numeric'; attr: string; op: NumericOp; value: number }
  | { kind: 'range'; attr: string; lo: number; hi: number }
  | { kind: 'const'; value: boolean };

/** A filter the engine cannot read: answered as 400 with Algolia's error shape. */
export class FilterSyntaxError extends Error {}

export const and = (items: FilterNode[]): FilterNode => (items.length === 1 ? items[0] : { kind: 'and', items });
const or = (items: FilterNode[]): FilterNode => (items.length === 1 ? items[0] : { kind: 'or', items });

/** facetFilters: 'attr:value' | ['attr:v1', 'attr:v2'] (OR) inside an outer AND array; a JSON string of those is accepted too. */
export function parseFacetFilters(input: unknown): FilterNode | null {
  return parseNested(input, facetTerm, 'facetFilters');
}

/** numericFilters: 'price>=10', 'price:10 TO 20', nested like facetFilters. */
export function parseNumericFilters(input: unknown): FilterNode | null {
  return parseNested(input, numericTerm, 'numericFilters');
}

function parseNested(input: unknown, term: (s: string) => FilterNode, name: string): FilterNode | null {
  if (input === undefined || input === null || input === '') return null;
  let value = input;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try { value = JSON.parse(value); } catch { throw new FilterSyntaxError(`${name}: invalid JSON`); }
  }
  if (typeof value === 'string') return term(value);
  if (!Array.isArray(value)) throw new FilterSyntaxError(`${name} must be a string or an array`);
  const items = value.map((entry) => {
    if (typeof entry === 'string') return term(entry);
    if (Array.isArray(entry) && entry.every((x) => typeof x === 'string')) return or((entry as string[]).map(term));
    throw new FilterSyntaxError(`${name}: an element must be a string or an array of strings`);
  });
  return items.length ? and(items) : null;
}

/** 'attr:value', 'attr:-value' or '-attr:value' (negation), 'attr:\-value' (a value starting with '-'). */
function facetTerm(raw: string): FilterNode {
  let text = raw.trim();
  let negate = false;
  if (text.startsWith('-')) { negate = true; text = text.slice(1); }
  const colon = text.indexOf(':');
  if (colon <= 0) throw new FilterSyntaxError(`facetFilters: '${raw}' is not attribute:value`);
  const attr = unquote(text.slice(0, colon).trim());
  let value = text.slice(colon + 1);
  if (value.startsWith('-')) { negate = !negate; value = value.slice(1); } else if (value.startsWith('\\-')) value = value.slice(1);
  const node: FilterNode = { kind: 'facet', attr, value: unquote(value.trim()) };
  return negate ? { kind: 'not', item: node } : node;
}

const NUMERIC_RE = /^\s*("?[^\s<>=!:"]+"?)\s*(<=|>=|!=|<|>|=)\s*(-?\d+(?:\.\d+)?)\s*$/;
const RANGE_RE = /^\s*("?[^\s<>=!:"]+"?)\s*:\s*(-?\d+(?:\.\d+)?)\s+TO\s+(-?\d+(?:\.\d+)?)\s*$/;

function numericTerm(raw: string): FilterNode {
  const m = NUMERIC_RE.exec(raw);
  if (m) return { kind: 'numeric', attr: unquote(m[1]), op: m[2] as NumericOp, value: Number(m[3]) };
  const r = RANGE_RE.exec(raw);
  if (r) return { kind: 'range', attr: unquote(r[1]), lo: Number(r[2]), hi: Number(r[3]) };
  throw new FilterSyntaxError(`numericFilters: '${raw}' is not a numeric comparison`);
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

// ---- the filters string -------------------------------------------------------------------------

type Token = { t: 'word' | 'string' | 'op' | '(' | ')' | ':'; v: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '(' || c === ')' || c === ':') { tokens.push({ t: c, v: c }); i++; continue; }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let v = '';
      while (j < input.length && input[j] !== c) {
        if (input[j] === '\\' && j + 1 < input.length) j++;
        v += input[j++];
      }
      if (j >= input.length) throw new FilterSyntaxError('filters: unterminated quoted string');
      tokens.push({ t: 'string', v });
      i = j + 1;
      continue;
    }
    const op = /^(<=|>=|!=|<|>|=)/.exec(input.slice(i));
    if (op) { tokens.push({ t: 'op', v: op[1] }); i += op[1].length; continue; }
    let j = i;
    while (j < input.length && !/[\s():"'<>=!]/.test(input[j])) j++;
    if (j === i) throw new FilterSyntaxError(`filters: unexpected '${c}'`);
    tokens.push({ t: 'word', v: input.slice(i, j) });
    i = j;
  }
  return tokens;
}

/** Parses the `filters` parameter (AND binds tighter than OR, as in Algolia). */
export function parseFilterString(input: unknown): FilterNode | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'string') throw new FilterSyntaxError('filters must be a string');
  if (!input.trim()) return null;
  if (input.length > 20_000) throw new FilterSyntaxError('filters is too long');
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos];
  const isKeyword = (word: string) => peek()?.t === 'word' && peek().v === word;
  const expect = (t: Token['t']) => {
    const tok = tokens[pos++];
    if (!tok || tok.t !== t) throw new FilterSyntaxError(`filters: expected ${t} at token ${pos}`);
    return tok;
  };
  let depth = 0;
  const orExpr = (): FilterNode => {
    const items = [andExpr()];
    while (isKeyword('OR')) { pos++; items.push(andExpr()); }
    return or(items);
  };
  const andExpr = (): FilterNode => {
    const items = [unary()];
    while (isKeyword('AND')) { pos++; items.push(unary()); }
    return and(items);
  };
  const unary = (): FilterNode => {
    if (isKeyword('NOT')) { pos++; return { kind: 'not', item: unary() }; }
    const tok = peek();
    if (!tok) throw new FilterSyntaxError('filters: unexpected end');
    if (tok.t === '(') {
      if (++depth > 32) throw new FilterSyntaxError('filters: too deeply nested');
      pos++;
      const inner = orExpr();
      expect(')');
      depth--;
      return inner;
    }
    if (tok.t === 'word' && (tok.v === 'true' || tok.v === 'false') && tokens[pos + 1]?.t !== ':' && tokens[pos + 1]?.t !== 'op') {
      pos++;
      return { kind: 'const', value: tok.v === 'true' };
    }
    if (tok.t !== 'word' && tok.t !== 'string') throw new FilterSyntaxError(`filters: unexpected '${tok.v}'`);
    pos++;
    const attr = tok.v;
    const next = tokens[pos++];
    if (next?.t === 'op') {
      const num = tokens[pos++];
      if (!num || num.t !== 'word' || !/^-?\d+(\.\d+)?$/.test(num.v)) throw new FilterSyntaxError(`filters: '${attr}${next.v}' needs a number`);
      return { kind: 'numeric', attr, op: next.v as NumericOp, value: Number(num.v) };
    }
    if (next?.t !== ':') throw new FilterSyntaxError(`filters: '${attr}' needs ':' or a comparison`);
    const value = tokens[pos++];
    if (!value || (value.t !== 'word' && value.t !== 'string')) throw new FilterSyntaxError(`filters: '${attr}:' needs a value`);
    if (value.t === 'word' && /^-?\d+(\.\d+)?$/.test(value.v) && isKeyword('TO')) {
      pos++;
      const hi = tokens[pos++];
      if (!hi || hi.t !== 'word' || !/^-?\d+(\.\d+)?$/.test(hi.v)) throw new FilterSyntaxError(`filters: '${attr}:${value.v} TO' needs a number`);
      return { kind: 'range', attr, lo: Number(value.v), hi: Number(hi.v) };
    }
    return { kind: 'facet', attr, value: value.v };
  };
  const node = orExpr();
  if (pos !== tokens.length) throw new FilterSyntaxError(`filters: unexpected '${tokens[pos].v}'`);
  return node;
}

/** Quotes a value for a filters string (secured keys). */
export const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

// ---- compiling to SQL ---------------------------------------------------------------------------

export type ColumnKind = 'text' | 'array' | 'bool' | 'number';

/** Record attributes with a column of their own in search_documents; anything else is read from the record. */
export const COLUMNS: Record<string, { col: string; kind: ColumnKind }> = {
  objectID: { col: 'object_id', kind: 'text' },
  tenantId: { col: 'tenant_id', kind: 'text' },
  ownerCustomerId: { col: 'owner', kind: 'text' },
  supplierId: { col: 'supplier_id', kind: 'text' },
  marketplaceId: { col: 'marketplace_id', kind: 'text' },
  categoryId: { col: 'category_id', kind: 'text' },
  categoryIds: { col: 'category_ids', kind: 'array' },
  family: { col: 'family', kind: 'text' },
  supplierName: { col: 'supplier_name', kind: 'text' },
  brand: { col: 'brand', kind: 'text' },
  manufacturer: { col: 'manufacturer', kind: 'text' },
  marketplaceName: { col: 'marketplace_name', kind: 'text' },
  type: { col: 'type', kind: 'text' },
  currency: { col: 'currency', kind: 'text' },
  promoted: { col: 'promoted', kind: 'bool' },
  price: { col: 'price', kind: 'number' },
  stock: { col: 'stock', kind: 'number' },
};

/** Hierarchical category attributes: stored once per category key (search_categories), not per record. */
export const CATEGORY_ATTRIBUTE = /^categories\.(nl|en|fr)\.lvl([0-2])$/;

/**
 * The features facet of a language: stored for every language in the `features` column, an entry
 * '<lang>:<value>' each (records.ts featureEntries).
 */
export const FEATURE_ATTRIBUTE = /^features\.(nl|en|fr)$/;
/** What the column entries of a features facet start with: its language and a colon ('en:'). */
export const featurePrefix = (attr: string) => `${FEATURE_ATTRIBUTE.exec(attr)![1]}:`;
/** The column entry of a features facet value. */
export const featureEntry = (attr: string, value: string) => `${featurePrefix(attr)}${value}`;

/** What compiling needs to know about an index: the category keys whose value of a category attribute is `value`. */
export interface FilterContext {
  categoryKeys(attr: string, value: string): string[];
}

const ATTR_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const column = (alias: string, col: string) => sql.ref(`${alias}.${col}`);
/** The record of a document row, for attributes without a column of their own (rare: read per row). */
const recordOf = (alias: string) => sql`(select x.record from search_records x where x.index_name = ${column(alias, 'index_name')} and x.object_id = ${column(alias, 'object_id')})`;
const pathOf = (attr: string) => {
  if (!ATTR_RE.test(attr)) throw new FilterSyntaxError(`'${attr}' is not an attribute name`);
  return attr.split('.');
};

/** SQL of a facet value of one attribute (for counting facets); arrays are not countable here. */
export function facetExpression(attr: string, alias = 'd'): RawBuilder<unknown> {
  const known = COLUMNS[attr];
  if (known && known.kind !== 'array') return known.kind === 'bool' ? sql`${column(alias, known.col)}::text` : sql`${column(alias, known.col)}`;
  if (known) return sql`null::text`;
  return sql`(${recordOf(alias)} #>> ${pathOf(attr)}::text[])`;
}

/** SQL of a numeric attribute (null when the record's value is not a number). */
export function numericExpression(attr: string, alias = 'd'): RawBuilder<unknown> {
  const known = COLUMNS[attr];
  if (known?.kind === 'number') return sql`${column(alias, known.col)}`;
  if (known) return sql`null::numeric`;
  const path = pathOf(attr);
  const rec = recordOf(alias);
  return sql`(case when jsonb_typeof(${rec} #> ${path}::text[]) = 'number' then (${rec} #>> ${path}::text[])::numeric end)`;
}

const OPS: Record<NumericOp, string> = { '<': '<', '<=': '<=', '=': '=', '!=': '<>', '>=': '>=', '>': '>' };

/** The SQL condition of a filter tree over search_documents (alias `d`). */
export function compileFilter(node: FilterNode, ctx: FilterContext, alias = 'd'): RawBuilder<unknown> {
  switch (node.kind) {
    case 'const': return node.value ? sql`true` : sql`false`;
    case 'and': return sql`(${sql.join(node.items.map((n) => compileFilter(n, ctx, alias)), sql` and `)})`;
    case 'or': return sql`(${sql.join(node.items.map((n) => compileFilter(n, ctx, alias)), sql` or `)})`;
    case 'not': return sql`(not coalesce(${compileFilter(node.item, ctx, alias)}, false))`;
    case 'numeric': return sql`coalesce(${numericExpression(node.attr, alias)} ${sql.raw(OPS[node.op])} ${node.value}, false)`;
    case 'range': return sql`coalesce(${numericExpression(node.attr, alias)} between ${node.lo} and ${node.hi}, false)`;
    case 'facet': {
      if (CATEGORY_ATTRIBUTE.test(node.attr)) {
        const keys = ctx.categoryKeys(node.attr, node.value);
        return keys.length ? sql`(${column(alias, 'category_key')} = any(${keys}::text[]))` : sql`false`;
      }
      if (FEATURE_ATTRIBUTE.test(node.attr)) return sql`(${column(alias, 'features')} @> array[${featureEntry(node.attr, node.value)}]::text[])`;
      const known = COLUMNS[node.attr];
      if (!known) {
        const path = pathOf(node.attr);
        const rec = recordOf(alias);
        return sql`coalesce((${rec} #>> ${path}::text[]) = ${node.value} or (jsonb_typeof(${rec} #> ${path}::text[]) = 'array' and ${rec} #> ${path}::text[] @> jsonb_build_array(${node.value}::text)), false)`;
      }
      const col = column(alias, known.col);
      switch (known.kind) {
        case 'text': return sql`coalesce(${col} = ${node.value}, false)`;
        case 'array': return sql`(${col} @> array[${node.value}]::text[])`;
        case 'bool': return node.value === 'true' || node.value === 'false' ? sql`(${col} = ${node.value === 'true'})` : sql`false`;
        case 'number': return /^-?\d+(\.\d+)?$/.test(node.value) ? sql`coalesce(${col} = ${Number(node.value)}, false)` : sql`false`;
      }
    }
  }
  throw new FilterSyntaxError('unknown filter');
}
