import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { CONSTANTS, resourceByName } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import { t } from '../../../model/dsl/i18n';
import type { ProductImportStatus } from '../../../model/resources/product-imports';
import type { Owner } from '../crud/scope';
import { toColumns, toRecord, UUID_RE } from '../db/records';
import { ApiError, detailMessage } from '../errors';
import { defineJob, type JobContext, type JobResult } from '../jobs/definition';
import { enqueue } from '../jobs/enqueue';
import { describeFailure } from '../mail/outbox';
import { authOf } from '../request-context';
import type { BlobKey, BlobStore } from '../storage/blob-store';
import { blobStoreFor } from '../storage/configured-store';
import { receiveFile } from '../storage/receive-file';
import { assertNumbersFree, insertArticle, insertOffer, ownerOf, updateArticle, updateOffer } from './articles';
import { requireChosenCustomer } from './caller';
import { afterArticlesChanged } from './changes';
import { cellsOf, checkLines, columnOfPath, duplicateLines, loadLookups, type ImportLookups, type LineProblem } from './product-import-lines';
import { SheetError, type ReadSheet, type SheetRow } from './sheet-reader';
import { readSheetOffThread } from './sheet-off-thread';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The bulk import of a company's own articles (issue 28; the format: src/shared/product-sheet.ts;
 * the calls: src/shared/contracts/product-imports.ts).
 *
 * 1. **Preview** (POST /product-management/import/preview): the upload is received as every upload
 *    is (receiveFile: an .xlsx, .csv or .txt by name or declared type whose first bytes agree, at most
 *    CONSTANTS.productImportMaxMb MB, refused while it streams in), read on a worker thread
 *    (sheet-off-thread.ts: the server's thread never parses it), checked line by line
 *    (product-import-lines.ts, in chunks that let other requests in between), and kept as read (JSON)
 *    in the blob store under the import's id (container PRODUCT_IMPORTS_CONTAINER), with a
 *    `product-imports` row. Nothing is written to the articles; the upload itself is not kept.
 * 2. **Run** (POST …/{importId}/run): once per import (the row's status moves from previewed to
 *    queued in the transaction that enqueues `productImports.run`; another run is
 *    ProductImportAlreadyRun).
 * 3. **The job** checks every line again against the database as it is then and writes the valid
 *    ones CHUNK_LINES at a time, each chunk one transaction that also moves the row's progress (so a
 *    retried attempt goes on after the last chunk written, and a chunk is written whole or not at
 *    all). A line refused while its chunk is written (its number taken meanwhile, a reference gone)
 *    takes its chunk back and the chunk is written again without it. The search index follows each
 *    chunk (afterArticlesChanged), or, for an import of more than REINDEX_LINES_MAX lines, is rebuilt
 *    for the tenant once at the end (`search.reindex`).
 */

type Db = Kysely<DB>;
const imports = resourceByName('product-imports');

/** Where the checked files wait for their run (the blob store; not an /upload container). */
export const PRODUCT_IMPORTS_CONTAINER = 'product-imports';
export const PRODUCT_IMPORT_MAX_BYTES = CONSTANTS.productImportMaxMb * 1024 * 1024;
/** Lines written per transaction. */
export const CHUNK_LINES = 200;
/** Lines checked between two turns of the event loop in the preview. */
const PREVIEW_CHUNK_LINES = 100;
/** Problems answered (the counts are complete). */
export const PROBLEMS_SHOWN = 200;
const SAMPLE_LINES = 5;
/** Larger imports rebuild the tenant's search index once instead of indexing chunk by chunk. */
export const REINDEX_LINES_MAX = 2000;

const keyOf = (tenantId: string, importId: string): BlobKey => ({ tenantId, containerName: PRODUCT_IMPORTS_CONTAINER, blobName: importId });

/** A problem as the calls answer it: its text in `language`. */
const described = (p: { line: number; path?: string | null; rule: string; params?: Record<string, string | number> | undefined }, language: Language) =>
  ({ line: p.line, path: p.path ?? '', rule: p.rule, message: detailMessage(p.rule, language), ...(p.params ? { params: p.params } : {}) });

