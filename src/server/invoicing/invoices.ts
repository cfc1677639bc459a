import { sql, type Kysely, type Transaction } from 'kysely';
import { invoiceWorkflow, resourceByName, type InvoiceStatus } from '../../../model';
import { checkRules } from '../../shared/schema-builder';
import { canCall } from '../../shared/access';
import { toRecord, UUID_RE } from '../db/records';
import { ApiError, type ErrorDetail } from '../errors';
import { todayInShopZone } from '../../shared/shop-clock';
import { fromCents, toCents } from '../../shared/money';
import { isPlatformUser, supplierIdsOf, type Who } from '../fulfilment/parties';
import type { BlobStore } from '../storage/blob-store';
import { acceptMismatch, assertPayable, matchOf, refreshMatch, refreshMatchesOfSupplierOrder } from './three-way';
import { invoiceContracts } from '../../shared/contracts/invoices';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Invoices (flows §3, §4, §5, §7): who reads and changes one, the workflow of its status, the
 * platform's invoice of a delivery, and the order of file and row when either goes. Every change runs
 * in one transaction on the locked invoice row. A file is a blob of the 'invoices' container
 * (invoice-files.ts): when it goes, the blob goes first and the row follows only once that succeeded
 * (flows §5 hard delete), so no invoice ever points at a file that is gone unnoticed.
 */

export type Db = Kysely<DB> | Transaction<DB>;
export type InvoiceRow = Record<string, unknown> & {
  id: string; tenantId: string; customerId: string; status: InvoiceStatus; number: string; deliveryId: string | null;
  blobName: string | null; fileName: string | null; invoiceDate: string; dueDate: string; deleted: boolean;
};

export const INVOICES_CONTAINER = 'invoices';
const invoices = resourceByName('invoices');
const lineResource = resourceByName('invoice-lines');
/** Who reads and who changes invoices on the customer side: the rules of GET /invoices and /invoices/update (feature and letters). */
const READ_RULE = invoiceContracts.list.access;
const WRITE_RULE = invoiceContracts.update.access;
const DELETE_RULE = invoiceContracts.delete.access;
const ACCEPT_RULE = invoiceContracts.acceptMismatch.access;

/** The address a file of the container is read back at (GET /upload), as blobUrl of storage/containers.ts writes it. */
export const invoiceFileUrl = (blobName: string) => `/upload?containerName=${INVOICES_CONTAINER}&blobName=${encodeURIComponent(blobName)}`;

/**
 * How the caller relates to an invoice: a platform user, a reader of its company, a user of its
 * supplier (who reads it and does nothing else with it), or nobody.
 */
function relation(who: Who, inv: Pick<InvoiceRow, 'customerId'> & { supplierId?: unknown }): 'platform' | 'customer' | 'supplier' | null {
  if (isPlatformUser(who)) return 'platform';
  if (who.customerId === inv.customerId && canCall(READ_RULE, who.subject)) return 'customer';
  if (typeof inv.supplierId === 'string' && supplierIdsOf(who).includes(inv.supplierId)) return 'supplier';
  return null;
}

/** The workflow's parties the caller acts as: 'platformAdmin', or the access's roles (admin, finance). */
function partiesOf(who: Who, inv: Pick<InvoiceRow, 'customerId'>): string[] {
  const rel = relation(who, inv);
  if (rel === 'platform') return ['platformAdmin'];
  return rel === 'customer' ? [...(who.access?.roles ?? [])] : [];
}

const mayWrite = (who: Who, inv: Pick<InvoiceRow, 'customerId'>) => {
  const rel = relation(who, inv);
  return rel === 'platform' || (rel === 'customer' && canCall(WRITE_RULE, who.subject));
};

/** Whether the caller may take the workflow's step from the invoice's status to `to`. */
function stepTo(inv: Pick<InvoiceRow, 'status'>, to: InvoiceStatus, parties: readonly string[]) {
  const steps = invoiceWorkflow.transitions.filter((t) => t.from.includes(inv.status) && t.to === to);
  return { exists: steps.length > 0, mine: steps.some((t) => t.by.some((b) => parties.includes(b))) };
}

/**
 * The invoice `id` of the tenant as the caller may read it, or InvoiceNotFound (also for a deleted
 * one, unless `withDeleted`: a hard delete may still remove it).
 */
