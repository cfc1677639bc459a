import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { boundKind, RESOURCES, type FieldDef, type ResourceDef, type RowGroup, type ViewDef } from '../../../model';
import { kindOf } from '../../shared/field-kinds';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { todayInShopZone } from '../../shared/shop-clock';
import { readable, type Owner } from './scope';
import type { DynamicDb } from './dynamic-db';

/** What a list selects: its filters and sort, whatever page is read (a list's page, its counts, its export). */
export interface ListSelection {
  /** Parsed filter values by filter name (from schemasFor(r).filters). */
  filters: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
}

export interface ListInput extends ListSelection {
  offset: number;
  limit: number;
}

const MODEL_BY_NAME = new Map(RESOURCES.map((r) => [r.name, r]));

const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The value a gte/lte filter compares with: a day on a datetime field is its start in the shop's
 * time zone (gte) or the next day's start (lte, compared with <, so the whole day counts); on a
 * date field the day itself, with lte made exclusive of the next day.
 */
function bound(resource: ResourceDef, field: string, value: string, kind: 'gte' | 'lte'): RawBuilder<unknown> {
  // createdAt and updatedAt are datetimes too (RECORD_TIMESTAMPS), e.g. the baskets changed in a period
  const fieldKind = boundKind(resource.fields, field);
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (fieldKind === 'datetime' && isDay) {
    return kind === 'gte' ? sql`(${value}::date)::timestamp at time zone ${SHOP_TIME_ZONE}` : sql`(${value}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
  }
  if (fieldKind === 'date') return kind === 'gte' ? sql`${value}::date` : sql`${value}::date + 1`;
  if (fieldKind === 'datetime') return kind === 'gte' ? sql`${value}::timestamptz` : sql`${value}::timestamptz + interval '1 millisecond'`;
  return sql`${value}`;
}

/** A column, or the text of a member of an object field ('address.city': its JSON member). */
function memberOrColumn(field: string): RawBuilder<unknown> {
  const [head, member] = field.split('.');
  return member === undefined ? sql.ref(head!) : sql`${sql.ref(head!)}->>${member}`;
}

/** The rows of `group` (each of its fields among its values): a model's rule such as the invoices to pay, for lists and counts alike. */
export function inGroup<Q extends SelectQueryBuilder<any, any, any>>(q: Q, group: RowGroup): Q {
  let out = q;
  for (const [field, values] of Object.entries(group)) out = out.where(sql.ref(field), 'in', values as unknown[]) as Q;
  return out;
}

function applyFilters(q: SelectQueryBuilder<any, any, any>, resource: ResourceDef, filters: Record<string, unknown>) {
  let showDeleted = false;
  for (const [name, def] of Object.entries(resource.filters)) {
    const value = filters[name];
    if (value === undefined || value === null || value === '') continue;
    switch (def.kind) {
      case 'search':
        q = q.where((eb) => eb.or(def.fields.map((f) => eb(f, 'ilike', likePattern(String(value))))));
        break;
      case 'contains': q = q.where(memberOrColumn(def.field), 'ilike', likePattern(String(value))); break;
      case 'eq': {
        const group = def.aliases && typeof value === 'string' && Object.hasOwn(def.aliases, value) ? def.aliases[value] : undefined;
        if (group === undefined) q = q.where(def.field, '=', value);
        else if (Array.isArray(group)) q = group.length ? q.where(def.field, 'in', group as unknown[]) : q.where(def.field, 'is', null);
        else if (group !== null) q = inGroup(q, group as RowGroup);
        break;
      }
      case 'gte': case 'lte': q = q.where(sql.ref(def.field), def.kind === 'gte' ? '>=' : '<', bound(resource, def.field, String(value), def.kind)); break;
      case 'has': q = q.where(sql<boolean>`${sql.ref(def.field)} @> ${JSON.stringify([value])}::jsonb`); break;
      case 'only': if (value === true) q = q.where(def.field, '=', def.value); break;
      case 'deleted': showDeleted = value === true; break;
      case 'related': {
        if (def.match === 'in' && value !== true) break;
        const other = MODEL_BY_NAME.get(def.resource)!;
        const self = resource.table;
        q = q.where((eb) => eb.exists(eb.selectFrom(`${other.table} as rel`).select(sql`1`.as('one'))
          .whereRef(`rel.${def.via}`, '=', `${self}.id`).whereRef('rel.tenantId', '=', `${self}.tenantId`)
          .where(def.match === 'in' ? eb(`rel.${def.field}`, 'in', def.values as unknown[])
            : def.match === 'eq' ? eb(`rel.${def.field}`, '=', value)
            : eb(`rel.${def.field}`, 'ilike', likePattern(String(value))))));
        break;
      }
    }
  }
  // actingSupplierId (core §3/§6, schema-builder.ts filtersSchema): the rows of one supplier.
  if (typeof filters.actingSupplierId === 'string' && resource.fields.supplierId && !resource.filters.actingSupplierId) q = q.where('supplierId', '=', filters.actingSupplierId);
  const ids = filters.ids as string[] | undefined;
  if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where(sql<boolean>`false`);
  // Soft-deleted rows stay hidden unless the deleted filter asks for them (model/dsl/filters.ts).
  if (resource.softDelete && !showDeleted) q = q.where('deleted', '=', false);
  return q;
}

function applyView(q: SelectQueryBuilder<any, any, any>, resource: ResourceDef, view: ViewDef) {
  for (const [field, value] of Object.entries(view.where ?? {})) q = q.where(field, '=', value);
  if (view.activeBetween) {
    const [from, to] = view.activeBetween;
    const today = todayInShopZone();
    q = q.where((eb) => eb.and([
      eb.or([eb(from, 'is', null), eb(from, '<=', today)]),
      eb.or([eb(to, 'is', null), eb(to, '>=', today)]),
    ]));
  }
  if (resource.softDelete) q = q.where('deleted', '=', false);
  return q;
}

/** A text value sorts case-insensitively (what users expect of a name column); any other in its own order. */
const ordered = (f: FieldDef, value: RawBuilder<unknown>) => (kindOf(f).sort === 'text' ? sql`lower(${value})` : value);

/**
 * What a list sorts on: its column, or for a column the model marks sortable (list.sortable) the
 * JSON member of an object field ('address.city': the member's text, cast to its kind's column
 * type) or a reference's target representation (the department's name, read from the target's
 * table by id: ids are unique, so the row is the one the reference names).
 */
function sortExpression(resource: ResourceDef, field: string): RawBuilder<unknown> | string {
  const [head, member] = field.split('.');
  const f = resource.fields[head!];
  if (!f || !(resource.list.sortable ?? []).includes(field)) return f && kindOf(f).sort === 'text' ? sql`lower(${sql.ref(field)})` : field;
  if (member !== undefined) {
    const m = f.fields![member]!;
    return ordered(m, sql`cast(${sql.ref(head!)}->>${member} as ${sql.raw(kindOf(m).column)})`);
  }
  const target = MODEL_BY_NAME.get(f.target!)!;
  const shown = target.fields[target.recordRepresentation]!;
  return ordered(shown, sql`(select ${sql.ref(`t.${target.recordRepresentation}`)} from ${sql.table(target.table)} as t where t.id = ${sql.ref(`${resource.table}.${head}`)})`);
}

/** Sorts on the column (texts case-insensitively), then by id for stable pages. */
function applySort(q: SelectQueryBuilder<any, any, any>, resource: ResourceDef, field: string, order: 'ASC' | 'DESC') {
  const dir = order === 'DESC' ? 'desc' : 'asc';
  return q.orderBy(sortExpression(resource, field), dir).orderBy('id', 'asc');
}

/** The column that carries the total of all pages on each row of a page; no field has this name (it has a space). */
const TOTAL = 'total of all pages';

/**
 * The one query of a list, whatever reads it: `matching`, the rows the owner may read with the
 * filters (nothing selected yet: a sum or a count per value is built on it), `rows`, all of them in
 * the list's order (the sort asked, else the model's, then id), and `count`, how many. A list's
 * page, its counts, its totals and its export all start here, so they never disagree.
 */
export function listSelection(db: DynamicDb, resource: ResourceDef, owner: Owner, input: ListSelection) {
  const matching = applyFilters(readable(db.selectFrom(resource.table), resource, owner), resource, input.filters);
  const sort = input.sort ?? resource.list.sort.field;
  const order = input.order ?? (input.sort ? 'ASC' : resource.list.sort.order);
  return {
    matching,
    rows: applySort(matching.selectAll(), resource, sort, order),
    count: matching.select(sql<number>`count(*)::int`.as('total')),
  };
}

/**
 * The page query (its rows carry the total over all pages in one more column) and the count query
 * alone, for a page past the last row (listRows runs them; the bench explains the page).
 */
export function listQueries(db: DynamicDb, resource: ResourceDef, owner: Owner, input: ListInput) {
  const { rows, count } = listSelection(db, resource, owner, input);
  return { page: rows.select(count.as(TOTAL)).offset(input.offset).limit(input.limit), count };
}

/** How many of the rows the owner may read, with `filters`, hold each value of `field` (e.g. an orders list's counts per status). */
export async function countsBy(db: DynamicDb, resource: ResourceDef, owner: Owner, filters: Record<string, unknown>, field: string): Promise<Record<string, number>> {
  const rows = await listSelection(db, resource, owner, { filters }).matching
    .select([sql.ref(field).as('value'), sql<number>`count(*)::int`.as('n')]).groupBy(sql.ref(field)).execute();
  return Object.fromEntries((rows as { value: unknown; n: number }[]).map((r) => [String(r.value), Number(r.n)]));
}

/**
 * One page of the rows the owner may read, with the total over all pages, in one statement: the
 * count is a sub-query the database runs once beside the page. Both are served by the indexes the
 * generator derives from the model (generator/db/schema.ts queryIndexes): the page reads its rows in
 * index order without sorting the table, the count reads the scope index. Only a page past the last
 * row (no row to carry the total) asks for the count again.
 */
export async function listRows(db: DynamicDb, resource: ResourceDef, owner: Owner, input: ListInput) {
  const { page, count } = listQueries(db, resource, owner, input);
  const rows: Record<string, unknown>[] = await page.execute();
  if (rows.length === 0) return { rows, total: input.offset === 0 ? 0 : Number((await count.executeTakeFirstOrThrow()).total) };
  const total = Number(rows[0][TOTAL]);
  for (const row of rows) delete row[TOTAL];
  return { rows, total };
}

/** A view: its fixed filter and sort, every matching row. */
export async function viewRows(db: DynamicDb, resource: ResourceDef, owner: Owner, view: ViewDef) {
  const q = applyView(readable(db.selectFrom(resource.table), resource, owner), resource, view);
  return applySort(q.selectAll(), resource, view.sort.field, view.sort.order).execute();
}
