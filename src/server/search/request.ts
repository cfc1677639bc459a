/**
 * The parameters of one search request as Algolia's clients send them: the request's own fields and
 * those of a `params` query string, integer bounds, the facet list ('*' for the default facets) and
 * the `params` echo of the answer.
 */
import { FilterSyntaxError } from './filters';
import { LANGUAGES } from './records';

export const DEFAULT_HITS_PER_PAGE = 30;
/** Algolia's paginationLimitedTo default: no page beyond the first 1000 hits. */
export const PAGINATION_LIMIT = 1000;
/** The facets of '*': the marketplace's, in every language. */
export const DEFAULT_FACETS = ['supplierName', 'brand', 'marketplaceName', ...LANGUAGES.flatMap((l) => [0, 1, 2].map((n) => `categories.${l}.lvl${n}`)), ...LANGUAGES.map((l) => `features.${l}`)];

/** The request's parameters: its own fields, plus those of a `params` query string (Algolia v3/v4 style). */
export function requestParams(request: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...request };
  delete out.params;
  if (typeof request.params === 'string') {
    for (const [k, v] of new URLSearchParams(request.params)) {
      let value: unknown = v;
      if (/^[[{]/.test(v) || /^-?\d+$/.test(v) || v === 'true' || v === 'false') {
        try { value = JSON.parse(v); } catch { value = v; }
      }
      if (!(k in out)) out[k] = value;
    }
  } else if (request.params && typeof request.params === 'object') {
    for (const [k, v] of Object.entries(request.params)) if (!(k in out)) out[k] = v;
  }
  return out;
}

export const int = (v: unknown, name: string, fallback: number, min: number, max: number): number => {
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min) throw new FilterSyntaxError(`${name} must be an integer of at least ${min}`);
  return Math.min(n, max);
};

export function facetList(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  let list = v;
  if (typeof list === 'string') {
    if (list.trim().startsWith('[')) {
      try { list = JSON.parse(list); } catch { throw new FilterSyntaxError('facets: invalid JSON'); }
    } else list = list.split(',');
  }
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw new FilterSyntaxError('facets must be a list of attribute names');
  const names = (list as string[]).map((s) => s.trim()).filter(Boolean);
  const expanded = names.includes('*') ? [...DEFAULT_FACETS, ...names.filter((n) => n !== '*')] : names;
  if (expanded.length > 50) throw new FilterSyntaxError('facets: at most 50 attributes');
  return [...new Set(expanded)];
}

/** Serialises the request's parameters the way Algolia echoes them in `params`. */
export function echoParams(p: Record<string, unknown>): string {
  return Object.entries(p).filter(([k, v]) => k !== 'indexName' && k !== 'type' && v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');
}