const byLine = (a: LineProblem, b: LineProblem) => a.line - b.line;

/** The whole body of a blob. */
async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** POST /product-management/import/preview. */
export async function previewImport(db: Db, request: FastifyRequest, store: BlobStore, language: Language) {
  const auth = authOf(request);
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  if (!request.isMultipart()) throw new ApiError('FileRequired');
  const caller = { db, auth, tenantId: owner.tenantId, customerId: owner.customerId, userId: auth.user.id };
  const upload = await receiveFile(request, store, caller, PRODUCT_IMPORTS_CONTAINER, { maxBytes: PRODUCT_IMPORT_MAX_BYTES, kinds: ['xlsx', 'csv', 'txt'] });
  const uploadKey = { tenantId: owner.tenantId, containerName: PRODUCT_IMPORTS_CONTAINER, blobName: upload.blobName };
  let read;
  try {
    const found = await store.read(uploadKey);
    if (!found) throw new ApiError('FileNotFound');
    read = await readSheetOffThread(await bytesOf(found.body), CONSTANTS.productImportMaxLines);
  } catch (err) {
    if (err instanceof SheetError) throw new ApiError(err.code, err.details);
    throw err;
  } finally {
    await store.remove(uploadKey).catch(() => false);
  }
  const { sheet, json } = read;

  // Between the steps and the chunks the event loop takes other requests in (a query of the embedded
  // database runs on this thread without one).
  const lookups = await loadLookups(db, owner);
  await yieldToOthers();
  const duplicates = duplicateLines(sheet, lookups);
  const problems: LineProblem[] = [];
  const counts = { creates: 0, updates: 0, unchanged: 0 };
  for (let at = 0; at < sheet.rows.length; at += PREVIEW_CHUNK_LINES) {
    await yieldToOthers();
    const checked = await checkLines(db, owner, sheet, sheet.rows.slice(at, at + PREVIEW_CHUNK_LINES), lookups, duplicates);
    problems.push(...checked.problems);
    for (const w of checked.writes) counts[w.kind === 'create' ? 'creates' : w.kind === 'update' ? 'updates' : 'unchanged']++;
  }
  problems.sort(byLine);
  const invalid = new Set(problems.map((p) => p.line)).size;
  const valid = sheet.rows.length - invalid;

  const importId = randomUUID();
  await store.put(keyOf(owner.tenantId, importId), Readable.from([Buffer.from(json.buffer, json.byteOffset, json.byteLength)]), {
    fileName: `${upload.fileName}.json`, contentType: 'application/json', uploadedBy: auth.user.id, customerId: owner.customerId,
  });
  try {
    await db.insertInto('productImports').values({
      id: importId, tenantId: owner.tenantId, customerId: owner.customerId!, requestedById: auth.user.id, fileName: upload.fileName,
      format: sheet.format, status: 'previewed', total: sheet.rows.length, valid,
    } as never).execute();
  } catch (err) {
    await store.remove(keyOf(owner.tenantId, importId)).catch(() => false);
    throw err;
  }
  return {
    importId, fileName: upload.fileName, format: sheet.format, lines: sheet.rows.length, valid, invalid, ...counts,
    columns: sheet.columns, ignoredColumns: sheet.ignored,
    errors: problems.slice(0, PROBLEMS_SHOWN).map((p) => described(p, language)), errorCount: problems.length,
    sample: sheet.rows.slice(0, SAMPLE_LINES).map((row) => ({ line: row.line, values: cellsOf(sheet, row) as Record<string, string> })),
  };
}

/** The owner's import `id` as stored, or ProductImportNotFound (another company's is not found either). */
async function findImport(db: Db, owner: Owner, id: string, opts: { forUpdate?: boolean } = {}) {
  if (!UUID_RE.test(id)) throw new ApiError('ProductImportNotFound');
  let q = db.selectFrom('productImports').selectAll().where('id', '=', id).where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId!);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError('ProductImportNotFound');
  return row;
}

type RefusalRow = { line: number; path?: string | null; rule: string };

