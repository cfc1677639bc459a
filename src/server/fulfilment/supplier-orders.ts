import { sql, type Kysely, type Transaction } from 'kysely';
import { COMPANY_ORDER_ROLES, resourceByName, SUPPLIER_ORDER_STATUSES, supplierOrderWorkflow, type SupplierOrderStatus } from '../../../model';
import { jsonValue, toRecord, UUID_RE } from '../db/records';
import { ApiError, invalid } from '../errors';
import { fromCents, toCents } from '../../shared/money';
import { containsPattern } from '../catalogue/article-dto';
import { canCall } from '../../shared/access';
import { isPlatformUser, supplierIdsOf, type Who } from './parties';
import { announceTheRest, DELIVERABLE } from './deliveries';
import { takeSupplierOrderStep, workflowStep } from './supplier-order-step';
import { tellTheCompany } from './supplier-order-news';
import type { Language } from '../../../model/dsl/i18n';
import { invoiceContracts } from '../../shared/contracts/invoices';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Who reads and follows up a supplier order (flows §4, §6): platform admins any of the tenant's;
 * users of its supplier (their supplierIds) theirs, across the tenant's customers; the acting
 * customer's users those of their company (a buyer those of their own orders, as with orders).
 * Statuses change only as supplierOrderWorkflow lets the caller: 'platformAdmin', 'supplier' (a user
 * of the supplier, or a customer admin for the company's own supplier), 'system' (the server).
 */

type Db = Kysely<DB> | Transaction<DB>;
type Row = Record<string, unknown> & { id: string; tenantId: string; customerId: string; supplierId: string | null; orderId: string | null; status: SupplierOrderStatus };

const supplierOrders = resourceByName('supplier-orders');
const lineResource = resourceByName('supplier-order-lines');
const READ_RULE = supplierOrders.endpoints.customer!.routes[0]!.access;
const deliveryResource = resourceByName('deliveries');
/** Who of the company reads deliveries and invoices: the model's rules of GET /deliveries and GET /invoices. */
const DELIVERIES_READ = deliveryResource.endpoints.customer!.routes[0]!.access;
const INVOICES_READ = invoiceContracts.list.access;


/** How the caller relates to a supplier order, or null when they may not read it. */
function relation(who: Who, so: Row): 'platform' | 'supplier' | 'customer' | null {
  if (isPlatformUser(who)) return 'platform';
  if (so.supplierId && supplierIdsOf(who).includes(so.supplierId)) return 'supplier';
  if (who.customerId === so.customerId && canCall(READ_RULE, who.subject)) {
    const roles = who.access?.roles ?? [];
    if (COMPANY_ORDER_ROLES.some((r) => roles.includes(r)) || so.orderedById === who.user.id) return 'customer';
  }
  return null;
}

/** The workflow's parties the caller acts as on this supplier order. */
function partiesOf(who: Who, so: Row): string[] {
  const rel = relation(who, so);
  if (rel === 'platform') return ['platformAdmin'];
  if (rel === 'supplier') return ['supplier'];
  // A customer admin follows up the company's own supplier as its supplier would (no platform in between).
  if (rel === 'customer' && so.supplierType === 'own' && (who.access?.roles ?? []).includes('admin')) return ['supplier'];
  return [];
}

/** The statuses the caller may move the supplier order to now. */
export function allowedStatuses(who: Who, so: Row, parties = partiesOf(who, so)): SupplierOrderStatus[] {
  const to = supplierOrderWorkflow.transitions.filter((t) => t.from.includes(so.status) && t.by.some((b) => parties.includes(b))).map((t) => t.to);
  return [...new Set(to)];
}

/** The supplier order `id` of the tenant as the caller may read it (FOR UPDATE in a transaction when `lock`), or SupplierOrderNotFound. */
export async function readableSupplierOrder(db: Db, tenantId: string, who: Who, where: { id?: unknown; gcsNumber?: unknown }, lock = false): Promise<Row> {
  let q = db.selectFrom('supplierOrders').selectAll().where('tenantId', '=', tenantId);
  if (where.id !== undefined) {
    if (typeof where.id !== 'string' || !UUID_RE.test(where.id)) throw new ApiError('SupplierOrderNotFound');
    q = q.where('id', '=', where.id);
  } else {
    if (typeof where.gcsNumber !== 'string' || !where.gcsNumber.trim()) throw new ApiError('SupplierOrderNotFound');
    q = q.where('gcsNumber', '=', where.gcsNumber.trim());
  }
  // A number is unique per customer; the acting customer's first, then any the caller may read.
  const rows = (await (lock ? q.forUpdate() : q).orderBy(sql`customer_id = ${who.customerId ?? null}`, 'desc').limit(5).execute()) as unknown as Row[];
  const row = rows.find((r) => relation(who, r));
  if (!row) throw new ApiError('SupplierOrderNotFound');
  return row;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
/** A date column as yyyy-MM-dd. */
const day = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** A supplier order's follow-ups, oldest first, with who wrote them. */
export async function followUpsOf(db: Db, so: Pick<Row, 'id' | 'tenantId'>) {
  const rows = await db.selectFrom('supplierOrderFollowUps as f').leftJoin('users as u', 'u.id', 'f.userId')
    .select(['f.id', 'f.status', 'f.fromStatus', 'f.remark', 'f.userId', 'f.createdAt', 'u.displayname', 'u.email'])
    .where('f.supplierOrderId', '=', so.id).where('f.tenantId', '=', so.tenantId).orderBy('f.createdAt').orderBy('f.id').execute();
  return rows.map((r) => ({
    id: String(r.id), status: (r.status as SupplierOrderStatus | null) ?? null, fromStatus: (r.fromStatus as SupplierOrderStatus | null) ?? null, remark: (r.remark as string | null) ?? null,
    userId: (r.userId as string | null) ?? null, userName: (r.displayname ?? r.email ?? null) as string | null, createdAt: iso(r.createdAt)!,
  }));
}

/** A supplier order's lines by line number: `skip`/`take` a page of them. */
export async function linesOf(db: Db, so: Pick<Row, 'id' | 'tenantId'>, page: { skip?: number; take?: number } = {}) {
  const base = db.selectFrom('supplierOrderLines').where('supplierOrderId', '=', so.id).where('tenantId', '=', so.tenantId);
  const skip = Math.max(0, page.skip ?? 0);
  const take = Math.min(500, Math.max(1, page.take ?? 500));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('lineNumber').orderBy('id').offset(skip).limit(take).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toRecord(lineResource, r as Record<string, unknown>)), total: Number(count.n), skip, take };
}

