import { sql, type Kysely } from 'kysely';
import { UUID_RE } from '../crud/record';
import { visibleCondition, type Visibility } from './visibility';
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
 */
export async function loadCategoryTree(db: Kysely<DB>, v: Visibility): Promise<CategoryTree> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('productCategories').select(['id', 'parentId', 'name', 'sequenceNumber', 'imageUrl', 'popular'])
      .where('tenantId', '=', v.tenantId)
      .orderBy('sequenceNumber').orderBy(sql`lower(name->>'nl')`).orderBy('id').execute(),
    sql<{ categoryId: string; n: number }>`
      select a.category_id, count(*)::int as n from supplier_articles a
      where ${visibleCondition(v, { alias: 'a' })} and a.category_id is not null
      group by a.category_id`.execute(db),
  ]);
  const own = new Map(counts.rows.map((r) => [r.categoryId, Number(r.n)]));
  const byId = new Map<string, Node>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id, parentId: r.parentId ?? null, names: parseNames(r.name), sequenceNumber: Number(r.sequenceNumber ?? 0),
      imageUrl: r.imageUrl ?? null, popular: r.popular === true, children: [], own: own.get(r.id) ?? 0, total: 0, level: 0,
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
    node.children = node.children.filter(keep);
    return !included || included.has(node.id) || node.children.length > 0;
  };
  const shown = roots.filter(keep);
  const ordered: Node[] = [];
  const walk = (node: Node, level: number, above: PerLanguage | null): number => {
    node.level = level;
    for (const lang of LANGUAGES) node.hierarchy[lang] = above ? `${above[lang]}${HIERARCHY_SEPARATOR}${nameIn(node.names, lang)}` : nameIn(node.names, lang);
    ordered.push(node);
    node.total = node.own + node.children.reduce((sum, child) => sum + walk(child, level + 1, node.hierarchy), 0);
    return node.total;
  };
  for (const root of shown) walk(root, 0, null);
  return { roots: shown, byId: new Map(ordered.map((node) => [node.id, node])), ordered };
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
