import type { Translations } from './i18n';

/**
 * List filters. The same names travel as query parameters (REST styles) or as properties of
 * {query} (query style); the server applies them in SQL and the generated List shows an input each.
 */
export type FilterDef =
  /** Case-insensitive substring match over several text columns. */
  | { readonly kind: 'search'; readonly label: Translations; readonly fields: readonly string[]; readonly alwaysOn?: boolean }
  /** Equality on one field (text, enum, boolean, reference). */
  | { readonly kind: 'eq'; readonly label: Translations; readonly field: string; readonly default?: unknown; readonly alwaysOn?: boolean }
  /** Substring match on one text field. */
  | { readonly kind: 'contains'; readonly label: Translations; readonly field: string; readonly alwaysOn?: boolean }
  /** Soft-deleted rows: hidden unless this filter is true. */
  | { readonly kind: 'deleted'; readonly label: Translations };

export const filter = {
  search: (label: Translations, fields: string[]): FilterDef => ({ kind: 'search', label, fields, alwaysOn: true }),
  eq: (label: Translations, field: string, opts: { default?: unknown; alwaysOn?: boolean } = {}): FilterDef => ({ kind: 'eq', label, field, ...opts }),
  contains: (label: Translations, field: string): FilterDef => ({ kind: 'contains', label, field }),
  deleted: (label: Translations): FilterDef => ({ kind: 'deleted', label }),
};
