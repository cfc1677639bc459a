/**
 * The Staples catalogue import of the sandbox (core §7: POST /admin/sandbox/runImportStaplesCatalog):
 * a supplier's catalogue file — here the sample shipped with the demo data,
 * src/server/demo/staples-catalogue.csv — read into the catalogue of the tenant's supplier
 * *Staples* (created the first time) by the `catalogue.importStaples` job.
 *
 * The file: UTF-8 (a byte order mark is dropped), `;`-separated, a header line, `"` quoting (`""`
 * inside quotes; quoted fields may hold `;` and line breaks), read by csv-parse as a stream, one article a line:
 * article_number; ean; brand; title_nl; title_fr; title_en; price_excl_vat (a dot or a comma);
 * vat_percent; stock (empty: not tracked).
 *
 * Articles are matched by their article number (case and spaces around it ignored) among the
 * supplier's platform articles: a new number is created, a known one updated when anything the file
 * says differs and left alone otherwise, so a second run of the same file changes nothing and one
 * with new prices changes only those. A line that does not make a valid article (the model's own
 * create rules, plus an EAN-13 check digit) is refused with its line number and reason; the others
 * are still imported. The search index is brought up to date for what changed.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { supplierArticles } from '../../../model/resources/catalogue';
import { schemasFor } from '../../shared/schema-builder';
import { insertColumns, jsonValue, toColumns } from '../db/records';
import { issuesToDetails } from '../crud/validate';
import { defineJob, type JobResult } from '../jobs/definition';
import { reindexArticles } from '../search/index-sync';
import type { DB } from '../../../generated/db/database.gen';
import { z } from 'zod';
import { validEan } from '../../shared/product-sheet';
import { csvRecords, CsvReadError } from './csv-records';

/** The sample file the sandbox imports. */
export const STAPLES_SAMPLE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo/staples-catalogue.csv');
/** The supplier the sample belongs to, found by this name in the tenant (or created). */
export const STAPLES_SUPPLIER_NAME = 'Staples';

const COLUMNS = ['article_number', 'ean', 'brand', 'title_nl', 'title_fr', 'title_en', 'price_excl_vat', 'vat_percent', 'stock'] as const;
/** The most refusals the result lists with their reasons (the counts are always complete). */
const REASONS_MAX = 20;

/** One line of the file, by column name, with its line number. */
export interface CatalogueRow { line: number; values: Record<(typeof COLUMNS)[number], string> }

export class CatalogueFileError extends Error {}

/**
 * The file's rows under its header (which must name the columns above, in any order); blank lines
 * are skipped. Read as a stream (csv-records.ts), so a large file never holds the event loop; each
 * row keeps the line it starts on.
 */
export async function parseCatalogue(file: Readable | string): Promise<CatalogueRow[]> {
  let header: string[] | null = null;
  const rows: CatalogueRow[] = [];
  try {
    for await (const { record, line } of csvRecords(file, ';')) {
      if (record.every((f) => f.trim() === '')) continue;
      if (!header) {
        const names = record.map((f) => f.trim().toLowerCase());
        const missing = COLUMNS.filter((c) => !names.includes(c));
        if (missing.length) throw new CatalogueFileError(`the header lacks ${missing.join(', ')}`);
        header = names;
        continue;
      }
      const at = header;
      rows.push({ line, values: Object.fromEntries(COLUMNS.map((c) => [c, (record[at.indexOf(c)] ?? '').trim()])) as CatalogueRow['values'] });
    }
  } catch (err) {
    if (err instanceof CsvReadError) throw new CatalogueFileError(err.message);
    throw err;
  }
  if (!header) throw new CatalogueFileError('the file is empty');
  return rows;
}

/** The EAN check digit rule is the shared one (also the bulk import's). */
export { validEan };

const schemas = schemasFor(supplierArticles);
/** The columns the file sets; an article whose stored values equal these is unchanged. */
const IMPORTED = ['title', 'brand', 'ean', 'price', 'tax', 'stock'] as const;

const decimal = (s: string) => s.replace(',', '.');
const integerOrText = (s: string) => (/^-?\d+$/.test(s) ? Number(s) : s);

/** A row as the values of a supplier article (checked by the model's create schema), or why it is refused. */
function articleOf(row: CatalogueRow, supplierId: string): { values: Record<string, unknown> } | { reason: string } {
  const v = row.values;
  if (!v.article_number) return { reason: 'article_number: required' };
  if (v.ean && !validEan(v.ean)) return { reason: `ean: ${v.ean} is not a valid EAN (check digit)` };
  const candidate = {
    articleNumberSupplier: v.article_number, supplierId,
    title: { nl: v.title_nl || null, fr: v.title_fr || null, en: v.title_en || null },
    brand: v.brand || undefined, ean: v.ean || undefined,
    price: decimal(v.price_excl_vat), tax: integerOrText(v.vat_percent), stock: v.stock === '' ? null : integerOrText(v.stock),
  };
  if (!v.title_nl && !v.title_fr && !v.title_en) return { reason: 'title: required' };
  const parsed = schemas.create.safeParse(candidate);
  if (!parsed.success) {
    return { reason: issuesToDetails(parsed.error.issues, '').map((d) => `${d.path.replace(/^\./, '')}: ${d.rule}`).join(', ') };
  }
  return { values: parsed.data as Record<string, unknown> };
}

