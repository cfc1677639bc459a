import { sql, type Kysely, type Transaction } from 'kysely';
import { COMPANY_ORDER_ROLES, CONFIRMED_DELIVERY_STATUSES, deliveryWorkflow, resourceByName, type DeliveryProblemType, type DeliveryStatus, type SupplierOrderStatus } from '../../../model';
import { toRecord, UUID_RE } from '../db/records';
import { ApiError, invalid } from '../errors';
import { recordHistory } from '../ordering/record-history';
import { canCall } from '../../shared/access';
import { todayInShopZone } from '../../shared/shop-clock';
import { refreshMatchesOfSupplierOrder } from '../invoicing/three-way';
import { takeSupplierOrderStep, type SupplierOrderRow } from './supplier-order-step';
import { tellTheCompany } from './supplier-order-news';
import type { DB } from '../../../generated/db/database.gen';
import { isPlatformUser, supplierIdsOf, type Who } from './parties';
import { bookConfirmedDelivery, unbookDelivery, unbookReturnedItems } from '../stock/movements';

/**
 * Deliveries (core §3, §7; flows §4): who reads and acts on one, and the rules of announcing,
 * confirming, returning and undoing. Every change runs in one transaction on the locked supplier
 * order and delivery (always in that order), recomputes what the supplier order's lines still wait
 * for and moves the supplier order through its workflow as 'system': DELIVERED once every line is in,
 * back to WAITFORDELIVERY (deliveryUndone) when an undo or a return leaves a line short.
 *
 * Stock: a confirmed delivery adds what it brought to the warehouse articles of the warehouse the
 * order goes to, an undo takes that back and returned items leave it again, each with its stock
 * movements and a 'stockUpdated' history entry, in the same transaction (src/server/stock/movements.ts).
 * The article's `stock` is the supplier's and is not the company's to change.
 */

type Db = Kysely<DB> | Transaction<DB>;
type Row = Record<string, unknown> & {
  id: string; tenantId: string; customerId: string; status: DeliveryStatus; supplierOrderId: string | null; orderId: string | null;
  supplierId: string | null; orderedById: string | null; deliveryNumber: string | null;
};

const deliveries = resourceByName('deliveries');
const lineResource = resourceByName('delivery-lines');
const READ_RULE = deliveries.endpoints.customer!.routes[0]!.access;
/** Supplier-order statuses in which the supplier has the order and may deliver. */
export const DELIVERABLE: readonly SupplierOrderStatus[] = ['WAITFORORDERRESPONSE', 'WAITFORDELIVERYRESPONSE', 'WAITFORDELIVERY'];
const CONFIRMED = CONFIRMED_DELIVERY_STATUSES;

const rolesOf = (who: Who): readonly string[] => who.access?.roles ?? [];

/** How the caller relates to a delivery, or null when they may not read it. */
function relation(who: Who, d: Pick<Row, 'customerId' | 'supplierId' | 'orderedById'>): 'platform' | 'supplier' | 'customer' | null {
  if (isPlatformUser(who)) return 'platform';
  if (who.customerId === d.customerId && canCall(READ_RULE, who.subject)) {
    if (COMPANY_ORDER_ROLES.some((r) => rolesOf(who).includes(r)) || d.orderedById === who.user.id) return 'customer';
  }
  if (d.supplierId && supplierIdsOf(who).includes(d.supplierId)) return 'supplier';
  return null;
}

/** The workflow's parties the caller acts as on this delivery: the access's roles, 'orderer', 'platformAdmin'. */
function partiesOf(who: Who, d: Row): string[] {
  const rel = relation(who, d);
  if (rel === 'platform') return ['platformAdmin'];
  if (rel !== 'customer') return [];
  return [...rolesOf(who).filter((r) => r === 'admin' || r === 'validator'), ...(d.orderedById === who.user.id ? ['orderer'] : [])];
}

const mayTake = (action: string, d: Row, parties: readonly string[]) =>
  deliveryWorkflow.transitions.some((t) => t.action === action && t.from.includes(d.status) && t.by.some((b) => parties.includes(b)));