export async function readableInvoice(db: Db, tenantId: string, who: Who, id: unknown, opts: { lock?: boolean; withDeleted?: boolean } = {}): Promise<InvoiceRow> {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('InvoiceNotFound');
  let q = db.selectFrom('invoices').selectAll().where('tenantId', '=', tenantId).where('id', '=', id);
  if (!opts.withDeleted) q = q.where('deleted', '=', false);
  const row = (await (opts.lock ? q.forUpdate() : q).executeTakeFirst()) as unknown as InvoiceRow | undefined;
  if (!row || !relation(who, row)) throw new ApiError('InvoiceNotFound');
  return row;
}

/** The invoice as the API answers it (the record of the model). */
export const invoiceRecord = (row: Record<string, unknown>) => toRecord(invoices, row);

/** An invoice's lines by line number. */
export async function invoiceLinesOf(db: Db, inv: Pick<InvoiceRow, 'id' | 'tenantId'>) {
  const rows = await db.selectFrom('invoiceLines').selectAll().where('invoiceId', '=', inv.id).where('tenantId', '=', inv.tenantId)
    .orderBy('lineNumber').orderBy('id').execute();
  return rows.map((r) => toRecord(lineResource, r as Record<string, unknown>));
}

/** The invoice as its pages show it: the record, its lines, who created and paid it, and what the caller may do now. */
export async function invoiceDetail(db: Db, who: Who, inv: InvoiceRow) {
  const ids = [inv.paidById, inv.createdById].filter((v): v is string => typeof v === 'string');
  const names = ids.length ? await db.selectFrom('users').select(['id', 'displayname', 'email']).where('id', 'in', ids).execute() : [];
  const nameOf = (id: unknown) => { const u = names.find((n) => n.id === id); return u ? String(u.displayname ?? u.email ?? '') || null : null; };
  const parties = partiesOf(who, inv);
  const write = mayWrite(who, inv);
  const match = await matchOf(db, inv as unknown as Parameters<typeof matchOf>[1]);
  const acceptedBy = typeof inv.matchAcceptedById === 'string'
    ? await db.selectFrom('users').select(['displayname', 'email']).where('id', '=', inv.matchAcceptedById).executeTakeFirst() : undefined;
  return {
    ...invoiceRecord(inv), lines: await invoiceLinesOf(db, inv),
    paidByName: nameOf(inv.paidById), createdByName: nameOf(inv.createdById),
    // The three-way match line by line as it stands now (null: the invoice names no supplier order).
    match: match && { status: match.matchStatus, tolerance: match.tolerance, lines: match.lines },
    matchAcceptedByName: acceptedBy ? String(acceptedBy.displayname || acceptedBy.email || '') || null : null,
    mayPay: write && stepTo(inv, 'payed', parties).mine && match?.matchStatus !== 'mismatch',
    mayAcceptMismatch: match?.matchStatus === 'mismatch' && relation(who, inv) === 'customer' && canCall(ACCEPT_RULE, who.subject),
    mayReopen: write && stepTo(inv, 'open', parties).mine,
    mayUpdate: write,
    mayDelete: relation(who, inv) === 'platform' || (relation(who, inv) === 'customer' && canCall(DELETE_RULE, who.subject)),
  };
}
export type InvoiceDetail = Awaited<ReturnType<typeof invoiceDetail>>;