/** An import as the status call answers it. */
function statusOf(stored: Record<string, unknown>, language: Language) {
  const r = toRecord(imports, stored) as Record<string, unknown>;
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    importId: r.id as string, fileName: (r.fileName as string | null) ?? null, status: r.status as ProductImportStatus,
    total: n('total'), valid: n('valid'), done: n('done'), created: n('created'), updated: n('updated'), unchanged: n('unchanged'), refused: n('refused'),
    refusals: ((r.refusals as RefusalRow[] | null) ?? []).map((p) => described(p, language)),
    createdAt: r.createdAt as string, startedAt: (r.startedAt as string | null) ?? null, finishedAt: (r.finishedAt as string | null) ?? null,
  };
}

/** GET /product-management/import/{importId}. */
export async function importStatus(db: Db, request: FastifyRequest, importId: string, language: Language) {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  return statusOf(await findImport(db, owner, importId) as Record<string, unknown>, language);
}

/** POST /product-management/import/{importId}/run: queues the job, once. */
export async function runImport(db: Db, request: FastifyRequest, importId: string, language: Language) {
  const owner = ownerOf(request.tenant.id, requireChosenCustomer(request));
  const row = await db.transaction().execute(async (trx) => {
    const found = await findImport(trx, owner, importId, { forUpdate: true });
    if (found.status !== 'previewed') throw new ApiError('ProductImportAlreadyRun');
    const jobId = await enqueue(trx, 'productImports.run', { tenantId: owner.tenantId, importId });
    return trx.updateTable('productImports').set({ status: 'queued', jobId, updatedAt: sql`now()` } as never)
      .where('id', '=', importId).where('tenantId', '=', owner.tenantId).returningAll().executeTakeFirstOrThrow();
  });
  return statusOf(row as Record<string, unknown>, language);
}

/** What a run has done so far (the row's counts and first refusals). */
interface Progress { done: number; created: number; updated: number; unchanged: number; refused: number; refusals: RefusalRow[] }

/** Lines of a chunk refused while it was written: the chunk is taken back and written again without them. */
class LinesRefused extends Error {
  constructor(readonly problems: LineProblem[]) {
    super('lines refused while writing');
  }
}

/** The problems of an ApiError a write of `line` threw, on the file's columns. */
const problemsOf = (line: number, err: ApiError): LineProblem[] =>
  (err.details?.length ? err.details : [{ path: '', rule: err.errorCode }]).map((d) => ({ line, path: columnOfPath(d.path.replace(/^offers\.\d+\./, '')), rule: d.rule }));

/**
 * Writes one chunk in one transaction, the row's progress with it; answers the offers it changed.
 * A line refused while writing takes the chunk back, which is written again without it.
 */
