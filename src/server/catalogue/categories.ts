import { sql, type Kysely } from 'kysely';
import { UUID_RE } from '../db/records';
import { NO_RULES, RULE_KEYS, visibleCondition, type Visibility } from './visibility';
import type { DB } from '../../../generated/db/database.gen';
import type { CategoryDto, PerLanguage } from '../../shared/catalogue-dto';

export type { CategoryDto, PerLanguage };

export const LANGUAGES = ['nl', 'en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const HIERARCHY_SEPARATOR = ' > ';

type Names = Partial<Record<Lang, string | null>>;
const parseNames = (v: unknown): Names => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Names;

/** A name in one language, falling back to nl, en, fr (the translated field only requires nl). */
export function nameIn(names: Names, lang: Lang): string {
  return names[lang] || names.nl || names.en || names.fr || '';
}

interface Node {
  id: string;
  parentId: string | null;
  names: Names;
  sequenceNumber: number;
  imageUrl: string | null;
  popular: boolean;
  children: Node[];
  own: number;
  total: number;
  /** Articles of the category and its descendants the caller would see without their rules. */
  ownWithoutRules: number;
  totalWithoutRules: number;
  /** The rules removed a descendant from the tree (excluded, or not under an include). */
  lostChildToRules: boolean;
  level: number;
  hierarchy: PerLanguage;
}

/** The caller's category tree: every category once, children in display order, counts rolled up. */
export interface CategoryTree {
  roots: Node[];
  byId: Map<string, Node>;
  /** Every node, parents before children, in display order. */
  ordered: Node[];
}

/**
 * Loads the tenant's categories and the caller's visible article counts: two queries whatever the
 * size of the tree (one grouped count per category, rolled up to the ancestors in memory), so the
 * tree of a large catalogue answers without a query per category.
 *
 * Catalogue rules hide categories (docs/decisions/0008-catalogue-and-search.md, "Catalogue rules"): an excluded one and its descendants;
 * with an include list everything but the included ones and their ancestors; and a category the
 * rules leave without a single visible article, so no tab or menu entry leads to an empty result
 * because of them (a category excluded only through its marketplace, its suppliers or its
 * families, or a group all of whose categories are excluded). A category that is empty without the
 * rules too (no articles yet) stays, as it does for a caller without rules.
 */
export async function loadCategoryTree(db: Kysely<DB>, v: Visibility): Promise<CategoryTree> {
  // One scan counts, per category, what the caller sees and what they would see without their rules.
  const seen = hasRules(v) ? sql`count(*) filter (where ${visibleCondition(v, { alias: 'a' })})` : sql`count(*)`;
  const [rows, counts] = await Promise.all([
    db.selectFrom('productCategories').select(['id', 'parentId', 'name', 'sequenceNumber', 'imageUrl', 'popular'])
      .where('tenantId', '=', v.tenantId)
      .orderBy('sequenceNumber').orderBy(sql`lower(name->>'nl')`).orderBy('id').execute(),
    sql<{ categoryId: string; n: number; withoutRules: number }>`
      select a.category_id, (${seen})::int as n, count(*)::int as without_rules from supplier_articles a
      where ${visibleCondition({ ...v, rules: NO_RULES }, { alias: 'a' })} and a.category_id is not null
      group by a.category_id`.execute(db),
  ]);
  const own = new Map(counts.rows.map((r) => [r.categoryId, { n: Number(r.n), withoutRules: Number(r.withoutRules) }]));
  const byId = new Map<string, Node>();
  for (const r of rows) {
    const count = own.get(r.id);
    byId.set(r.id, {
      id: r.id, parentId: r.parentId ?? null, names: parseNames(r.name), sequenceNumber: Number(r.sequenceNumber ?? 0),
      imageUrl: r.imageUrl ?? null, popular: r.popular === true, children: [], own: count?.n ?? 0, total: 0,
      ownWithoutRules: count?.withoutRules ?? 0, totalWithoutRules: 0, lostChildToRules: false, level: 0,
      hierarchy: { nl: '', en: '', fr: '' },
    });
  }
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    // A parent of another tenant, a deleted one or a loop (a category moved under its own child)
    // would hide the branch: such a category is shown at the top level instead.
    if (parent && !loopsBack(byId, node)) parent.children.push(node);
    else roots.push(node);
  }
  // Catalogue rules hide categories too: an excluded one (and its descendants, already expanded in
  // the visibility) is gone, and with an include list only included ones and their ancestors stay.
  const excluded = new Set(v.rules.excludeCategories);
  const included = v.rules.includeCategories.length ? new Set(v.rules.includeCategories) : null;
  const keep = (node: Node): boolean => {
    if (excluded.has(node.id)) return false;
    const before = node.children.length;
    node.children = node.children.filter(keep);
    if (node.children.length < before) node.lostChildToRules = true;
    return !included || included.has(node.id) || node.children.length > 0;
  };
  // What each category would offer without the rules, over the whole tree (so a group whose
  // categories the rules all removed still knows what it had).
  const rollUpWithoutRules = (node: Node): number => {
    node.totalWithoutRules = node.ownWithoutRules + node.children.reduce((sum, child) => sum + rollUpWithoutRules(child), 0);
    return node.totalWithoutRules;
  };
  for (const root of roots) rollUpWithoutRules(root);
  const shownByCategoryRules = roots.filter(keep);
  const rollUp = (node: Node): number => {
    node.total = node.own + node.children.reduce((sum, child) => sum + rollUp(child), 0);
    return node.total;
  };
  for (const root of shownByCategoryRules) rollUp(root);
  // Then what the rules emptied goes, from the leaves up (a removed child has no visible article,
  // so the totals above it stay right).
  const prune = (node: Node): boolean => {
    const before = node.children.length;
    node.children = node.children.filter(prune);
    if (node.children.length < before) node.lostChildToRules = true;
    return !(node.total === 0 && (node.totalWithoutRules > 0 || node.lostChildToRules));
  };
  const shown = shownByCategoryRules.filter(prune);
  const ordered: Node[] = [];
  const walk = (node: Node, level: number, above: PerLanguage | null): void => {
    node.level = level;
    for (const lang of LANGUAGES) node.hierarchy[lang] = above ? `${above[lang]}${HIERARCHY_SEPARATOR}${nameIn(node.names, lang)}` : nameIn(node.names, lang);
    ordered.push(node);
    for (const child of node.children) walk(child, level + 1, node.hierarchy);
  };
  for (const root of shown) walk(root, 0, null);
  return { roots: shown, byId: new Map(ordered.map((node) => [node.id, node])), ordered };
}