/**
 * What of the customer the supplier needs to deliver (flows §6 supplier users): where it goes (the
 * order's delivery address, else its address-book entry), whom to contact (who ordered) and by when
 * the company would like it (the order's requested delivery date, if it named one). The
 * supplier's users get the customer's data through the supplier order, and only this.
 */
async function deliveryInfo(db: Db, so: Row) {
  const none = { shipTo: null, contact: null, requestedDeliveryDate: null };
  if (!so.orderId) return none;
  const order = await db.selectFrom('orders as o').leftJoin('customerAddresses as a', 'a.id', 'o.addressId').leftJoin('users as u', 'u.id', 'o.orderedById')
    .select(['o.address', 'o.requestedDeliveryDate', 'a.address as bookAddress', 'u.displayname', 'u.email', 'u.phoneNumber'])
    .where('o.id', '=', so.orderId).where('o.tenantId', '=', so.tenantId).executeTakeFirst();
  if (!order) return none;
  const shipTo = jsonValue<Record<string, unknown>>(order.address) ?? jsonValue<Record<string, unknown>>(order.bookAddress) ?? null;
  const contact = order.email || order.displayname
    ? { name: (order.displayname as string | null) ?? null, email: (order.email as string | null) ?? null, phone: (order.phoneNumber as string | null) ?? null }
    : null;
  return { shipTo, contact, requestedDeliveryDate: day(order.requestedDeliveryDate) };
}