/** The tenant's Staples supplier (a platform supplier, not a customer's), created when missing. */
async function staplesSupplier(db: Kysely<DB>, tenantId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`staples-supplier:${tenantId}`}))`.execute(trx);
    const found = await trx.selectFrom('suppliers').select('id').where('tenantId', '=', tenantId).where('customerId', 'is', null)
      .where(sql<boolean>`lower(name) = ${STAPLES_SUPPLIER_NAME.toLowerCase()}`).orderBy('createdAt').orderBy('id').executeTakeFirst();
    if (found) return found.id;
    const row = await trx.insertInto('suppliers').values({
      tenantId, customerId: null, name: STAPLES_SUPPLIER_NAME, active: true, budgetSpent: '0.00',
      shippingCost: '6.50', freeShippingFrom: '100.00', minimumOrderPrice: null,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Stored and imported values compared as the file would write them (jsonb and numerics read back as text or values). */
function same(stored: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return IMPORTED.every((k) => {
    const a = stored[k];
    const b = values[k];
    if (k === 'title') {
      const s = jsonValue<Record<string, unknown>>(a) ?? {};
      const n = (b ?? {}) as Record<string, unknown>;
      return ['nl', 'fr', 'en'].every((l) => (s[l] ?? null) === (n[l] ?? null));
    }
    if (k === 'price') return a != null && b != null && Number(a).toFixed(2) === Number(b).toFixed(2);
    if (a == null || b == null) return a == null && b == null;
    return String(a) === String(b);
  });
}

export interface ImportReport {
  supplierId: string;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** `line N: reason`, the first REASONS_MAX refusals. */
  reasons: string[];
  changedIds: string[];
}

/**
 * Imports a catalogue file (its text, or a stream of it) into the tenant's Staples supplier: all rows that are valid in one
 * transaction (the file is one delivery of the supplier), then the search index for what changed.
 * A file that cannot be read at all (no header, an open quote) throws CatalogueFileError.
 */
export async function importCatalogue(db: Kysely<DB>, tenantId: string, file: Readable | string): Promise<ImportReport> {
  const rows = await parseCatalogue(file);
  const supplierId = await staplesSupplier(db, tenantId);
  const report: ImportReport = { supplierId, created: 0, updated: 0, unchanged: 0, refused: 0, reasons: [], changedIds: [] };
  const refuse = (line: number, reason: string) => {
    report.refused++;
    if (report.reasons.length < REASONS_MAX) report.reasons.push(`line ${line}: ${reason}`);
  };
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`supplier-catalogue:${tenantId}:${supplierId}`}))`.execute(trx);
    const existing = new Map<string, Record<string, unknown>>();
    for (const r of await trx.selectFrom('supplierArticles').select(['id', 'articleNumberSupplier', ...IMPORTED])
      .where('tenantId', '=', tenantId).where('supplierId', '=', supplierId).where('customerId', 'is', null)
      .orderBy('createdAt').orderBy('id').execute()) {
      const key = String(r.articleNumberSupplier).trim().toLowerCase();
      if (!existing.has(key)) existing.set(key, r as Record<string, unknown>);
    }
    const seen = new Map<string, number>();
    for (const row of rows) {
      const made = articleOf(row, supplierId);
      if ('reason' in made) { refuse(row.line, made.reason); continue; }
      const key = String(made.values.articleNumberSupplier).trim().toLowerCase();
      if (seen.has(key)) { refuse(row.line, `article_number: ${row.values.article_number} already on line ${seen.get(key)}`); continue; }
      seen.set(key, row.line);
      const stored = existing.get(key);
      if (!stored) {
        const created = await trx.insertInto('supplierArticles')
          .values({ ...insertColumns('supplierArticles', supplierArticles, made.values), tenantId, customerId: null })
          .returning('id').executeTakeFirstOrThrow();
        report.created++;
        report.changedIds.push(created.id);
      } else if (same(stored, made.values)) {
        report.unchanged++;
      } else {
        const changes = Object.fromEntries(IMPORTED.map((k) => [k, made.values[k] ?? null]));
        await trx.updateTable('supplierArticles').set({ ...toColumns(supplierArticles, changes), updatedAt: sql`now()` })
          .where('id', '=', String(stored.id)).where('tenantId', '=', tenantId).execute();
        report.updated++;
        report.changedIds.push(String(stored.id));
      }
    }
  });
  await reindexArticles(db, tenantId, report.changedIds);
  return report;
}

export const staplesImportSchema = z.object({ tenantId: z.uuid() });

/**
 * `catalogue.importStaples`: queued by POST /admin/sandbox/runImportStaplesCatalog for its tenant.
 * Safe to run again (an upsert by article number). Its result, under /ycAdmin/cron's logs, is the counts
 * and the refusals' reasons.
 */
export const staplesImportJob = defineJob<z.infer<typeof staplesImportSchema>>({
  title: t('Staples-catalogus importeren', 'Import the Staples catalogue', 'Importer le catalogue Staples'),
  description: t(
    'Leest het voorbeeldbestand van de Staples-catalogus in bij de leverancier Staples: nieuwe artikelnummers worden aangemaakt, gekende bijgewerkt als er iets verschilt; foute lijnen worden met reden geweigerd.',
    'Reads the sample Staples catalogue file into the supplier Staples: new article numbers are created, known ones updated when anything differs; faulty lines are refused with a reason.',
    "Lit le fichier d'exemple du catalogue Staples chez le fournisseur Staples : les nouvelles références sont créées, les connues mises à jour si quelque chose diffère ; les lignes erronées sont refusées avec leur raison.",
  ),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 600, deleteAfterSeconds: 30 * 24 * 3600 },
  parse: (data) => staplesImportSchema.parse(data),
  handle: async ({ tenantId }, { db }): Promise<JobResult> => {
    const r = await importCatalogue(db, tenantId, fs.createReadStream(STAPLES_SAMPLE_FILE));
    return {
      tenantId, supplierId: r.supplierId, created: r.created, updated: r.updated, unchanged: r.unchanged, refused: r.refused,
      ...(r.reasons.length ? { refusedLines: r.reasons.join('; ') } : {}),
    };
  },
});