async function writeChunk(db: Db, owner: Owner, importId: string, sheet: ReadSheet, chunk: readonly SheetRow[], lookups: ImportLookups,
  duplicates: ReadonlyMap<number, number>, before: Progress): Promise<{ changed: string[]; progress: Progress }> {
  const refusedWriting: LineProblem[] = [];
  for (;;) {
    const skip = new Set(refusedWriting.map((p) => p.line));
    try {
      return await db.transaction().execute(async (trx) => {
        const { writes, problems } = await checkLines(trx, owner, sheet, chunk.filter((r) => !skip.has(r.line)), lookups, duplicates);
        const creates = writes.flatMap((w) => (w.kind === 'create' ? [w] : []));
        try {
          await assertNumbersFree(trx, owner, creates.map((c) => ({ supplierId: c.supplierId, articleNumberSupplier: c.articleNumberSupplier, path: String(c.line) })));
        } catch (err) {
          if (err instanceof ApiError && err.errorCode === 'SupplierArticleAlreadyExists') {
            throw new LinesRefused((err.details ?? []).map((d) => ({ line: Number(d.path), path: 'articleNumberSupplier', rule: d.rule })));
          }
          throw err;
        }
        const changed: string[] = [];
        const progress: Progress = { ...before, refusals: [...before.refusals] };
        for (const w of writes) {
          try {
            if (w.kind === 'create') {
              const article = await insertArticle(trx, owner, w.article);
              changed.push(await insertOffer(trx, owner, article.id as string, w.offer));
              progress.created++;
            } else if (w.kind === 'update') {
              if (w.article) await updateArticle(trx, owner, w.articleId, w.article);
              if (w.offer) await updateOffer(trx, owner, w.offerId, w.offer);
              changed.push(w.offerId);
              progress.updated++;
            } else {
              progress.unchanged++;
            }
          } catch (err) {
            if (err instanceof ApiError) throw new LinesRefused(problemsOf(w.line, err));
            throw err;
          }
        }
        const refusedNow = [...refusedWriting, ...problems].sort(byLine);
        progress.refused += new Set(refusedNow.map((p) => p.line)).size;
        progress.refusals.push(...refusedNow.slice(0, Math.max(0, PROBLEMS_SHOWN - progress.refusals.length)).map(({ line, path, rule }) => ({ line, path, rule })));
        progress.done += chunk.length;
        await trx.updateTable('productImports').set({
          ...toColumns(imports, { done: progress.done, created: progress.created, updated: progress.updated, unchanged: progress.unchanged, refused: progress.refused, refusals: progress.refusals }),
          updatedAt: sql`now()`,
        } as never).where('id', '=', importId).where('tenantId', '=', owner.tenantId).execute();
        return { changed, progress };
      });
    } catch (err) {
      if (!(err instanceof LinesRefused)) throw err;
      const fresh = err.problems.filter((p) => !skip.has(p.line));
      // Nothing new refused cannot happen (the same lines would fail again): give up rather than loop.
      if (!fresh.length) throw new Error(`line ${err.problems[0]?.line}: refused again while writing`);
      refusedWriting.push(...fresh);
    }
  }
}

export const productImportRunSchema = z.object({ tenantId: z.uuid(), importId: z.uuid() });
export type ProductImportRun = z.infer<typeof productImportRunSchema>;

async function runImportJob({ tenantId, importId }: ProductImportRun, { db, config, attempt, log }: JobContext): Promise<JobResult> {
  const row = await db.selectFrom('productImports').selectAll().where('tenantId', '=', tenantId).where('id', '=', importId).executeTakeFirst();
  if (!row) return { skipped: 'not found' };
  if (row.status === 'done' || row.status === 'failed') return { skipped: String(row.status) };
  const owner = ownerOf(tenantId, row.customerId as string);
  const store = blobStoreFor(config);
  await db.updateTable('productImports').set({ status: 'running', startedAt: row.startedAt ? undefined : sql`clock_timestamp()`, error: null, updatedAt: sql`now()` } as never)
    .where('id', '=', importId).execute();
  try {
    const found = await store.read(keyOf(tenantId, importId));
    if (!found) throw new Error('the checked file of the import is gone');
    const sheet = JSON.parse((await bytesOf(found.body)).toString('utf8')) as ReadSheet;
    const lookups = await loadLookups(db, owner);
    const duplicates = duplicateLines(sheet, lookups);
    const rebuild = sheet.rows.length > REINDEX_LINES_MAX;
    const stored = toRecord(imports, row as Record<string, unknown>) as Record<string, unknown>;
    let progress: Progress = {
      done: Number(row.done ?? 0), created: Number(row.created ?? 0), updated: Number(row.updated ?? 0), unchanged: Number(row.unchanged ?? 0),
      refused: Number(row.refused ?? 0), refusals: (stored.refusals as RefusalRow[] | null) ?? [],
    };
    for (let at = progress.done; at < sheet.rows.length; at += CHUNK_LINES) {
      await yieldToOthers();
      const written = await writeChunk(db, owner, importId, sheet, sheet.rows.slice(at, at + CHUNK_LINES), lookups, duplicates, progress);
      progress = written.progress;
      if (!rebuild) await afterArticlesChanged(db, tenantId, written.changed, log);
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('productImports').set({ status: 'done', finishedAt: sql`clock_timestamp()`, updatedAt: sql`now()` } as never).where('id', '=', importId).execute();
      if (rebuild && progress.created + progress.updated > 0) await enqueue(trx, 'search.reindex', { tenantId });
    });
    await store.remove(keyOf(tenantId, importId)).catch(() => false);
    return { importId, lines: sheet.rows.length, created: progress.created, updated: progress.updated, unchanged: progress.unchanged, refused: progress.refused };
  } catch (err) {
    // Waiting for the next attempt (which goes on after the last chunk written); after the last one it has failed, with the reason.
    await db.updateTable('productImports').set({
      status: attempt.last ? 'failed' : 'queued', error: describeFailure(err), finishedAt: attempt.last ? sql`clock_timestamp()` : null, updatedAt: sql`now()`,
    } as never).where('id', '=', importId).execute();
    throw err;
  }
}

