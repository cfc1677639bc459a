import { sql, type Kysely, type Transaction } from 'kysely';
import { resourceByName } from '../../../model';
import { orderContracts } from '../../shared/contracts/orders';
import { COMPANY_ORDER_ROLES } from '../../../model/resources/ordering';
import type { Language } from '../../../model/dsl/i18n';
import { canCall } from '../../shared/access';
import { checkReferences } from '../crud/references';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { AuthContext } from '../types';
import { hasFeature, type Acting } from './acting';
import { loadArticles } from './articles';
import { mayOrderFor } from './department-membership';
import { recordHistory } from './record-history';
import { FINAL_STATUSES, mayWriteExtraInfo } from './order-changes';
import { assertUnlocked, mayLockTransactions } from './order-lock';
import { assertSuppliersFit, moneyLines, orderMoney, settleSupplierSpend, storeOrderMoney, termsFor } from './order-totals';
import { lockOrder, orderDto } from './order-query';
import type { DB } from '../../../generated/db/database.gen';

/**
 * flows §3, §4, §5, §7: changing an order after it was placed — its data (PATCH /v2/orders/{id}:
 * about, department, project, labels, follow-up user) and its lines (PUT and DELETE
 * /v2/order-lines/{id}: the amount, or the line). Each change is one transaction on the locked
 * order row (then the article row, then the suppliers: the lock order of placing an order), so a
 * refusal changes nothing and two changes at once take turns.
 */

type Who = Pick<AuthContext, 'user' | 'access'>;
const ordersResource = resourceByName('orders');
const lineFields = resourceByName('order-lines').fields;

/**
 * Statuses in which the lines change (and the order splits): before the validator's approval.
 * After it the budgets are charged and finance decides on those amounts, so the lines stay.
 */
export const LINE_STATUSES: ReadonlySet<string> = new Set(['toApproveBudget', 'toApprove', 'incomplete']);

/** Who reads the company's orders (flows §4): its admins, validators and finance users, and super admins. */
export function readsCompanyOrders(who: Who): boolean {
  if (who.user.userType === 1) return true;
  const roles = who.access?.roles ?? [];
  return COMPANY_ORDER_ROLES.some((r) => roles.includes(r));
}

/** What the caller may change on an order now, beside its decision (the order answer's `decisions`; the order page's controls). */
export interface EditDecisions {
  /** About, department and project (PATCH /v2/orders/{id}). */
  edit: boolean;
  /** Labels (customers with the labels feature). */
  labels: boolean;
  /** The follow-up user. */
  assign: boolean;
  /** A line's amount, or a line removed. */
  editLines: boolean;
  /** Lines split off into a new order (two lines or more). */
  split: boolean;
  /** Lock or unlock the order's transactions. */
  lockTransactions: boolean;
  /** Order it again (/duplicate-order/{id}). */
  duplicate: boolean;
}

/** The edit decisions for an order record (with its `orderLines` when the answer has them). */
export function editDecisions(acting: Pick<Acting, 'features'>, who: Who & Pick<AuthContext, 'subject'>, order: Record<string, unknown>): EditDecisions {
  const status = String(order.status);
  const content = mayWriteExtraInfo(who, order);
  const linesOpen = content && LINE_STATUSES.has(status) && !order.transactionsLocked;
  const lineCount = Array.isArray(order.orderLines) ? order.orderLines.length : 0;
  return {
    edit: content && !FINAL_STATUSES.has(status),
    labels: acting.features.includes('labels') && readsCompanyOrders(who),
    assign: readsCompanyOrders(who),
    editLines: linesOpen,
    split: linesOpen && lineCount >= 2,
    lockTransactions: mayLockTransactions(who),
    duplicate: canCall(orderContracts.duplicate.access, who.subject),
  };
}

const ORDER_COLUMNS = ['id', 'status', 'orderedById', 'orderNumber', 'transactionsLocked', 'departmentId', 'projectId', 'about', 'labels', 'assignedToId'] as const;

