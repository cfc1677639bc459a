import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import { articleCreateSchema, articleUpdateSchema } from '../../../generated/schemas/articles.gen';
import { offerCreateSchema, offerUpdateSchema } from '../../shared/contracts/articles';
import { SHEET_BOOLEANS, validEan, type ProductSheetColumn } from '../../shared/product-sheet';
import type { Owner } from '../crud/scope';
import { issuesToDetails } from '../crud/validate';
import { toRecord, UUID_RE } from '../db/records';
import type { ErrorDetail } from '../errors';
import { HIERARCHY_SEPARATOR, LANGUAGES, nameIn, type Lang } from './categories';
import type { ReadSheet, SheetRow } from './sheet-reader';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The lines of a spreadsheet of own articles (src/shared/product-sheet.ts) checked against the
 * model's rules and the company's data, for the preview and again, chunk by chunk, by the run that
 * writes them (product-import.ts): every line becomes either what to write — a new article with its
 * offer, or a change of one of the company's offers and its article, or nothing when the line says
 * what is stored — or the problems that refuse it (a column and a rule: a validation.messages key or
 * an error code, as the calls' error details).
 *
 * The values go through the product management calls' own schemas (an article's create or update
 * schema, an offer's: src/shared/contracts/articles.ts), so a line is refused exactly when the same
 * article sent to POST or PATCH /product-management would be; the references (supplier, category,
 * marketplace) are looked up by what a person writes (a name, a path, a VAT number) among what the
 * company may use, and the EAN's check digit is checked.
 */

type Db = Kysely<DB>;
type Values = Record<string, unknown>;
const articleResource = resourceByName('articles');
const offerResource = resourceByName('supplier-articles');

/** One problem of one line: the file's line number, its column, the rule it breaks. */
export interface LineProblem extends ErrorDetail { line: number }

/** What a valid line does. */
export type LineWrite =
  | { kind: 'create'; line: number; article: Values; offer: Values; supplierId: string; articleNumberSupplier: string }
  | { kind: 'update'; line: number; articleId: string; offerId: string; article: Values | null; offer: Values | null }
  | { kind: 'unchanged'; line: number; offerId: string };

/** Texts people write, by the id they stand for (a text may stand for several: ambiguous). */
class Lookup {
  readonly byKey = new Map<string, Set<string>>();
  readonly ids = new Set<string>();
  add(id: string, ...keys: (string | null | undefined)[]): void {
    this.ids.add(id);
    for (const key of keys) {
      if (!key) continue;
      const set = this.byKey.get(key) ?? new Set<string>();
      set.add(id);
      this.byKey.set(key, set);
    }
  }
  /** The ids a text stands for, under any of its `keys` (an id stands for itself). */
  private matches(text: string, keys: readonly string[]): Set<string> {
    const id = text.trim().toLowerCase();
    if (UUID_RE.test(id) && this.ids.has(id)) return new Set([id]);
    return new Set(keys.flatMap((k) => [...(this.byKey.get(k) ?? [])]));
  }
  /** The id a text stands for, or the rule it breaks: `notFound` when none, `ambiguous` when several. */
  find(text: string, keys: readonly string[], notFound: string): { id: string } | { rule: string } {
    const found = this.matches(text, keys);
    if (!found.size) return { rule: notFound };
    if (found.size > 1) return { rule: 'ambiguous' };
    return { id: [...found][0]! };
  }
  /** Whether `text` names `id` and nothing else. */
  names(text: string | null | undefined, keys: readonly string[], id: string): boolean {
    if (!text) return false;
    const found = this.matches(text, keys);
    return found.size === 1 && found.has(id);
  }
}

const nameKey = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const vatKey = (s: string) => s.replace(/[\s.-]/g, '').toUpperCase();
/** A category path as compared: its names, trimmed, between ' > ', in lower case. */
const pathKey = (s: string) => s.split('>').map(nameKey).join(HIERARCHY_SEPARATOR);
/** The keys a supplier's text is looked up by: a name (lower case) or a VAT number (upper case, so the two never meet). */
const supplierKeys = (s: string) => [nameKey(s), vatKey(s)];

/** What the company may name in a file: its usable suppliers, the tenant's categories and marketplaces. */
export interface ImportLookups {
  suppliers: Lookup;
  /** What each supplier text of the file named (a file names a few suppliers on many lines). */
  supplierOfText: Map<string, { id: string } | { rule: string }>;
  supplierNames: Map<string, { name: string | null; vatNumber: string | null }>;
  categories: Lookup;
  categoryPaths: Map<string, Record<Lang, string>>;
  marketplaces: Lookup;
  marketplaceNames: Map<string, string>;
}

/** Loads the lookups once for an import or an export (three queries). */
export async function loadLookups(db: Db, owner: Owner): Promise<ImportLookups> {
  const [suppliers, categories, marketplaces] = await Promise.all([
    // The suppliers an own offer may name (checkReferences' rule: the tenant's platform suppliers and the company's own).
    db.selectFrom('suppliers').select(['id', 'name', 'vatNumber']).where('tenantId', '=', owner.tenantId)
      .where((eb) => eb.or([eb('customerId', 'is', null), eb('customerId', '=', owner.customerId)])).execute(),
    db.selectFrom('productCategories').select(['id', 'parentId', 'name']).where('tenantId', '=', owner.tenantId).execute(),
    db.selectFrom('marketplaces').select(['id', 'name']).where('tenantId', '=', owner.tenantId).execute(),
  ]);
  const out: ImportLookups = {
    suppliers: new Lookup(), supplierOfText: new Map(), supplierNames: new Map(), categories: new Lookup(), categoryPaths: new Map(),
    marketplaces: new Lookup(), marketplaceNames: new Map(),
  };
  for (const s of suppliers) {
    out.suppliers.add(s.id, s.name ? nameKey(s.name) : null, s.vatNumber ? vatKey(s.vatNumber) : null);
    out.supplierNames.set(s.id, { name: s.name ?? null, vatNumber: s.vatNumber ?? null });
  }
  const byId = new Map(categories.map((c) => [c.id as string, { parentId: c.parentId as string | null, names: (typeof c.name === 'string' ? JSON.parse(c.name) : c.name ?? {}) as Partial<Record<Lang, string | null>> }]));
  for (const id of byId.keys()) {
    const chain: Partial<Record<Lang, string | null>>[] = [];
    for (let at: string | null = id, depth = 0; at && depth < 50; depth++) {
      const node = byId.get(at);
      if (!node) break;
      chain.unshift(node.names);
      at = node.parentId;
    }
    const paths = Object.fromEntries(LANGUAGES.map((lang) => [lang, chain.map((n) => nameIn(n, lang)).join(HIERARCHY_SEPARATOR)])) as Record<Lang, string>;
    out.categoryPaths.set(id, paths);
    out.categories.add(id, ...LANGUAGES.map((lang) => pathKey(paths[lang])));
  }
  for (const m of marketplaces) {
    out.marketplaces.add(m.id, nameKey(String(m.name)));
    out.marketplaceNames.set(m.id, String(m.name));
  }
  return out;
}

/** How the export names a supplier: by name when that names it alone, else by VAT number, else by id. */
export function supplierLabel(l: ImportLookups, id: string): string {
  const s = l.supplierNames.get(id);
  if (s?.name && l.suppliers.names(s.name, supplierKeys(s.name), id)) return s.name;
  if (s?.vatNumber && l.suppliers.names(s.vatNumber, supplierKeys(s.vatNumber), id)) return s.vatNumber;
  return id;
}
/** How the export names a category: its path in `lang` when that names it alone, else its id. */
export function categoryLabel(l: ImportLookups, id: string, lang: Lang): string {
  const path = l.categoryPaths.get(id)?.[lang];
  return path && l.categories.names(path, [pathKey(path)], id) ? path : id;
}
export function marketplaceLabel(l: ImportLookups, id: string): string {
  const name = l.marketplaceNames.get(id);
  return name && l.marketplaces.names(name, [nameKey(name)], id) ? name : id;
}

/** The key of an offer among the company's: its supplier and its number (case and spaces around it ignored). */
export const offerKey = (supplierId: string, number: string) => `${supplierId}\u0000${number.trim().toLowerCase()}`;

/** A line's cells by column (a column the file does not have is absent). */
export const cellsOf = (sheet: Pick<ReadSheet, 'columns'>, row: SheetRow): Partial<Record<ProductSheetColumn, string>> =>
  Object.fromEntries(sheet.columns.map((c, i) => [c, row.values[i] ?? '']));

/** The supplier a line names (its id), or the rule it breaks. */
function supplierOf(l: ImportLookups, text: string | undefined): { id: string } | { rule: string } {
  if (!text) return { rule: 'required' };
  let found = l.supplierOfText.get(text);
  if (!found) l.supplierOfText.set(text, (found = l.suppliers.find(text, supplierKeys(text), 'SupplierNotFound')));
  return found;
}

/**
 * The second and later lines naming an offer the file names before (by supplier and number): each
 * refused, with the first one's line. Over the whole file, valid lines or not, so that fixing an
 * earlier line never turns a later one into a duplicate.
 */
export function duplicateLines(sheet: ReadSheet, l: ImportLookups): Map<number, number> {
  const first = new Map<string, number>();
  const dups = new Map<number, number>();
  for (const row of sheet.rows) {
    const cells = cellsOf(sheet, row);
    const number = cells.articleNumberSupplier?.trim();
    if (!number) continue;
    const supplier = supplierOf(l, cells.supplier);
    const key = offerKey('id' in supplier ? supplier.id : `?${nameKey(cells.supplier ?? '')}`, number);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, row.line);
    else dups.set(row.line, seen);
  }
  return dups;
}