/**
 * `productImports.run`: queued by POST /product-management/import/{importId}/run. Safe to run again:
 * it goes on after the last chunk written, and leaves a finished import alone. Its result, under
 * /ycAdmin/cron's logs, is the counts.
 */
export const productImportJob = defineJob<ProductImportRun>({
  title: t('Artikelen importeren', 'Import articles', 'Importer des articles'),
  description: t(
    'Schrijft de geldige lijnen van een opgeladen artikellijst van een bedrijf weg (nieuwe artikelen en wijzigingen van de eigen artikelen), per blok in één transactie; foute lijnen worden met reden geweigerd.',
    "Writes the valid lines of a company's uploaded list of articles (new articles and changes of its own), a chunk per transaction; faulty lines are refused with their reason.",
    "Enregistre les lignes valides d'une liste d'articles téléversée par une entreprise (nouveaux articles et modifications des siens), un bloc par transaction ; les lignes erronées sont refusées avec leur raison.",
  ),
  queue: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800, heartbeatSeconds: 30, deleteAfterSeconds: 30 * 24 * 3600 },
  parse: (data) => productImportRunSchema.parse(data),
  handle: runImportJob,
});

/** How long a checked file waits for its run: after that the preview is gone and the file is uploaded again. */
export const PREVIEW_KEPT_HOURS = 24;

/**
 * Previews nobody ran within PREVIEW_KEPT_HOURS are removed, row and checked file (a run asked for
 * later answers ProductImportNotFound), and the checked file of an import that failed for good that
 * long ago goes too (its row stays, with its counts and error). The row's delete is conditional on it
 * still being a preview, so a run queued meanwhile keeps its file.
 */
export async function expireImportPreviews(db: Db, store: BlobStore, now = new Date()): Promise<{ previews: number; failedFiles: number }> {
  const cutoff = new Date(now.getTime() - PREVIEW_KEPT_HOURS * 3_600_000);
  const removed = await db.deleteFrom('productImports').where('status', '=', 'previewed').where('createdAt', '<', cutoff as never)
    .returning(['id', 'tenantId']).execute();
  const failed = await db.selectFrom('productImports').select(['id', 'tenantId']).where('status', '=', 'failed').where('finishedAt', '<', cutoff as never).execute();
  let failedFiles = 0;
  for (const r of removed) await store.remove(keyOf(r.tenantId, r.id)).catch(() => false);
  for (const r of failed) if (await store.remove(keyOf(r.tenantId, r.id)).catch(() => false)) failedFiles++;
  return { previews: removed.length, failedFiles };
}

/** `productImports.expire`: every hour, expireImportPreviews. */
export const productImportsExpireJob = defineJob<Record<string, never>>({
  title: t('Verlopen artikelimports opruimen', 'Clear expired article imports', "Nettoyer les importations d'articles expirées"),
  description: t(
    `Verwijdert gecontroleerde artikellijsten die niet binnen ${PREVIEW_KEPT_HOURS} uur geïmporteerd werden, en het bestand van mislukte imports.`,
    `Removes checked article lists that were not imported within ${PREVIEW_KEPT_HOURS} hours, and the file of failed imports.`,
    `Supprime les listes d'articles vérifiées qui n'ont pas été importées dans les ${PREVIEW_KEPT_HOURS} heures, et le fichier des importations échouées.`,
  ),
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900, deleteAfterSeconds: 7 * 86_400 },
  schedule: { cron: '40 * * * *' },
  parse: () => ({}),
  handle: async (_data, { db, config }) => expireImportPreviews(db, blobStoreFor(config)),
});