/** The supplier order's deliveries and invoices as the caller reads them: its supplier's users and platform admins all, the company's readers with the deliveries or invoices rule. */
async function deliveriesAndInvoices(db: Db, who: Who, so: Row, rel: ReturnType<typeof relation>) {
  const company = rel === 'customer';
  const readsDeliveries = rel === 'platform' || rel === 'supplier' || (company && canCall(DELIVERIES_READ, who.subject));
  const readsInvoices = rel === 'platform' || rel === 'supplier' || (company && canCall(INVOICES_READ, who.subject));
  const [deliveries, invoices] = await Promise.all([
    readsDeliveries
      ? db.selectFrom('deliveries').select(['id', 'deliveryNumber', 'status', 'expectedDate', 'deliveryDate', 'trackingLink', 'deliveryNoteNumber'])
        .where('supplierOrderId', '=', so.id).where('tenantId', '=', so.tenantId).orderBy('createdAt').orderBy('id').execute()
      : Promise.resolve([]),
    readsInvoices
      ? db.selectFrom('invoices').select(['id', 'number', 'status', 'invoiceDate', 'dueDate', 'priceExcl', 'priceIncl'])
        .where('supplierOrderId', '=', so.id).where('tenantId', '=', so.tenantId).where('deleted', '=', false).orderBy('invoiceDate').orderBy('id').execute()
      : Promise.resolve([]),
  ]);
  return {
    deliveries: deliveries.map((d) => ({
      id: String(d.id), deliveryNumber: (d.deliveryNumber as string | null) ?? null, status: String(d.status),
      expectedDate: day(d.expectedDate), deliveryDate: day(d.deliveryDate), trackingLink: (d.trackingLink as string | null) ?? null,
      deliveryNoteNumber: (d.deliveryNoteNumber as string | null) ?? null,
    })),
    invoices: invoices.map((i) => ({
      id: String(i.id), number: String(i.number), status: String(i.status), invoiceDate: day(i.invoiceDate), dueDate: day(i.dueDate),
      priceExcl: i.priceExcl == null ? null : String(i.priceExcl), priceIncl: i.priceIncl == null ? null : String(i.priceIncl),
    })),
  };
}

/**
 * The supplier order as its page shows it: the record, its lines, follow-ups, the customer's name and
 * delivery data, its deliveries and invoices, and what the caller may do — mayAnnounce: announce a
 * delivery (its supplier or a platform admin, while the supplier has the order and a line still waits).
 */
export async function supplierOrderDetail(db: Db, who: Who, so: Row) {
  const rel = relation(who, so);
  const [lines, followUps, customer, delivery, documents] = await Promise.all([
    linesOf(db, so), followUpsOf(db, so),
    db.selectFrom('customers').select('name').where('id', '=', so.customerId).executeTakeFirst(),
    deliveryInfo(db, so), deliveriesAndInvoices(db, who, so, rel),
  ]);
  const parties = partiesOf(who, so);
  return {
    ...toRecord(supplierOrders, so), customerName: (customer?.name as string | null | undefined) ?? null,
    ...delivery, ...documents,
    lines: lines.items, followUps,
    allowedStatuses: allowedStatuses(who, so, parties),
    mayFollowUp: mayFollowUp(who, so, parties),
    mayAnnounce: parties.some((p) => p === 'supplier' || p === 'platformAdmin') && DELIVERABLE.includes(so.status)
      && lines.items.some((l) => Number(l.quantityToBeDelivered ?? l.quantity) > 0),
    mayOpenOrder: rel === 'customer' || (isPlatformUser(who) && who.customerId === so.customerId),
  };
}

/** Who may add a remark: whoever may set a status, and the company's admins and validators on their company's supplier orders. */
function mayFollowUp(who: Who, so: Row, parties: readonly string[]): boolean {
  return parties.length > 0 || (relation(who, so) === 'customer' && (who.access?.roles ?? []).some((r) => r === 'admin' || r === 'validator'));
}

const reread = async (db: Db, so: Row) => (await db.selectFrom('supplierOrders').selectAll().where('id', '=', so.id).executeTakeFirstOrThrow()) as unknown as Row;

export interface FollowUpInput { supplierOrderId: string; status?: SupplierOrderStatus | null; remark?: string | null }

/**
 * POST /supplier-orders/addFollowUp: a remark, a status, or both. A status other than the current
 * one is a workflow step the caller must be allowed (UnauthorizedRole; OrderNotInStep when the
 * workflow has no such step from here); a failure needs a remark (its reason). The supplier order's
 * status and updatedAt (the server's time) change with it, and the order's history records the
 * supplier's response. One transaction on the locked supplier order.
 */