/** The step `action` from the delivery's status, as the caller: DeliveryAlreadyConfirmed/DeliveryNotConfirmed when not from here, UnauthorizedRole when not theirs. */
function takeStep(action: string, d: Row, parties: readonly string[]): void {
  const steps = deliveryWorkflow.transitions.filter((t) => t.action === action);
  if (!steps.some((t) => t.from.includes(d.status))) throw new ApiError(d.status === 'toApprove' ? 'DeliveryNotConfirmed' : 'DeliveryAlreadyConfirmed');
  if (!mayTake(action, d, parties)) throw new ApiError('UnauthorizedRole');
}

/** The delivery `id` of the tenant as the caller may read it, or DeliveryNotFound. */
export async function readableDelivery(db: Db, tenantId: string, who: Who, id: unknown, lock = false): Promise<Row> {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('DeliveryNotFound');
  const q = db.selectFrom('deliveries').selectAll().where('tenantId', '=', tenantId).where('id', '=', id);
  const row = (await (lock ? q.forUpdate() : q).executeTakeFirst()) as unknown as Row | undefined;
  if (!row || !relation(who, row)) throw new ApiError('DeliveryNotFound');
  return row;
}

/** A delivery's lines by line number. */
export async function linesOf(db: Db, d: Pick<Row, 'id' | 'tenantId'>) {
  const rows = await db.selectFrom('deliveryLines').selectAll().where('deliveryId', '=', d.id).where('tenantId', '=', d.tenantId).orderBy('lineNumber').orderBy('id').execute();
  return rows.map((r) => toRecord(lineResource, r as Record<string, unknown>));
}

/** The delivery as its page shows it: the record, its lines, who approved and created it, and what the caller may do now. */
export async function deliveryDetail(db: Db, who: Who, d: Row) {
  const names = await db.selectFrom('users').select(['id', 'displayname', 'email'])
    .where('id', 'in', [d.approvedById, d.createdById].filter((v): v is string => typeof v === 'string').concat(['00000000-0000-0000-0000-000000000000'])).execute();
  const nameOf = (id: unknown) => { const u = names.find((n) => n.id === id); return u ? String(u.displayname ?? u.email ?? '') || null : null; };
  const rel = relation(who, d);
  const parties = partiesOf(who, d);
  return {
    ...toRecord(deliveries, d), lines: await linesOf(db, d),
    approvedByName: nameOf(d.approvedById), createdByName: nameOf(d.createdById),
    mayConfirm: mayTake('confirm', d, parties),
    mayReturn: mayTake('returnItems', d, parties),
    mayUndo: mayTake('undo', d, parties),
    mayUpdate: d.status === 'toApprove' && (rel === 'platform' || rel === 'supplier' || parties.length > 0),
    mayOpenOrder: rel === 'customer',
  };
}

const reread = async (db: Db, d: Pick<Row, 'id'>) => (await db.selectFrom('deliveries').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow()) as unknown as Row;

interface LineState { id: string; quantity: number; pending: number; net: number }

/**
 * Per line of the supplier order: what was ordered, what deliveries waiting for confirmation announce
 * (pending) and what confirmed ones brought net of returns (net). `exceptDelivery` is left out.
 */
async function lineStates(db: Db, so: SupplierOrderRow, exceptDelivery?: string): Promise<Map<string, LineState>> {
  const lines = await db.selectFrom('supplierOrderLines').select(['id', 'quantity']).where('supplierOrderId', '=', so.id).where('tenantId', '=', so.tenantId).execute();
  let q = db.selectFrom('deliveryLines as l').innerJoin('deliveries as d', 'd.id', 'l.deliveryId')
    .select(['l.supplierOrderLineId', 'd.status', sql<number>`coalesce(sum(l.supplier_confirmed), 0)::int`.as('announced'),
      sql<number>`coalesce(sum(coalesce(l.delivered, 0) - coalesce(l.returned, 0)), 0)::int`.as('net')])
    .where('d.supplierOrderId', '=', so.id).where('d.tenantId', '=', so.tenantId);
  if (exceptDelivery) q = q.where('d.id', '<>', exceptDelivery);
  const sums = await q.groupBy(['l.supplierOrderLineId', 'd.status']).execute();
  const states = new Map(lines.map((l) => [String(l.id), { id: String(l.id), quantity: Number(l.quantity), pending: 0, net: 0 }]));
  for (const s of sums) {
    const state = states.get(String(s.supplierOrderLineId));
    if (!state) continue;
    if (s.status === 'toApprove') state.pending += Number(s.announced);
    else state.net += Number(s.net);
  }
  return states;
}

