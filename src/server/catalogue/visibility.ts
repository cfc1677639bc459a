import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { UUID_RE } from '../db/records';
import type { DB } from '../../../generated/db/database.gen';

/** A user's catalogue rules (core §3): include and exclude lists; an empty include list means all. */
export interface CatalogRules {
  includeMarketPlaces: string[];
  excludeMarketPlaces: string[];
  includeSuppliers: string[];
  excludeSuppliers: string[];
  includeCategories: string[];
  excludeCategories: string[];
  includeFamilies: string[];
  excludeFamilies: string[];
}

export const RULE_KEYS = [
  'includeMarketPlaces', 'excludeMarketPlaces', 'includeSuppliers', 'excludeSuppliers',
  'includeCategories', 'excludeCategories', 'includeFamilies', 'excludeFamilies',
] as const satisfies readonly (keyof CatalogRules)[];

export const NO_RULES: CatalogRules = Object.freeze(Object.fromEntries(RULE_KEYS.map((k) => [k, []]))) as unknown as CatalogRules;

/**
 * What one caller may see of the catalogue: the tenant's platform articles and the acting
 * customer's own ones, available only (unless asked otherwise), under the user's rules. Category
 * lists are expanded to every descendant, so a rule on 'Kantoor' covers 'Kantoor > Papier > A4'.
 */
export interface Visibility {
  tenantId: string;
  customerId: string | null;
  rules: CatalogRules;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The stored rules of a user, or no rules. */
export async function rulesOfUser(db: Kysely<DB>, tenantId: string, userId: string): Promise<CatalogRules> {
  if (!UUID_RE.test(userId)) return NO_RULES;
  const row = await db.selectFrom('catalogRules').selectAll().where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst();
  if (!row) return NO_RULES;
  const parse = (v: unknown) => strings(typeof v === 'string' ? JSON.parse(v) : v);
  return Object.fromEntries(RULE_KEYS.map((k) => [k, parse(row[k])])) as unknown as CatalogRules;
}

/** The given categories and all their descendants (one recursive query). */
export async function withDescendants(db: Kysely<DB>, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const roots = ids.filter((id) => UUID_RE.test(id));
  if (!roots.length) return [];
  const result = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from product_categories where tenant_id = ${tenantId} and id in (${sql.join(roots)})
      union
      select c.id from product_categories c join tree t on c.parent_id = t.id where c.tenant_id = ${tenantId}
    ) select id from tree`.execute(db);
  return result.rows.map((r) => r.id);
}

/** The caller's visibility: their rules with category lists expanded. */
export async function visibilityFor(db: Kysely<DB>, tenantId: string, customerId: string | null, userId: string): Promise<Visibility> {
  const stored = await rulesOfUser(db, tenantId, userId);
  const rules = { ...stored };
  if (stored.includeCategories.length) rules.includeCategories = await withDescendants(db, tenantId, stored.includeCategories);
  if (stored.excludeCategories.length) rules.excludeCategories = await withDescendants(db, tenantId, stored.excludeCategories);
  // An include list whose entries all vanished still means "only these": keep it matching nothing.
  if (stored.includeCategories.length && !rules.includeCategories.length) rules.includeCategories = ['00000000-0000-0000-0000-000000000000'];
  return { tenantId, customerId, rules };
}

/** Column names of the article columns a rule looks at, in the table or index being queried. */
export interface RuleColumns {
  tenantId: string;
  customerId: string;
  marketplaceId: string;
  supplierId: string;
  categoryId: string;
  family: string;
  available?: string;
}

export const ARTICLE_COLUMNS: RuleColumns = {
  tenantId: 'tenant_id', customerId: 'customer_id', marketplaceId: 'marketplace_id', supplierId: 'supplier_id',
  categoryId: 'category_id', family: 'family', available: 'available',
};

/**
 * The SQL condition "this article row is visible" for raw or Kysely queries over supplier_articles
 * (or an index table with the same columns under other names, given in `cols`, optionally
 * prefixed by a table alias).
 */
export function visibleCondition(v: Visibility, opts: { cols?: RuleColumns; alias?: string; includeUnavailable?: boolean } = {}): Expression<SqlBool> {
  const cols = opts.cols ?? ARTICLE_COLUMNS;
  const c = (name: string) => sql.ref(opts.alias ? `${opts.alias}.${name}` : name);
  const parts = [sql`${c(cols.tenantId)} = ${v.tenantId}`];
  parts.push(v.customerId ? sql`(${c(cols.customerId)} is null or ${c(cols.customerId)} = ${v.customerId})` : sql`${c(cols.customerId)} is null`);
  if (!opts.includeUnavailable && cols.available) parts.push(sql`${c(cols.available)} = true`);
  const list = (column: string, values: string[], include: boolean, isUuid: boolean) => {
    const usable = isUuid ? values.filter((x) => UUID_RE.test(x)) : values;
    if (include) {
      if (!values.length) return;
      parts.push(usable.length ? sql`${c(column)} in (${sql.join(usable)})` : sql`false`);
    } else if (usable.length) {
      parts.push(sql`(${c(column)} is null or ${c(column)} not in (${sql.join(usable)}))`);
    }
  };
  const r = v.rules;
  list(cols.marketplaceId, r.includeMarketPlaces, true, true);
  list(cols.marketplaceId, r.excludeMarketPlaces, false, true);
  list(cols.supplierId, r.includeSuppliers, true, true);
  list(cols.supplierId, r.excludeSuppliers, false, true);
  list(cols.categoryId, r.includeCategories, true, true);
  list(cols.categoryId, r.excludeCategories, false, true);
  list(cols.family, r.includeFamilies, true, false);
  list(cols.family, r.excludeFamilies, false, false);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The same decision for one article record already loaded (camelCase fields). */
export function isVisible(v: Visibility, a: { tenantId?: string; customerId?: string | null; marketplaceId?: string | null; supplierId?: string | null; categoryId?: string | null; family?: string | null; available?: boolean | null }, opts: { includeUnavailable?: boolean } = {}): boolean {
  if (a.tenantId !== undefined && a.tenantId !== v.tenantId) return false;
  if (a.customerId != null && a.customerId !== v.customerId) return false;
  if (!opts.includeUnavailable && a.available === false) return false;
  const r = v.rules;
  const check = (value: string | null | undefined, include: string[], exclude: string[]) =>
    (!include.length || (value != null && include.includes(value))) && (value == null || !exclude.includes(value));
  return check(a.marketplaceId, r.includeMarketPlaces, r.excludeMarketPlaces)
    && check(a.supplierId, r.includeSuppliers, r.excludeSuppliers)
    && check(a.categoryId, r.includeCategories, r.excludeCategories)
    && check(a.family, r.includeFamilies, r.excludeFamilies);
}