/**
 * The order whose lines are about to change, locked: found for the caller (`missing` otherwise),
 * theirs to change (whoever placed it, a customer admin or validator: UnauthorizedRole), before the
 * validator's approval (OrderIsFinal once decided, OrderNotInStep in finance approval) and with its
 * transactions open (OrderTransactionsLocked).
 */
export async function lockOrderForLines(trx: Transaction<DB>, acting: Acting, who: Who, orderId: unknown, onlyOwn: Owner['onlyOwn'], missing: 'OrderNotFound' | 'OrderLineNotFound' = 'OrderNotFound') {
  const row = await lockOrder(trx, acting, orderId, onlyOwn, [...ORDER_COLUMNS, 'orderDate'], missing);
  if (!mayWriteExtraInfo(who, row)) throw new ApiError('UnauthorizedRole');
  const status = String(row.status);
  if (FINAL_STATUSES.has(status)) throw new ApiError('OrderIsFinal');
  if (!LINE_STATUSES.has(status)) throw new ApiError('OrderNotInStep');
  assertUnlocked(row);
  return { ...row, id: String(row.id), status };
}

/** What PATCH /v2/orders/{id} may change; a key left out stays as it is, null clears it. */
export interface OrderChanges {
  about?: string | null;
  departmentId?: string | null;
  projectId?: string | null;
  labels?: string[] | null;
  assignedToId?: string | null;
}

const label = (field: string, language: Language) => ordersResource.fields[field]!.label[language];
const quoted = (v: unknown) => (v == null || v === '' ? '—' : `"${String(v)}"`);

/** A user with an active access to the acting customer (the follow-up user), or undefined. */
async function companyUser(db: Kysely<DB>, acting: Acting, userId: string) {
  return db.selectFrom('users as u').innerJoin('customerAccesses as a', 'a.userId', 'u.id')
    .select(['u.id', 'u.displayname', 'u.email']).where('u.id', '=', userId).where('u.tenantId', '=', acting.tenantId)
    .where('a.customerId', '=', acting.customerId).where('a.active', '=', true).executeTakeFirst();
}

/**
 * GET /v2/orders/assignees: who may follow up the acting customer's orders — the users with an
 * active access to it, by name — for the users who choose them (readsCompanyOrders; UnauthorizedRole otherwise).
 */
export async function assignees(db: Kysely<DB>, acting: Acting, who: Who) {
  if (!readsCompanyOrders(who)) throw new ApiError('UnauthorizedRole');
  const rows = await db.selectFrom('users as u').innerJoin('customerAccesses as a', 'a.userId', 'u.id')
    .select(['u.id', 'u.displayname', 'u.email']).distinct()
    .where('u.tenantId', '=', acting.tenantId).where('a.customerId', '=', acting.customerId).where('a.active', '=', true)
    .orderBy('u.displayname').orderBy('u.email').orderBy('u.id').limit(500).execute();
  return rows.map((r) => ({ id: String(r.id), name: String(r.displayname ?? r.email ?? ''), email: (r.email as string | null) ?? null }));
}

/** Names of the acting customer's departments or projects, by id, for the history's words. */
async function namesOf(db: Kysely<DB>, acting: Acting, table: 'customerDepartments' | 'projects', ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => !!id);
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', wanted).where('tenantId', '=', acting.tenantId).execute();
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}

/** Labels as kept: trimmed, without empty ones and repeats (case-insensitive), in the order given. */
export function cleanLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels.map((l) => l.trim()).filter((l) => l && !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
}

/**
 * PATCH /v2/orders/{id}: changes the keys sent. About, department and project: whoever placed the
 * order or a customer admin or validator (UnauthorizedRole), until it is final (OrderIsFinal); a
 * department must be the customer's (validationFailed) and have the orderer as member (flows §5
 * "Ordering requires department membership": NotDepartmentMember). Labels (the labels feature,
 * forbiddenAccess without it) and the follow-up user (a user with an active access to the
 * customer: UserNotFound) are the company's order readers' (admin, validator, finance), whatever
 * the status. The history gets 'updated' with what changed (in the caller's language) and
 * assigneeRemoved / assigneeAdded naming the users. Every refusal changes nothing.
 */
