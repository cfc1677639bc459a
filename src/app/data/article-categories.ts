import type { GetListParams, RaRecord } from 'ra-core';
import type { StyleProvider } from './styles/common';

/** Large enough for every category of a tenant: the spec fetches them all in one call (core §7). */
export const FETCH_ALL = 10_000;

/**
 * Admin article categories (core §7): the list reads every category (page fixed at 1), also queries
 * the groups, attaches each category's `group` by groupId and sorts by name case-insensitively.
 * Unlike the original client we then cut the requested page here, so react-admin's pagination
 * stays truthful instead of showing every row on page 1.
 */
export async function listArticleCategories(base: Pick<StyleProvider, 'getList'>, params: Partial<GetListParams>) {
  const all = { page: 1, perPage: FETCH_ALL };
  const [categories, groups] = await Promise.all([
    base.getList('article-categories', { ...params, pagination: all }),
    base.getList('article-category-groups', { pagination: all, sort: { field: 'name', order: 'ASC' }, filter: {}, signal: params.signal }),
  ]);
  const groupById = new Map(groups.data.map((g) => [String(g.id), g]));
  const rows: RaRecord[] = categories.data.map((c) => ({ ...c, group: c.groupId != null ? groupById.get(String(c.groupId)) ?? null : null }));
  const field = params.sort?.field || 'name';
  const direction = params.sort?.order === 'DESC' ? -1 : 1;
  // the Groep column sorts by the group's name, as the server does (model: list.sortable)
  const value = field === 'groupId' ? (r: RaRecord) => r.group?.name : (r: RaRecord) => r[field];
  rows.sort((a, b) => direction * compare(value(a), value(b)));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  const start = (page - 1) * perPage;
  return { data: rows.slice(start, start + perPage), total: rows.length };
}

const collator = new Intl.Collator('nl-BE', { sensitivity: 'base', numeric: true });

function compare(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