/**
 * After a change: each supplier-order line's quantityToBeDelivered (ordered less what is announced or
 * delivered) and despatchQuantity (what the deliveries announced), the supplier order's status, and
 * the three-way match of its invoices.
 */
async function followSupplierOrder(trx: Transaction<DB>, who: Pick<Who, 'user'> | null, so: SupplierOrderRow): Promise<void> {
  const states = await lineStates(trx, so);
  const announced = await trx.selectFrom('deliveryLines as l').innerJoin('deliveries as d', 'd.id', 'l.deliveryId')
    .select(['l.supplierOrderLineId', sql<number>`coalesce(sum(l.supplier_confirmed), 0)::int`.as('n')])
    .where('d.supplierOrderId', '=', so.id).where('d.tenantId', '=', so.tenantId).groupBy('l.supplierOrderLineId').execute();
  for (const s of states.values()) {
    await trx.updateTable('supplierOrderLines').set({
      quantityToBeDelivered: Math.max(0, s.quantity - s.pending - s.net),
      despatchQuantity: Number(announced.find((a) => a.supplierOrderLineId === s.id)?.n ?? 0),
    }).where('id', '=', s.id).execute();
  }
  const complete = states.size > 0 && [...states.values()].every((s) => s.net >= s.quantity);
  if (complete && so.status !== 'DELIVERED' && DELIVERABLE.includes(so.status)) await takeSupplierOrderStep(trx, who, so, 'DELIVERED', null, ['system']);
  else if (!complete && so.status === 'DELIVERED') await takeSupplierOrderStep(trx, who, so, 'WAITFORDELIVERY', null, ['system']);
  // What was received changed: the order's invoices are matched again.
  await refreshMatchesOfSupplierOrder(trx, so.tenantId, so.id);
}

const lockSupplierOrder = async (trx: Transaction<DB>, tenantId: string, id: string | null) => {
  const so = id ? await trx.selectFrom('supplierOrders').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst() : undefined;
  return (so ?? null) as unknown as SupplierOrderRow | null;
};

/** Locks the delivery's supplier order, then the delivery, and reads it again as the caller may read it. */
async function lockDelivery(trx: Transaction<DB>, tenantId: string, who: Who, id: unknown) {
  const first = await readableDelivery(trx, tenantId, who, id);
  const so = await lockSupplierOrder(trx, tenantId, first.supplierOrderId);
  return { so, d: await readableDelivery(trx, tenantId, who, id, true) };
}

export interface NewDeliveryInput {
  deliveryNoteNumber?: string | null; expectedDate?: string | null; deliveryDate?: string | null; trackingLink?: string | null; remark?: string | null;
  lines?: { supplierOrderLineId: string; amount: number }[] | null;
}

/**
 * POST /v2/supplier-orders/{id}/deliveries and /admin/deliveries/create-for-supplierorder: a user of
 * the supplier (or a customer admin for the company's own supplier) or a platform admin announces a
 * delivery of a supplier order the supplier has (NothingToDeliver otherwise): the lines named, each
 * at most what it still waits for (lines.N.amount maxValue), or every line still waited for.
 */