export async function addFollowUp(db: Kysely<DB>, tenantId: string, who: Who, input: FollowUpInput) {
  const remark = input.remark?.trim() || null;
  if (remark && remark.length > 2000) throw invalid('remark', 'maxLength');
  return db.transaction().execute(async (trx) => {
    const so = await readableSupplierOrder(trx, tenantId, who, { id: input.supplierOrderId }, true);
    const parties = partiesOf(who, so);
    const moves = input.status != null && input.status !== so.status;
    if (!moves && !remark) throw invalid('remark', 'required');
    if (!mayFollowUp(who, so, parties)) throw new ApiError('UnauthorizedRole');
    if (moves) await moveStatus(trx, who, so, input.status!, remark, parties);
    const at = await trx.insertInto('supplierOrderFollowUps').values({
      tenantId, customerId: so.customerId, supplierOrderId: so.id, status: moves ? input.status! : null, fromStatus: moves ? so.status : null, remark, userId: who.user.id,
      createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
    }).returning(['id']).executeTakeFirstOrThrow();
    const supplierOrder = await supplierOrderDetail(trx, who, await reread(trx, so));
    return { followUp: supplierOrder.followUps.find((f) => f.id === String(at.id))!, supplierOrder };
  });
}

/**
 * Takes the workflow's step from the supplier order's status to `to` as `parties` (the caller's, or
 * ['system']): refused when there is none (OrderNotInStep) or it is not theirs (UnauthorizedRole).
 * A step to DELIVERED by a party announces what is still to deliver instead (announceTheRest);
 * every other step is taken as it is (takeSupplierOrderStep). A step of the supplier (or of a
 * platform admin for it) to a status a supplier sets is news for the company: whoever placed the
 * order and its followers hear of it in the same transaction (tellTheCompany); the server's own
 * steps and the platform's own (sending again, ordering by hand, asking for a delivery date) are not. Answers the status
 * the supplier order has now.
 */
/** The statuses the workflow lets a supplier set: what a supplier answers about an order. */
const SUPPLIER_SETS: ReadonlySet<SupplierOrderStatus> = new Set(supplierOrderWorkflow.transitions.filter((t) => t.by.includes('supplier')).map((t) => t.to));

export async function moveStatus(trx: Transaction<DB>, who: Pick<Who, 'user'> | null, so: Row, to: SupplierOrderStatus, reason: string | null, parties: readonly string[]): Promise<SupplierOrderStatus> {
  const bySystem = parties.includes('system');
  let now: SupplierOrderStatus;
  let delivery: { id: string; deliveryNumber: string | null } | null = null;
  // "Delivered" from anyone but the server announces what is still to deliver: the buyer always has
  // a delivery to confirm, and the supplier order is DELIVERED once they have (deliveries.ts).
  if (to === 'DELIVERED' && !bySystem) {
    workflowStep(so, to, reason, parties);
    ({ status: now, delivery } = await announceTheRest(trx, who, so, reason, parties));
  } else {
    now = await takeSupplierOrderStep(trx, who, so, to, reason, parties);
  }
  if (!bySystem && SUPPLIER_SETS.has(to)) await tellTheCompany(trx, so, who?.user.id ?? null, { status: to, remark: reason, delivery });
  return now;
}

/** The statuses with their names in `language`, in workflow order (POST /supplier-orders/queryStatus). */
export const statusesIn = (language: Language) =>
  (Object.keys(SUPPLIER_ORDER_STATUSES) as SupplierOrderStatus[]).map((name) => ({ name, displayName: SUPPLIER_ORDER_STATUSES[name][language] }));