interface StoredOffer { offer: Values; article: Values }

/** The company's offers (with their articles) that some lines name, by offerKey: two queries per chunk. */
async function storedOffers(db: Db, owner: Owner, keys: readonly { supplierId: string; number: string }[]): Promise<Map<string, StoredOffer>> {
  const out = new Map<string, StoredOffer>();
  if (!keys.length) return out;
  const offers = await db.selectFrom('supplierArticles').selectAll().where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId)
    .where('supplierId', 'in', [...new Set(keys.map((k) => k.supplierId))])
    .where(sql<boolean>`lower(trim(article_number_supplier)) in (${sql.join([...new Set(keys.map((k) => k.number.trim().toLowerCase()))])})`)
    .orderBy('createdAt').orderBy('id').execute();
  if (!offers.length) return out;
  const articles = new Map((await db.selectFrom('articles').selectAll().where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId)
    .where('id', 'in', [...new Set(offers.map((o) => o.articleId as string))]).execute()).map((a) => [a.id as string, toRecord(articleResource, a as Values)]));
  for (const o of offers) {
    const key = offerKey(o.supplierId as string, o.articleNumberSupplier as string);
    const article = articles.get(o.articleId as string);
    if (article && !out.has(key)) out.set(key, { offer: toRecord(offerResource, o as Values), article });
  }
  return out;
}