export async function updateOrder(db: Kysely<DB>, acting: Acting, who: Who, orderId: unknown, changes: OrderChanges, language: Language, onlyOwn?: Owner['onlyOwn']) {
  const lower = (v: string | null | undefined) => (typeof v === 'string' ? v.toLowerCase() : v);
  const input: OrderChanges = { ...changes, departmentId: lower(changes.departmentId), projectId: lower(changes.projectId), assignedToId: lower(changes.assignedToId) };
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, acting, orderId, onlyOwn, ORDER_COLUMNS);
    const id = String(order.id);
    const content = input.about !== undefined || input.departmentId !== undefined || input.projectId !== undefined;
    if (content && !mayWriteExtraInfo(who, order)) throw new ApiError('UnauthorizedRole');
    if (content && FINAL_STATUSES.has(String(order.status))) throw new ApiError('OrderIsFinal');
    if (input.labels !== undefined && !hasFeature(acting, 'labels')) throw new ApiError('forbiddenAccess');
    if ((input.labels !== undefined || input.assignedToId !== undefined) && !readsCompanyOrders(who)) throw new ApiError('UnauthorizedRole');

    const set: Record<string, unknown> = {};
    const said: string[] = [];
    if (input.about !== undefined) {
      const about = input.about?.trim() || null;
      if (about !== (order.about ?? null)) {
        set.about = about;
        said.push(`${label('about', language)}: ${quoted(order.about)} → ${quoted(about)}`);
      }
    }
    const owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer' as const };
    const refs = await checkReferences(trx, ordersResource, owner, { departmentId: input.departmentId, projectId: input.projectId });
    if (refs.length) throw new ApiError('validationFailed', refs);
    if (input.departmentId !== undefined && input.departmentId !== order.departmentId) {
      if (input.departmentId && !(await mayOrderFor(trx, acting, (order.orderedById as string | null) ?? null, input.departmentId))) {
        throw new ApiError('NotDepartmentMember', [{ path: 'departmentId', rule: 'NotDepartmentMember' }]);
      }
      set.departmentId = input.departmentId;
      const names = await namesOf(trx, acting, 'customerDepartments', [order.departmentId as string | null, input.departmentId]);
      said.push(`${label('departmentId', language)}: ${names.get(String(order.departmentId)) ?? '—'} → ${names.get(String(input.departmentId)) ?? '—'}`);
    }
    if (input.projectId !== undefined && input.projectId !== order.projectId) {
      set.projectId = input.projectId;
      const names = await namesOf(trx, acting, 'projects', [order.projectId as string | null, input.projectId]);
      said.push(`${label('projectId', language)}: ${names.get(String(order.projectId)) ?? '—'} → ${names.get(String(input.projectId)) ?? '—'}`);
    }
    if (input.labels !== undefined) {
      const before = (typeof order.labels === 'string' ? JSON.parse(order.labels) : order.labels ?? []) as string[];
      const after = cleanLabels(input.labels ?? []);
      if (after.join('\u0000') !== before.join('\u0000')) {
        set.labels = JSON.stringify(after);
        said.push(`${label('labels', language)}: ${before.join(', ') || '—'} → ${after.join(', ') || '—'}`);
      }
    }
    const assignee = input.assignedToId === undefined || input.assignedToId === order.assignedToId ? undefined : input.assignedToId;
    let added: Awaited<ReturnType<typeof companyUser>> | undefined;
    if (assignee) {
      added = await companyUser(trx, acting, assignee);
      if (!added) throw new ApiError('UserNotFound', [{ path: 'assignedToId', rule: 'UserNotFound' }]);
    }
    if (assignee !== undefined) set.assignedToId = assignee;

    if (Object.keys(set).length) {
      await trx.updateTable('orders').set({ ...set, updatedAt: sql`now()` } as never).where('id', '=', id).where('tenantId', '=', acting.tenantId).execute();
    }
    if (said.length) await recordHistory(trx, acting, { orderId: id, action: 'updated', userId: who.user.id, reason: said.join('\n') });
    if (assignee !== undefined) {
      const nameOf = (u: { displayname?: unknown; email?: unknown } | undefined) => String(u?.displayname ?? u?.email ?? '');
      if (order.assignedToId) {
        const removed = await trx.selectFrom('users').select(['displayname', 'email']).where('id', '=', String(order.assignedToId)).executeTakeFirst();
        await recordHistory(trx, acting, { orderId: id, action: 'assigneeRemoved', userId: who.user.id, reason: nameOf(removed) || null });
      }
      if (added) await recordHistory(trx, acting, { orderId: id, action: 'assigneeAdded', userId: who.user.id, reason: nameOf(added) || null });
    }
    return orderDto(trx, acting, id);
  });
}