export const reread = async (db: Db, id: string) => (await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as InvoiceRow;

/** open or expired as the due date says, for an invoice that is not paid (the workflow's system steps). */
const dueStatus = (dueDate: string, today = todayInShopZone()): InvoiceStatus => (dueDate < today ? 'expired' : 'open');

/** The model's date rule (dueDate not before invoiceDate): 400 invalidDueDate, its detail on dueDate. */
function checkDates(values: { invoiceDate?: unknown; dueDate?: unknown }): void {
  const issues = checkRules(invoices, values);
  if (issues.length) throw new ApiError(issues[0]!.code as 'invalidDueDate', issues.map((i): ErrorDetail => ({ path: i.path, rule: i.code })));
}

/** A line's total excluding VAT: quantity (up to 3 decimals) × unit price, rounded half up to the cent. */
export function lineTotal(quantity: number, unitPriceExcl: string): string {
  const milli = BigInt(Math.round(quantity * 1000));
  return fromCents((toCents(unitPriceExcl) * milli + 500n) / 1000n);
}

export interface LineInput {
  supplierOrderLineId?: string | null; articleNumberSupplier?: string | null; description?: string | null;
  quantity: number; unitPriceExcl: string; vatPercent?: number | null; lineTotalExcl?: string | null;
}

export async function insertLines(trx: Transaction<DB>, inv: Pick<InvoiceRow, 'id' | 'tenantId' | 'customerId'>, lines: readonly LineInput[]): Promise<void> {
  if (!lines.length) return;
  await trx.insertInto('invoiceLines').values(lines.map((l, i) => ({
    tenantId: inv.tenantId, customerId: inv.customerId, invoiceId: inv.id, lineNumber: i + 1,
    supplierOrderLineId: l.supplierOrderLineId ?? null, articleNumberSupplier: l.articleNumberSupplier ?? null, description: l.description ?? null,
    quantity: l.quantity, unitPriceExcl: l.unitPriceExcl, vatPercent: l.vatPercent ?? null, lineTotalExcl: l.lineTotalExcl ?? lineTotal(l.quantity, l.unitPriceExcl),
  }))).execute();
}

export interface InvoiceInput {
  number?: string; gcsNumber?: string | null; supplierId?: string | null; supplierName?: string | null;
  priceExcl?: string; priceIncl?: string; invoiceDate?: string; dueDate?: string; remarks?: string | null;
}

/** The supplier order a gcsNumber names for the customer, and the supplier an id names (its name), or validation problems. */
async function links(db: Db, tenantId: string, customerId: string, input: InvoiceInput) {
  const out: Record<string, unknown> = {};
  if (input.gcsNumber) {
    const so = await db.selectFrom('supplierOrders').select(['id', 'orderId', 'orderNumber', 'supplierId', 'supplierName'])
      .where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('gcsNumber', '=', input.gcsNumber).executeTakeFirst();
    out.supplierOrderId = so?.id ?? null;
    out.orderId = so?.orderId ?? null;
    out.orderNumber = so?.orderNumber ?? null;
    if (so && input.supplierId === undefined) out.supplierId = so.supplierId;
    if (so && input.supplierName === undefined) out.supplierName = so.supplierName;
  } else if (input.gcsNumber !== undefined) {
    Object.assign(out, { supplierOrderId: null, orderId: null, orderNumber: null });
  }
  if (input.supplierId) {
    const s = await db.selectFrom('suppliers').select(['id', 'name']).where('tenantId', '=', tenantId).where('id', '=', input.supplierId)
      .where((eb) => eb.or([eb('customerId', '=', customerId), eb('customerId', 'is', null)])).executeTakeFirst();
    if (!s) throw new ApiError('validationFailed', [{ path: 'supplierId', rule: 'invalid' }]);
    if (!input.supplierName && !out.supplierName) out.supplierName = s.name;
  }
  return out;
}

/** POST /invoices/create: an invoice the company enters, open (expired when already past its due date). */
export async function createInvoice(db: Kysely<DB>, owner: { tenantId: string; customerId: string }, who: Who,
  input: Required<Pick<InvoiceInput, 'number' | 'priceExcl' | 'priceIncl' | 'invoiceDate' | 'dueDate'>> & InvoiceInput & { lines?: LineInput[] | null }) {
  checkDates(input);
  return db.transaction().execute(async (trx) => {
    const linked = await links(trx, owner.tenantId, owner.customerId, input);
    const created = await trx.insertInto('invoices').values({
      ...owner, number: input.number, gcsNumber: input.gcsNumber ?? null, supplierId: input.supplierId ?? null, supplierName: input.supplierName ?? null,
      priceExcl: input.priceExcl, priceIncl: input.priceIncl, invoiceDate: input.invoiceDate, dueDate: input.dueDate, remarks: input.remarks ?? null,
      status: dueStatus(input.dueDate), source: 'manual', createdById: who.user.id, deleted: false, ...linked,
    } as never).returning('id').executeTakeFirstOrThrow();
    const inv = await reread(trx, String(created.id));
    await insertLines(trx, inv, input.lines ?? []);
    await refreshMatch(trx, inv.id);
    return invoiceDetail(trx, who, await reread(trx, inv.id));
  });
}

/**
 * POST /invoices/update: the fields sent, the due-date rule on the result, and a status change
 * through the workflow: a step that does not exist from here is InvoiceNotInStep, one that is not the
 * caller's UnauthorizedRole. Paying sets paidAt and paidById; reopening clears them. An invoice that is
 * not paid then follows its due date (the workflow's system steps: expired when past it, open again when moved).
 */
export async function updateInvoice(db: Kysely<DB>, tenantId: string, who: Who, id: unknown, input: InvoiceInput & { status?: InvoiceStatus | null }) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true });
    if (!mayWrite(who, inv)) throw new ApiError('UnauthorizedRole');
    const changes: Record<string, unknown> = {};
    for (const key of ['number', 'gcsNumber', 'supplierId', 'supplierName', 'priceExcl', 'priceIncl', 'invoiceDate', 'dueDate', 'remarks'] as const) {
      if (input[key] !== undefined) changes[key] = input[key];
    }
    const invoiceDate = String(changes.invoiceDate ?? inv.invoiceDate);
    const dueDate = String(changes.dueDate ?? inv.dueDate);
    checkDates({ invoiceDate, dueDate });
    Object.assign(changes, await links(trx, tenantId, inv.customerId, input));
    let status = inv.status;
    if (input.status && input.status !== inv.status) {
      const step = stepTo(inv, input.status, partiesOf(who, inv));
      if (!step.exists) throw new ApiError('InvoiceNotInStep');
      if (!step.mine) throw new ApiError('UnauthorizedRole');
      status = input.status;
      if (status === 'payed') {
        await trx.updateTable('invoices').set({ ...changes, updatedAt: sql`clock_timestamp()` } as never).where('id', '=', inv.id).execute();
        // Paying needs a match that holds, on the invoice as it is about to be.
        await assertPayable(trx, inv.id);
        Object.assign(changes, { paidAt: sql`clock_timestamp()`, paidById: who.user.id });
      }
      else Object.assign(changes, { paidAt: null, paidById: null });
    }
    if (status !== 'payed') status = dueStatus(dueDate);
    changes.status = status;
    await trx.updateTable('invoices').set({ ...changes, updatedAt: sql`clock_timestamp()` } as never).where('id', '=', inv.id).execute();
    // Its amounts or its supplier order may have changed: this invoice and the order's later ones again.
    const after = await reread(trx, inv.id);
    for (const soId of new Set([inv.supplierOrderId, after.supplierOrderId])) await refreshMatchesOfSupplierOrder(trx, tenantId, soId as string | null);
    await refreshMatch(trx, inv.id);
    return invoiceDetail(trx, who, await reread(trx, inv.id));
  });
}