/** The translated fields and their columns per language. */
const TRANSLATED = { title: 'title', shortDescription: 'description', longDescription: 'longDescription' } as const;
/** Text fields of the article written as they are in the file. */
const ARTICLE_TEXTS = ['brand', 'manufacturer', 'ean', 'pnNumber', 'family', 'image'] as const;
/** Whole numbers of the offer that keep their value when their cell is empty. */
const OFFER_COUNTS = ['priceQuantity', 'minOrderQuant', 'tax', 'estimateDeliveryDays'] as const;
/** Fields whose problem is reported on another column. */
const FIELD_COLUMNS: Readonly<Record<string, ProductSheetColumn>> = { supplierId: 'supplier', categoryId: 'category', marketplaceId: 'marketplace' };

/** A schema issue's path as the file's column: `title.nl` → `title_nl`, `categoryId` → `category`. */
export function columnOfPath(path: string): string {
  const [field, lang] = path.split('.');
  if (field && field in TRANSLATED) return `${TRANSLATED[field as keyof typeof TRANSLATED]}_${lang && (LANGUAGES as readonly string[]).includes(lang) ? lang : 'nl'}`;
  return FIELD_COLUMNS[field ?? ''] ?? field ?? path;
}

/** A whole number as typed ('12', '12.0', '12,00'), else the text (the schema refuses it). */
const integerOrText = (s: string) => (/^-?\d+([.,]0+)?$/.test(s) ? Number(s.replace(',', '.')) : s);