/** The order line `lineId` of an order the caller may read, under that order's lock; OrderLineNotFound otherwise. */
async function lockedLine(trx: Transaction<DB>, acting: Acting, who: Who, lineId: unknown, onlyOwn: Owner['onlyOwn']) {
  if (typeof lineId !== 'string' || !/^[0-9a-f-]{36}$/i.test(lineId)) throw new ApiError('OrderLineNotFound');
  const found = await trx.selectFrom('orderLines').select('orderId').where('id', '=', lineId)
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).executeTakeFirst();
  if (!found) throw new ApiError('OrderLineNotFound');
  const order = await lockOrderForLines(trx, acting, who, String(found.orderId), onlyOwn, 'OrderLineNotFound');
  // Read again under the order's lock: a split that committed meanwhile may have moved the line.
  const line = await trx.selectFrom('orderLines').select(['id', 'orderId', 'supplierArticleId', 'supplierId', 'articleNumberSupplier', 'amount'])
    .where('id', '=', lineId).where('orderId', '=', order.id).where('tenantId', '=', acting.tenantId).executeTakeFirst();
  if (!line) throw new ApiError('OrderLineNotFound');
  return { order, line: { ...line, id: String(line.id), amount: Number(line.amount), supplierArticleId: (line.supplierArticleId as string | null) ?? null, supplierId: (line.supplierId as string | null) ?? null } };
}

/** The result of a line change: the order as answered and the articles whose stock moved (for the search index, once committed). */
export interface LineChange { order: Awaited<ReturnType<typeof orderDto>>; articleIds: string[] }

/**
 * PUT /v2/order-lines/{id} {amount}: the line's new amount, before the validator's approval
 * (lockOrderForLines). At least the article's minimum order quantity (BelowMinimumOrderQuantity)
 * and within today's stock — the line's own amount counts as available, it took it
 * (NotEnoughStock with the stock it may have); more of an article that is gone or unavailable is
 * ArticleNotAvailable (less is always possible). Stock moves on the locked article row; the line,
 * the order and the suppliers' budgets are computed again, the tender limit and minimum order
 * price checked for the line's supplier; history lineUpdated says "<article>: Aantal 2 → 5".
 */