/** What a bulk step did to one invoice: its status after it, or the errorCode the single call would have answered. */
export interface BulkPayOutcome { invoiceId: string; ok: boolean; status?: InvoiceStatus; errorCode?: string }

/**
 * POST /invoices/mark-paid-bulk: each invoice (once, in the order sent) paid through the single
 * call's step (updateInvoice with status payed: the workflow, the caller's roles, the three-way
 * match), each in its own transaction: one that is refused is reported with its errorCode and
 * leaves the others paid, as an approver's bulk approval does (ordering/approval-inbox.ts).
 */
export async function markPaidMany(db: Kysely<DB>, tenantId: string, who: Who, ids: readonly string[]): Promise<BulkPayOutcome[]> {
  const outcomes: BulkPayOutcome[] = [];
  for (const invoiceId of new Set(ids)) {
    try {
      await updateInvoice(db, tenantId, who, invoiceId, { status: 'payed' });
      outcomes.push({ invoiceId, ok: true, status: 'payed' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      outcomes.push({ invoiceId, ok: false, errorCode: e.errorCode });
    }
  }
  return outcomes;
}

/**
 * POST /invoices/accept-mismatch: the acting company's finance user (invoices X, checked by the route)
 * accepts the mismatch the match finds now, with a reason; the order's history records it.
 */
export async function acceptInvoiceMismatch(db: Kysely<DB>, tenantId: string, who: Who, id: unknown, reason: string) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true });
    if (relation(who, inv) !== 'customer' || !canCall(ACCEPT_RULE, who.subject)) throw new ApiError('UnauthorizedRole');
    await acceptMismatch(trx, inv, who, reason);
    return invoiceDetail(trx, who, await reread(trx, inv.id));
  });
}

/** After an invoice of a delivery left: the delivery has an invoice while one that is not deleted names it. */
async function followDelivery(trx: Transaction<DB>, inv: Pick<InvoiceRow, 'tenantId' | 'deliveryId'>): Promise<void> {
  if (!inv.deliveryId) return;
  const left = await trx.selectFrom('invoices').select('id').where('tenantId', '=', inv.tenantId).where('deliveryId', '=', inv.deliveryId)
    .where('deleted', '=', false).executeTakeFirst();
  await trx.updateTable('deliveries').set({ hasInvoice: !!left, updatedAt: sql`clock_timestamp()` }).where('id', '=', inv.deliveryId).execute();
}

/** POST /invoices/delete: the invoice leaves the lists and counts; its row, lines and file stay. */
export async function softDeleteInvoice(db: Kysely<DB>, tenantId: string, who: Who, id: unknown) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true });
    await trx.updateTable('invoices').set({ deleted: true, updatedAt: sql`clock_timestamp()` }).where('id', '=', inv.id).execute();
    await followDelivery(trx, inv);
    // What it charged no longer counts for the order's later invoices.
    await refreshMatchesOfSupplierOrder(trx, tenantId, inv.supplierOrderId as string | null);
    return { id: inv.id };
  });
}