/** Whether any rule list is set (with none, what the caller sees is what they would see without rules). */
function hasRules(v: Visibility): boolean {
  return RULE_KEYS.some((k) => v.rules[k].length > 0);
}

function loopsBack(byId: Map<string, Node>, node: Node): boolean {
  const seen = new Set<string>([node.id]);
  for (let p = node.parentId ? byId.get(node.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) {
    if (seen.has(p.id)) return true;
    seen.add(p.id);
  }
  return false;
}

/** The contract's Category; `deep` includes the whole subtree, otherwise subCategories is []. */
export function categoryDto(node: Node, deep: boolean): CategoryDto {
  return {
    id: node.id,
    parentId: node.parentId,
    level: node.level,
    descriptions: LANGUAGES.map((languageCode) => ({ languageCode, description: nameIn(node.names, languageCode) })),
    hierarchy: { ...node.hierarchy },
    subCategories: deep ? node.children.map((c) => categoryDto(c, true)) : [],
    amountOfArticles: node.total,
    imageUrl: node.imageUrl,
    sequenceNumber: node.sequenceNumber,
    popular: node.popular,
  };
}

/**
 * The hierarchy strings of some categories (for article DTOs): one recursive query up the tree
 * from the given ids, whatever their number.
 */
export async function categoryHierarchies(db: Kysely<DB>, tenantId: string, ids: readonly (string | null | undefined)[]): Promise<Map<string, PerLanguage>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID_RE.test(id)))];
  const out = new Map<string, PerLanguage>();
  if (!wanted.length) return out;
  const { rows } = await sql<{ startId: string; name: unknown; depth: number }>`
    with recursive up(start_id, id, parent_id, name, depth) as (
      select id, id, parent_id, name, 0 from product_categories where tenant_id = ${tenantId} and id in (${sql.join(wanted)})
      union all
      select u.start_id, c.id, c.parent_id, c.name, u.depth + 1
      from product_categories c join up u on c.id = u.parent_id
      where c.tenant_id = ${tenantId} and u.depth < 50
    ) select start_id, name, depth from up order by start_id, depth desc`.execute(db);
  const chains = new Map<string, Names[]>();
  for (const r of rows) {
    const chain = chains.get(r.startId) ?? [];
    chain.push(parseNames(r.name));
    chains.set(r.startId, chain);
  }
  for (const [id, chain] of chains) {
    out.set(id, Object.fromEntries(LANGUAGES.map((lang) => [lang, chain.map((n) => nameIn(n, lang)).join(HIERARCHY_SEPARATOR)])) as PerLanguage);
  }
  return out;
}