export async function changeLineAmount(db: Kysely<DB>, acting: Acting, who: Who, lineId: unknown, amount: number, language: Language, onlyOwn?: Owner['onlyOwn']): Promise<LineChange> {
  if (!Number.isInteger(amount) || amount <= 0) throw new ApiError('InvalidQuantity', [{ path: 'amount', rule: 'InvalidQuantity' }]);
  return db.transaction().execute(async (trx) => {
    const { order, line } = await lockedLine(trx, acting, who, lineId, onlyOwn);
    if (amount === line.amount) return { order: await orderDto(trx, acting, order.id), articleIds: [] };
    const articles = line.supplierArticleId ? await loadArticles(trx, acting.tenantId, [line.supplierArticleId], { forUpdate: true }) : new Map();
    const article = line.supplierArticleId ? articles.get(line.supplierArticleId.toLowerCase()) : undefined;
    const delta = amount - line.amount;
    const refuse = (code: 'ArticleNotAvailable' | 'BelowMinimumOrderQuantity' | 'NotEnoughStock', params?: Record<string, number>) =>
      new ApiError(code, [{ path: 'amount', rule: code, ...(params ? { params } : {}) }]);
    if (delta > 0 && (!article || !article.available)) throw refuse('ArticleNotAvailable');
    if (article && amount < article.minOrderQuant) throw refuse('BelowMinimumOrderQuantity', { minOrderQuant: article.minOrderQuant });
    if (article && article.stock != null && delta > article.stock) throw refuse('NotEnoughStock', { stock: article.stock + line.amount });

    const lines = await moneyLines(trx, acting, order.id);
    const termsOf = await termsFor(trx, acting, lines, articles);
    const before = orderMoney(lines, termsOf);
    const changed = lines.map((l) => (l.id === line.id ? { ...l, amount } : l));
    const after = orderMoney(changed, termsOf);
    if (line.supplierId) assertSuppliersFit(after.suppliers, new Set([line.supplierId]));

    await trx.updateTable('orderLines').set({ amount, updatedAt: sql`now()` }).where('id', '=', line.id).where('tenantId', '=', acting.tenantId).execute();
    await storeOrderMoney(trx, acting, order.id, changed, after);
    await settleSupplierSpend(trx, acting, before.suppliers, after.suppliers);
    if (article && article.stock != null) {
      await trx.updateTable('supplierArticles').set({ stock: sql`stock - ${delta}`, updatedAt: sql`now()` })
        .where('id', '=', article.id).where('tenantId', '=', acting.tenantId).execute();
    }
    const what = line.articleNumberSupplier ? `${line.articleNumberSupplier}: ` : '';
    await recordHistory(trx, acting, { orderId: order.id, action: 'lineUpdated', userId: who.user.id, reason: `${what}${lineFields.amount!.label[language]} ${line.amount} → ${amount}` });
    return { order: await orderDto(trx, acting, order.id), articleIds: article && article.stock != null ? [article.id] : [] };
  });
}

/**
 * DELETE /v2/order-lines/{id}: removes the line before the validator's approval
 * (lockOrderForLines); an order keeps at least one line (LastOrderLineCantBeDeleted: an empty
 * order cannot be approved, so the way out is rejecting it). The line's stock goes back on the
 * locked article row; the order and the suppliers' budgets are computed again (the minimum order
 * price of the line's supplier checked for what is left); history lineDeleted says "<article> × 3".
 * The other lines keep their numbers.
 */
export async function deleteLine(db: Kysely<DB>, acting: Acting, who: Who, lineId: unknown, onlyOwn?: Owner['onlyOwn']): Promise<LineChange> {
  return db.transaction().execute(async (trx) => {
    const { order, line } = await lockedLine(trx, acting, who, lineId, onlyOwn);
    const lines = await moneyLines(trx, acting, order.id);
    if (lines.length <= 1) throw new ApiError('LastOrderLineCantBeDeleted');
    const articles = line.supplierArticleId ? await loadArticles(trx, acting.tenantId, [line.supplierArticleId], { forUpdate: true }) : new Map();
    const article = line.supplierArticleId ? articles.get(line.supplierArticleId.toLowerCase()) : undefined;
    const termsOf = await termsFor(trx, acting, lines, articles);
    const before = orderMoney(lines, termsOf);
    const left = lines.filter((l) => l.id !== line.id);
    const after = orderMoney(left, termsOf);
    if (line.supplierId) assertSuppliersFit(after.suppliers, new Set([line.supplierId]));

    await trx.deleteFrom('orderLines').where('id', '=', line.id).where('tenantId', '=', acting.tenantId).execute();
    await storeOrderMoney(trx, acting, order.id, left, after);
    await settleSupplierSpend(trx, acting, before.suppliers, after.suppliers);
    if (article && article.stock != null) {
      await trx.updateTable('supplierArticles').set({ stock: sql`stock + ${line.amount}`, updatedAt: sql`now()` })
        .where('id', '=', article.id).where('tenantId', '=', acting.tenantId).execute();
    }
    await recordHistory(trx, acting, { orderId: order.id, action: 'lineDeleted', userId: who.user.id, reason: `${line.articleNumberSupplier ?? ''} × ${line.amount}`.trim() });
    return { order: await orderDto(trx, acting, order.id), articleIds: article && article.stock != null ? [article.id] : [] };
  });
}