/** Removes the invoice's blob; a store that fails is InvoiceFileNotDeleted (a blob already gone counts as removed). */
async function removeBlob(store: BlobStore, inv: Pick<InvoiceRow, 'tenantId' | 'blobName'>): Promise<void> {
  if (!inv.blobName) return;
  try {
    await store.remove({ tenantId: inv.tenantId, containerName: INVOICES_CONTAINER, blobName: inv.blobName });
  } catch (err) {
    throw new ApiError('InvoiceFileNotDeleted', undefined, err instanceof Error ? `Could not delete Invoice file: ${err.message}` : undefined);
  }
}

/**
 * POST /invoices/hard-delete (flows §5): with a file, the file first; the invoice and its lines go only
 * once that succeeded (InvoiceFileNotDeleted keeps everything). A deleted invoice may still be removed.
 */
export async function hardDeleteInvoice(db: Kysely<DB>, store: BlobStore, tenantId: string, who: Who, id: unknown) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true, withDeleted: true });
    await removeBlob(store, inv);
    await trx.deleteFrom('invoiceLines').where('invoiceId', '=', inv.id).where('tenantId', '=', tenantId).execute();
    await trx.deleteFrom('invoices').where('id', '=', inv.id).execute();
    await followDelivery(trx, inv);
    await refreshMatchesOfSupplierOrder(trx, tenantId, inv.supplierOrderId as string | null);
    return { id: inv.id };
  });
}

/** POST /invoices/deleteFile: the blob first, then fileUrl, blobName and fileName emptied. Without a file nothing changes. */
export async function deleteInvoiceFile(db: Kysely<DB>, store: BlobStore, tenantId: string, who: Who, id: unknown) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true });
    if (!mayWrite(who, inv)) throw new ApiError('UnauthorizedRole');
    if (inv.blobName) {
      await removeBlob(store, inv);
      await trx.updateTable('invoices').set({ fileUrl: null, blobName: null, fileName: null, updatedAt: sql`clock_timestamp()` }).where('id', '=', inv.id).execute();
    }
    return invoiceDetail(trx, who, await reread(trx, inv.id));
  });
}

/**
 * After an upload (invoice-files.ts): the invoice names its new blob. Answers the blob it named before
 * (to remove once this is committed: replacing a file removes the old one) and the invoice.
 */
export async function attachInvoiceFile(db: Kysely<DB>, tenantId: string, who: Who, id: string, file: { blobName: string; fileName: string }) {
  return db.transaction().execute(async (trx) => {
    const inv = await readableInvoice(trx, tenantId, who, id, { lock: true });
    if (!mayWrite(who, inv)) throw new ApiError('UnauthorizedRole');
    await trx.updateTable('invoices').set({ fileUrl: invoiceFileUrl(file.blobName), blobName: file.blobName, fileName: file.fileName, updatedAt: sql`clock_timestamp()` })
      .where('id', '=', inv.id).execute();
    return { previous: inv.blobName, detail: await invoiceDetail(trx, who, await reread(trx, inv.id)) };
  });
}

/** The invoice a file may be uploaded to by the caller (read and write), before its bytes are read. */
export async function writableInvoice(db: Db, tenantId: string, who: Who, id: unknown): Promise<InvoiceRow> {
  const inv = await readableInvoice(db, tenantId, who, id);
  if (!mayWrite(who, inv)) throw new ApiError(relation(who, inv) ? 'forbiddenAccess' : 'InvoiceNotFound');
  return inv;
}

/**
 * The `invoices.expire` step: every open invoice (not deleted) of the tenant whose due date lies
 * before `today` becomes expired (the workflow's system step). Idempotent: a second run finds none.
 */
export async function expireInvoices(db: Db, tenantId: string, today: string): Promise<number> {
  if (!invoiceWorkflow.transitions.some((t) => t.action === 'expire' && t.from.includes('open') && t.to === 'expired' && t.by.includes('system'))) {
    throw new Error('The invoice workflow has no system step from open to expired');
  }
  const result = await db.updateTable('invoices').set({ status: 'expired', updatedAt: sql`clock_timestamp()` })
    .where('tenantId', '=', tenantId).where('status', '=', 'open').where('deleted', '=', false)
    .where('dueDate', '<', sql<string>`${today}::date`).executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