export async function createDelivery(db: Kysely<DB>, tenantId: string, who: Who, supplierOrderId: unknown, input: NewDeliveryInput) {
  return db.transaction().execute(async (trx) => {
    if (typeof supplierOrderId !== 'string' || !UUID_RE.test(supplierOrderId)) throw new ApiError('SupplierOrderNotFound');
    const so = await lockSupplierOrder(trx, tenantId, supplierOrderId);
    if (!so) throw new ApiError('SupplierOrderNotFound');
    const ownSupplierAdmin = who.customerId === so.customerId && so.supplierType === 'own' && rolesOf(who).includes('admin') && canCall(READ_RULE, who.subject);
    const isSupplier = !!so.supplierId && supplierIdsOf(who).includes(so.supplierId);
    if (!isPlatformUser(who) && !isSupplier && !ownSupplierAdmin) {
      // The company's other users may read it, but only its supplier delivers.
      if (who.customerId === so.customerId) throw new ApiError('UnauthorizedRole');
      throw new ApiError('SupplierOrderNotFound');
    }
    const d = await insertDelivery(trx, who, so, input);
    await tellTheCompany(trx, so, who.user.id, { status: null, remark: d.remark as string | null, delivery: d });
    return deliveryDetail(trx, who, d);
  });
}

/**
 * The announcement itself, on the locked supplier order, by a caller allowed to announce: the lines
 * named, each at most what it still waits for, or every line still waited for (NothingToDeliver when
 * there is none, or the supplier does not have the order). Answers the new delivery's row.
 */
async function insertDelivery(trx: Transaction<DB>, who: Pick<Who, 'user'>, so: SupplierOrderRow, input: NewDeliveryInput): Promise<Row> {
  const tenantId = so.tenantId;
  if (!DELIVERABLE.includes(so.status)) throw new ApiError('NothingToDeliver');
  const states = await lineStates(trx, so);
  const open = (s: LineState) => Math.max(0, s.quantity - s.pending - s.net);
  let wanted: { state: LineState; amount: number }[];
  if (input.lines?.length) {
    const seen = new Set<string>();
    wanted = input.lines.map((l, i) => {
      const state = states.get(l.supplierOrderLineId);
      if (!state || seen.has(l.supplierOrderLineId)) throw invalid(`lines.${i}.supplierOrderLineId`, 'invalid');
      seen.add(l.supplierOrderLineId);
      if (l.amount > open(state)) throw new ApiError('validationFailed', [{ path: `lines.${i}.amount`, rule: 'maxValue', params: { max: open(state) } }]);
      return { state, amount: l.amount };
    });
  } else {
    wanted = [...states.values()].filter((s) => open(s) > 0).map((state) => ({ state, amount: open(state) }));
  }
  if (!wanted.length) throw new ApiError('NothingToDeliver');

  const count = await trx.selectFrom('deliveries').select(sql<number>`count(*)::int`.as('n')).where('supplierOrderId', '=', so.id).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
  const order = so.orderId ? await trx.selectFrom('orders').select('orderedById').where('id', '=', so.orderId as string).executeTakeFirst() : undefined;
  const created = await trx.insertInto('deliveries').values({
    tenantId, customerId: so.customerId, deliveryNumber: `${String(so.gcsNumber ?? '')}-L${Number(count.n) + 1}`,
    supplierOrderId: so.id, orderId: so.orderId, gcsNumber: so.gcsNumber as string | null, orderNumber: so.orderNumber as string | null,
    supplierId: so.supplierId, supplierName: so.supplierName as string | null, orderedById: (order?.orderedById ?? so.orderedById ?? null) as string | null,
    status: 'toApprove', deliveryNoteNumber: input.deliveryNoteNumber?.trim() || null, expectedDate: input.expectedDate ?? null, deliveryDate: input.deliveryDate ?? null, trackingLink: input.trackingLink?.trim() || null,
    remark: input.remark?.trim() || null, createdById: who.user.id,
  }).returning('id').executeTakeFirstOrThrow();
  const soLines = await trx.selectFrom('supplierOrderLines').selectAll().where('supplierOrderId', '=', so.id).execute();
  await trx.insertInto('deliveryLines').values(wanted.map(({ state, amount }) => {
    const l = soLines.find((x) => String(x.id) === state.id)!;
    return {
      tenantId, customerId: so.customerId, deliveryId: created.id, supplierOrderLineId: state.id, lineNumber: l.lineNumber, supplierArticleId: l.supplierArticleId,
      articleNumberSupplier: l.articleNumberSupplier, title: l.title == null ? null : JSON.stringify(typeof l.title === 'string' ? JSON.parse(l.title) : l.title),
      ordered: state.quantity, toDeliver: open(state), supplierConfirmed: amount, delivered: null, returned: 0,
    };
  }) as never).execute();
  const d = await reread(trx, { id: String(created.id) });
  await followSupplierOrder(trx, who, so);
  if (so.orderId) await recordHistory(trx, { tenantId, customerId: so.customerId }, { orderId: so.orderId, action: 'deliveryCreated', userId: who.user.id, reason: d.deliveryNumber });
  return d;
}