/** Two values as stored compare equal (texts, numbers, money with two decimals, translated texts per language). */
function same(kind: string, a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (kind === 'translated') {
    const x = (a ?? {}) as Record<string, unknown>;
    const y = (b ?? {}) as Record<string, unknown>;
    return LANGUAGES.every((lang) => same('text', x[lang], y[lang]));
  }
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (kind === 'money') return Number(a).toFixed(2) === Number(b).toFixed(2);
  if (kind === 'integer' || kind === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

/** The fields of `patch` that differ from `stored` (null: none). */
function changes(resource: typeof articleResource, stored: Values, patch: Values): Values | null {
  const changed = Object.entries(patch).filter(([k, v]) => v !== undefined && !same(resource.fields[k]?.kind ?? 'text', stored[k], v));
  return changed.length ? Object.fromEntries(changed) : null;
}

/**
 * Checks some lines of `sheet` (a chunk, or all for the preview) against the model's rules and the
 * database as `db` sees it (inside the run's transaction: what it writes is what it checked).
 * `duplicates` is duplicateLines' answer for the whole file.
 */
export async function checkLines(db: Db, owner: Owner, sheet: ReadSheet, rows: readonly SheetRow[], l: ImportLookups, duplicates: ReadonlyMap<number, number>): Promise<{ writes: LineWrite[]; problems: LineProblem[] }> {
  const has = (c: ProductSheetColumn) => sheet.columns.includes(c);
  const prepared = rows.map((row) => {
    const cells = cellsOf(sheet, row);
    const supplier = supplierOf(l, cells.supplier);
    return { row, cells, supplier, number: (cells.articleNumberSupplier ?? '').trim() };
  });
  const stored = await storedOffers(db, owner, prepared.flatMap((p) => ('id' in p.supplier && p.number ? [{ supplierId: p.supplier.id, number: p.number }] : [])));

  const writes: LineWrite[] = [];
  const problems: LineProblem[] = [];
  for (const { row, cells, supplier, number } of prepared) {
    const line = row.line;
    const found: ErrorDetail[] = [];
    if ('rule' in supplier) found.push({ path: 'supplier', rule: supplier.rule });
    const dupOf = duplicates.get(line);
    if (dupOf !== undefined) found.push({ path: 'articleNumberSupplier', rule: 'SupplierArticleAlreadyExists', params: { line: dupOf } });
    const target = 'id' in supplier && number ? stored.get(offerKey(supplier.id, number)) : undefined;
    const before = target?.article ?? {};

    // The article's fields: only the columns the file has (an update leaves the others alone).
    const article: Values = {};
    for (const [field, prefix] of Object.entries(TRANSLATED)) {
      const columns = LANGUAGES.map((lang) => `${prefix}_${lang}` as ProductSheetColumn);
      if (!columns.some(has)) continue;
      const was = (before[field] ?? {}) as Record<string, unknown>;
      article[field] = Object.fromEntries(LANGUAGES.map((lang, i) => [lang, has(columns[i]!) ? (cells[columns[i]!] || null) : (was[lang] ?? null)]));
    }
    for (const field of ARTICLE_TEXTS) if (has(field)) article[field] = cells[field] || null;
    if (cells.ean && !validEan(cells.ean)) found.push({ path: 'ean', rule: 'ean' });
    for (const [column, field, lookup, notFound] of [['category', 'categoryId', l.categories, 'CategoryNotFound'], ['marketplace', 'marketplaceId', l.marketplaces, 'MarketplaceNotFound']] as const) {
      if (!has(column)) continue;
      const text = cells[column];
      if (!text) { article[field] = null; continue; }
      const ref = lookup.find(text, [column === 'category' ? pathKey(text) : nameKey(text)], notFound);
      if ('id' in ref) article[field] = ref.id;
      else found.push({ path: column, rule: ref.rule });
    }
    if (cells.available) {
      const yes = SHEET_BOOLEANS[cells.available.toLowerCase()];
      if (yes === undefined) found.push({ path: 'available', rule: 'choice' });
      else article.available = yes;
    }

    // The offer's own fields.
    const offer: Values = { articleNumberSupplier: number || undefined, supplierId: 'id' in supplier ? supplier.id : undefined };
    if (has('price')) {
      if (cells.price) offer.price = cells.price;
      else if (target) found.push({ path: 'price', rule: 'required' });
    }
    for (const field of OFFER_COUNTS) if (cells[field]) offer[field] = integerOrText(cells[field]!);
    if (has('stock')) offer.stock = cells.stock ? integerOrText(cells.stock) : null;

    // The product management calls' schemas: a new article's and offer's, or a change's.
    const articleCheck = (target ? articleUpdateSchema : articleCreateSchema).safeParse(article);
    const offerCheck = (target ? offerUpdateSchema : offerCreateSchema).safeParse(offer);
    for (const check of [articleCheck, offerCheck]) {
      if (check.success) continue;
      for (const d of issuesToDetails(check.error.issues)) {
        // A supplier that is not found is already said; the schema only misses its id.
        if (d.path === 'supplierId' && 'rule' in supplier) continue;
        found.push({ ...d, path: columnOfPath(d.path) });
      }
    }
    if (found.length || !articleCheck.success || !offerCheck.success) {
      const seen = new Set<string>();
      for (const d of found) {
        const k = `${d.path}\u0000${d.rule}`;
        if (!seen.has(k)) problems.push({ line, ...d });
        seen.add(k);
      }
      continue;
    }
    const articleValues = articleCheck.data as Values;
    const offerValues = offerCheck.data as Values;
    if (!target) {
      writes.push({ kind: 'create', line, article: articleValues, offer: offerValues, supplierId: offer.supplierId as string, articleNumberSupplier: number });
      continue;
    }
    const articleChanges = changes(articleResource, target.article, articleValues);
    const offerChanges = changes(offerResource, target.offer, offerValues);
    writes.push(articleChanges || offerChanges
      ? { kind: 'update', line, articleId: target.article.id as string, offerId: target.offer.id as string, article: articleChanges, offer: offerChanges }
      : { kind: 'unchanged', line, offerId: target.offer.id as string });
  }
  return { writes, problems };
}
