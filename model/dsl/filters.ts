import type { Translations } from './i18n';

/**
 * List filters. The same names travel as query parameters (REST styles) or as properties of
 * {query} (query style); the server applies them in SQL and the generated List shows an input each.
 */
export type FilterDef =
  /** Case-insensitive substring match over several text columns. */
  | { readonly kind: 'search'; readonly label: Translations; readonly fields: readonly string[]; readonly alwaysOn?: boolean }
  /**
   * Equality on one field (text, enum, boolean, reference). `aliases`: values that name a group of
   * the field's values instead (null: no filter at all; an empty list: the field is empty), or a
   * group of rows by several fields (RowGroup: each field among its values, e.g. invoices to pay).
   */
  | { readonly kind: 'eq'; readonly label: Translations; readonly field: string; readonly default?: unknown; readonly alwaysOn?: boolean; readonly aliases?: Readonly<Record<string, FilterAlias>> }
  /**
   * A bound on one date, datetime or number field, or on a record's createdAt or updatedAt (a
   * datetime: RECORD_TIMESTAMPS): `gte` from the value on, `lte` up to it. A day bound on a datetime
   * field takes the whole day in the shop's time zone. Two bounds on one field make a range.
   */
  | { readonly kind: 'gte' | 'lte'; readonly label: Translations; readonly field: string; readonly alwaysOn?: boolean }
  /** A list field (stringList) that holds the value. */
  | { readonly kind: 'has'; readonly label: Translations; readonly field: string; readonly alwaysOn?: boolean }
  /** A switch: when true, only rows whose `field` is `value`; when false or absent, every row. */
  | { readonly kind: 'only'; readonly label: Translations; readonly field: string; readonly value: unknown; readonly alwaysOn?: boolean; readonly default?: boolean }
  /** Substring match on one text field. */
  | { readonly kind: 'contains'; readonly label: Translations; readonly field: string; readonly alwaysOn?: boolean }
  /**
   * Rows of another resource that point at this one through `via` (its reference field): with
   * `match: 'contains'`, some such row's `field` holds the text; with `match: 'in'` (a switch), when
   * true, some such row's `field` is one of `values`; with `match: 'eq'`, some such row's `field` is the
   * id given (articles of a supplier: some offer's supplierId). E.g. orders by their supplier orders' numbers.
   */
  | { readonly kind: 'related'; readonly label: Translations; readonly resource: string; readonly via: string; readonly field: string; readonly match: 'contains' | 'in' | 'eq'; readonly values?: readonly unknown[]; readonly alwaysOn?: boolean }
  /** Soft-deleted rows: hidden unless this filter is true. */
  | { readonly kind: 'deleted'; readonly label: Translations };

/** The record's own timestamps a gte/lte filter may bound besides its fields: datetimes every table has. */
export const RECORD_TIMESTAMPS = ['createdAt', 'updatedAt'] as const;

/** The kind of the field a gte/lte filter bounds: the field's own, or 'datetime' for a record timestamp. */
export function boundKind(fields: Readonly<Record<string, { readonly kind: string }>>, field: string): string | undefined {
  return fields[field]?.kind ?? ((RECORD_TIMESTAMPS as readonly string[]).includes(field) ? 'datetime' : undefined);
}

/** Rows whose every named field is among its values: a rule of the model that a list filter and the server's own counts share. */
export type RowGroup = Readonly<Record<string, readonly unknown[]>>;
/** What an `eq` filter's alias stands for (see FilterDef). */
export type FilterAlias = readonly unknown[] | null | RowGroup;

export const filter = {
  search: (label: Translations, fields: string[]): FilterDef => ({ kind: 'search', label, fields, alwaysOn: true }),
  eq: (label: Translations, field: string, opts: { default?: unknown; alwaysOn?: boolean; aliases?: Record<string, FilterAlias> } = {}): FilterDef => ({ kind: 'eq', label, field, ...opts }),
  gte: (label: Translations, field: string): FilterDef => ({ kind: 'gte', label, field }),
  lte: (label: Translations, field: string): FilterDef => ({ kind: 'lte', label, field }),
  has: (label: Translations, field: string): FilterDef => ({ kind: 'has', label, field }),
  /** `default`: what the generated list's switch starts at. */
  only: (label: Translations, field: string, value: unknown, opts: { default?: boolean } = {}): FilterDef => ({ kind: 'only', label, field, value, alwaysOn: true, ...opts }),
  contains: (label: Translations, field: string): FilterDef => ({ kind: 'contains', label, field }),
  deleted: (label: Translations): FilterDef => ({ kind: 'deleted', label }),
  /** Some row of `resource` pointing here through `via` has `field` containing the text. */
  relatedContains: (label: Translations, resource: string, via: string, field: string): FilterDef => ({ kind: 'related', label, resource, via, field, match: 'contains' }),
  /** Some row of `resource` pointing here through `via` has `field` equal to the id given. */
  relatedEq: (label: Translations, resource: string, via: string, field: string): FilterDef => ({ kind: 'related', label, resource, via, field, match: 'eq' }),
  /** A switch: when true, some row of `resource` pointing here through `via` has `field` in `values`. */
  relatedIn: (label: Translations, resource: string, via: string, field: string, values: readonly unknown[]): FilterDef => ({ kind: 'related', label, resource, via, field, match: 'in', values }),
};