/**
 * The supplier's (or a platform admin's) "Delivered" (flows §4 follow-up status DELIVERED): never a
 * bare status, which would leave the buyer nothing to confirm. What the supplier order still waits
 * for is announced in full (one delivery, toApprove, the follow-up's remark as its remark), and the
 * supplier order waits for the buyer's confirmation (WAITFORDELIVERY). It becomes DELIVERED, as
 * always, once confirmed deliveries brought every line (followSupplierOrder, as 'system'). When
 * everything is announced already, only the status moves. Called by moveStatus for every step to
 * DELIVERED that is not the server's own, after the caller's right to the step was checked.
 */
export async function announceTheRest(trx: Transaction<DB>, who: Pick<Who, 'user'> | null, so: SupplierOrderRow, remark: string | null, parties: readonly string[]): Promise<{ status: SupplierOrderStatus; delivery: Row | null }> {
  const states = await lineStates(trx, so);
  const open = [...states.values()].some((s) => s.quantity - s.pending - s.net > 0);
  const delivery = open && who ? await insertDelivery(trx, who, so, { remark }) : null;
  if (so.status === 'WAITFORDELIVERY') return { status: so.status, delivery };
  return { status: await takeSupplierOrderStep(trx, who, so, 'WAITFORDELIVERY', null, parties), delivery };
}

export interface ConfirmInput {
  id: string; deliveryDate?: string | null; problemType?: DeliveryProblemType | null; remark?: string | null;
  lines?: { id: string; delivered: number; problemType?: DeliveryProblemType | null; remark?: string | null }[] | null;
}

/**
 * PATCH /deliveries/confirm: what arrived, per line (lines left out arrived as announced). A line can
 * bring at most what its supplier-order line was ordered less what other confirmed deliveries brought
 * (lines.N.delivered maxValue). A line that differs from what was announced and names no problem gets
 * notRightAmount. The delivery is approved either way: its problems stay on its lines and what is
 * still to deliver stays open on the supplier order (flows §4). A confirmed delivery: 409.
 */
export async function confirmDelivery(db: Kysely<DB>, tenantId: string, who: Who, input: ConfirmInput) {
  return db.transaction().execute(async (trx) => {
    const { so, d } = await lockDelivery(trx, tenantId, who, input.id);
    takeStep('confirm', d, partiesOf(who, d));
    await applyConfirmation(trx, who, so, d, input);
    return deliveryDetail(trx, who, await reread(trx, d));
  });
}

/**
 * The confirmation itself, on the locked supplier order and delivery: by `who`, or by the system
 * (null: the deliveries.autoApprove job), which confirms every line as announced, never more than
 * the line may still bring, and marks the delivery autoApproved.
 */