/** POST /supplier-orders/queryForSupplier: the caller's suppliers' orders across the tenant's customers, newest first. */
export async function queryForSupplier(db: Db, tenantId: string, who: Who, query: { page?: number; pageSize?: number; orderStatus?: SupplierOrderStatus | null; gcsNumber?: string | null }) {
  const platform = isPlatformUser(who);
  const supplierIds = supplierIdsOf(who);
  if (!platform && !supplierIds.length) throw new ApiError('UnauthorizedRole');
  let q = db.selectFrom('supplierOrders as so').leftJoin('customers as c', 'c.id', 'so.customerId').where('so.tenantId', '=', tenantId);
  if (!platform) q = q.where('so.supplierId', 'in', supplierIds);
  if (query.orderStatus) q = q.where('so.status', '=', query.orderStatus);
  if (query.gcsNumber?.trim()) q = q.where('so.gcsNumber', 'ilike', containsPattern(query.gcsNumber.trim()));
  const pageSize = Math.min(100, Math.max(1, query.pageSize ?? 20));
  const page = Math.max(1, query.page ?? 1);
  const [rows, count] = await Promise.all([
    q.selectAll('so').select('c.name as customerName').orderBy('so.createdAt', 'desc').orderBy('so.id').offset((page - 1) * pageSize).limit(pageSize).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ ...toRecord(supplierOrders, r as Record<string, unknown>), customerName: (r.customerName as string | null) ?? null })), total: Number(count.n) };
}

/** The acting customer's supplier orders of a period, as the caller reads them (a buyer: of their own orders). */
function customerPeriod(db: Db, tenantId: string, customerId: string, who: Who, from: string, to: string) {
  let q = db.selectFrom('supplierOrders').where('tenantId', '=', tenantId).where('customerId', '=', customerId)
    .where('createdAt', '>=', sql<Date>`${from}::timestamptz`).where('createdAt', '<', sql<Date>`${to}::timestamptz`);
  const roles = who.access?.roles ?? [];
  if (who.user.userType === 3 && !COMPANY_ORDER_ROLES.some((r) => roles.includes(r))) q = q.where('orderedById', '=', who.user.id);
  return q;
}

const yearBounds = (year: number) => [`${year}-01-01T00:00:00Z`, `${year + 1}-01-01T00:00:00Z`] as const;

/** getYearSpent: what the year's supplier orders total excluding VAT; getSaveAmount: what they saved on catalogue prices. */
export async function yearTotals(db: Db, tenantId: string, customerId: string, who: Who, year: number) {
  const [from, to] = yearBounds(year);
  const row = await customerPeriod(db, tenantId, customerId, who, from, to)
    .select([sql<string>`coalesce(sum(total_excl), 0)::text`.as('spent'), sql<string>`coalesce(sum(save_amount), 0)::text`.as('saved')]).executeTakeFirstOrThrow();
  return { spent: fromCents(toCents(row.spent)), saved: fromCents(toCents(row.saved)) };
}

/** getOrdersCountForMonth: how many supplier orders a month brought. */
export async function monthCount(db: Db, tenantId: string, customerId: string, who: Who, year: number, month: number): Promise<number> {
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const row = await customerPeriod(db, tenantId, customerId, who, `${year}-${String(month).padStart(2, '0')}-01T00:00:00Z`, `${next}-01T00:00:00Z`)
    .select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AdminUpdateInput { id: string; status?: SupplierOrderStatus | null; extraInfo?: string | null; supplierEmail?: string | null; reason?: string | null }

/** POST /admin/supplier-orders/update: a platform admin changes the e-mail, extra info or (through the workflow) the status. */
export async function adminUpdate(db: Kysely<DB>, tenantId: string, who: Who, input: AdminUpdateInput) {
  return db.transaction().execute(async (trx) => {
    const so = await readableSupplierOrder(trx, tenantId, who, { id: input.id }, true);
    const reason = input.reason?.trim() || null;
    const changes: Record<string, unknown> = {};
    if (input.extraInfo !== undefined) changes.extraInfo = input.extraInfo?.trim() || null;
    if (input.supplierEmail !== undefined) changes.supplierEmail = input.supplierEmail?.trim() || null;
    if (Object.keys(changes).length) await trx.updateTable('supplierOrders').set({ ...changes, updatedAt: sql`clock_timestamp()` }).where('id', '=', so.id).execute();
    if (input.status != null && input.status !== so.status) {
      await moveStatus(trx, who, so, input.status, reason, ['platformAdmin']);
      await trx.insertInto('supplierOrderFollowUps').values({
        tenantId, customerId: so.customerId, supplierOrderId: so.id, status: input.status, fromStatus: so.status, remark: reason, userId: who.user.id,
      }).execute();
    }
    return supplierOrderDetail(trx, who, await reread(trx, so));
  });
}