async function applyConfirmation(trx: Transaction<DB>, who: Who | null, so: SupplierOrderRow | null, d: Row, input: ConfirmInput): Promise<void> {
  const lines = await trx.selectFrom('deliveryLines').selectAll().where('deliveryId', '=', d.id).execute();
  const others = so ? await lineStates(trx, so, d.id) : new Map<string, LineState>();
  const given = new Map<string, { delivered: number; problemType?: DeliveryProblemType | null; remark?: string | null; index: number }>();
  (input.lines ?? []).forEach((l, index) => {
    if (!lines.some((x) => String(x.id) === l.id) || given.has(l.id)) throw invalid(`lines.${index}.id`, 'invalid');
    given.set(l.id, { ...l, index });
  });
  for (const line of lines) {
    const g = given.get(String(line.id));
    const announced = Number(line.supplierConfirmed ?? 0);
    const other = others.get(String(line.supplierOrderLineId));
    const max = Math.max(0, Number(line.ordered ?? announced) - (other?.net ?? 0));
    const delivered = g ? g.delivered : who ? announced : Math.min(announced, max);
    if (delivered > max) throw new ApiError('validationFailed', [{ path: `lines.${g?.index ?? 0}.delivered`, rule: 'maxValue', params: { max } }]);
    const problemType = g?.problemType ?? (delivered !== announced ? 'notRightAmount' : null);
    await trx.updateTable('deliveryLines').set({
      delivered, returned: 0, problemType, remark: g?.remark?.trim() || null, updatedAt: sql`clock_timestamp()`,
    }).where('id', '=', String(line.id)).execute();
  }
  const to: DeliveryStatus = 'approved';
  const userId = who?.user.id ?? null;
  await trx.updateTable('deliveries').set({
    status: to, approvedAt: sql`clock_timestamp()`, approvedById: userId, autoApproved: !who,
    deliveryDate: input.deliveryDate ?? (d.deliveryDate as string | null) ?? todayInShopZone(),
    problemType: input.problemType ?? null, ...(input.remark !== undefined ? { remark: input.remark?.trim() || null } : {}),
    updatedAt: sql`clock_timestamp()`,
  }).where('id', '=', d.id).execute();
  if (so) await followSupplierOrder(trx, who, so);
  if (d.orderId) await recordHistory(trx, { tenantId: d.tenantId, customerId: d.customerId }, { orderId: d.orderId, action: 'deliveryConfirmed', userId, reason: d.deliveryNumber });
  await bookConfirmedDelivery(trx, d, userId);
}

/**
 * The deliveries.autoApprove job's step for one delivery: still waiting for its confirmation (read
 * again on the locked rows), it is confirmed by the system as delivered in full. Answers whether it was.
 */
export async function autoApproveDelivery(db: Kysely<DB>, tenantId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const first = await trx.selectFrom('deliveries').select(['supplierOrderId', 'status']).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!first || first.status !== 'toApprove') return false;
    const so = await lockSupplierOrder(trx, tenantId, first.supplierOrderId as string | null);
    const d = (await trx.selectFrom('deliveries').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst()) as unknown as Row | undefined;
    if (!d || d.status !== 'toApprove') return false;
    takeStep('confirm', d, ['system']);
    await applyConfirmation(trx, null, so, d, { id });
    return true;
  });
}

/** PATCH /deliveries/undo-confirm/{id}: back to toApprove, the amounts that arrived and went back cleared. */
export async function undoConfirmation(db: Kysely<DB>, tenantId: string, who: Who, id: unknown) {
  return db.transaction().execute(async (trx) => {
    const { so, d } = await lockDelivery(trx, tenantId, who, id);
    takeStep('undo', d, partiesOf(who, d));
    await trx.updateTable('deliveryLines').set({ delivered: null, returned: 0, problemType: null, updatedAt: sql`clock_timestamp()` }).where('deliveryId', '=', d.id).execute();
    await trx.updateTable('deliveries').set({ status: 'toApprove', approvedAt: null, approvedById: null, autoApproved: false, problemType: null, updatedAt: sql`clock_timestamp()` })
      .where('id', '=', d.id).execute();
    if (so) await followSupplierOrder(trx, who, so);
    if (d.orderId) await recordHistory(trx, { tenantId, customerId: d.customerId }, { orderId: d.orderId, action: 'deliveryConfirmationUndone', userId: who.user.id, reason: d.deliveryNumber });
    await unbookDelivery(trx, d, who.user.id);
    return deliveryDetail(trx, who, await reread(trx, d));
  });
}

export interface ReturnInput { id: string; lines: { id: string; amount: number; problemType?: DeliveryProblemType | null; remark?: string | null }[] }

/** PATCH /deliveries/return-items: more items of a confirmed delivery's lines go back, never more than arrived (lines.N.amount maxValue). */
export async function returnItems(db: Kysely<DB>, tenantId: string, who: Who, input: ReturnInput) {
  return db.transaction().execute(async (trx) => {
    const { so, d } = await lockDelivery(trx, tenantId, who, input.id);
    takeStep('returnItems', d, partiesOf(who, d));
    const lines = await trx.selectFrom('deliveryLines').selectAll().where('deliveryId', '=', d.id).execute();
    const seen = new Set<string>();
    const parts: string[] = [];
    for (const [i, l] of input.lines.entries()) {
      const line = lines.find((x) => String(x.id) === l.id);
      if (!line || seen.has(l.id)) throw invalid(`lines.${i}.id`, 'invalid');
      seen.add(l.id);
      const returned = Number(line.returned ?? 0);
      const max = Math.max(0, Number(line.delivered ?? 0) - returned);
      if (l.amount > max) throw new ApiError('validationFailed', [{ path: `lines.${i}.amount`, rule: 'maxValue', params: { max } }]);
      await trx.updateTable('deliveryLines').set({
        returned: returned + l.amount, problemType: l.problemType ?? (line.problemType as DeliveryProblemType | null) ?? 'itemsNotAsExpected',
        ...(l.remark?.trim() ? { remark: l.remark.trim() } : {}), updatedAt: sql`clock_timestamp()`,
      }).where('id', '=', l.id).execute();
      parts.push(`${l.amount} × ${String(line.articleNumberSupplier ?? line.lineNumber ?? '')}`);
    }
    await trx.updateTable('deliveries').set({ updatedAt: sql`clock_timestamp()` }).where('id', '=', d.id).execute();
    if (so) await followSupplierOrder(trx, who, so);
    if (d.orderId) await recordHistory(trx, { tenantId, customerId: d.customerId }, { orderId: d.orderId, action: 'deliveryItemsReturned', userId: who.user.id, reason: `${d.deliveryNumber}: ${parts.join(', ')}` });
    await unbookReturnedItems(trx, d, who.user.id, input.lines.map((l) => ({ deliveryLineId: l.id, amount: l.amount })));
    return deliveryDetail(trx, who, await reread(trx, d));
  });
}

export interface UpdateInput { deliveryNoteNumber?: string | null; expectedDate?: string | null; deliveryDate?: string | null; trackingLink?: string | null; problemType?: DeliveryProblemType | null; remark?: string | null }

/** PUT /deliveries/{id}/update: the keys sent, while the delivery waits for its confirmation (DeliveryAlreadyConfirmed after). */
export async function updateDelivery(db: Kysely<DB>, tenantId: string, who: Who, id: unknown, input: UpdateInput) {
  return db.transaction().execute(async (trx) => {
    const { d } = await lockDelivery(trx, tenantId, who, id);
    const rel = relation(who, d);
    if (rel === 'customer' && !partiesOf(who, d).length) throw new ApiError('UnauthorizedRole');
    if (CONFIRMED.includes(d.status)) throw new ApiError('DeliveryAlreadyConfirmed');
    const changes: Record<string, unknown> = {};
    for (const key of ['expectedDate', 'deliveryDate', 'problemType'] as const) if (input[key] !== undefined) changes[key] = input[key];
    for (const key of ['deliveryNoteNumber', 'trackingLink', 'remark'] as const) if (input[key] !== undefined) changes[key] = input[key]?.trim() || null;
    if (Object.keys(changes).length) await trx.updateTable('deliveries').set({ ...changes, updatedAt: sql`clock_timestamp()` }).where('id', '=', d.id).execute();
    return deliveryDetail(trx, who, await reread(trx, d));
  });
}
