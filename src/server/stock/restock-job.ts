import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { hasLetters } from '../../shared/access';
import { afterArticlesChanged } from '../catalogue/changes';
import { stringList } from '../fulfilment/parties';
import { ApiError } from '../errors';
import { defineJob } from '../jobs/definition';
import type { Acting } from '../ordering/acting';
import { NO_SHIPPING_DETAILS } from '../ordering/basket-store';
import { placeOrder } from '../ordering/orders';
import { lockInstance, stockNotice, type InstanceRow } from './movements';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `stock.restock` (flows §3 "Restock setting"; core §3 Warehouse): every hour, the warehouse
 * articles with auto-restock whose stock is at or below their minimum are restocked as their
 * warehouse's restock setting says:
 * - fixed: an order of the article's restock quantity ("restock by");
 * - flex: an order up to the restock quantity ("restock up to"), i.e. that less the stock;
 * - manual: no order, a notice in the warehouse's activity ('restockNeeded') once per depletion;
 * - unassigned: nothing.
 * An order's amount is rounded up to the order quantity (the pack) and to the article's minimum.
 * The order is placed for the warehouse's department, in the name of whoever switched auto-restock
 * on, through placeOrder (the path of an order from the basket: the same checks, stock, budgets,
 * history and the deciders' mail); it names the warehouse, so its deliveries fill that warehouse.
 * No second order while the instance's restock order is open (not rejected and not fully
 * delivered). An order the shop refuses (the article is gone, the orderer lost access, …) leaves a
 * 'restockFailed' notice once per depletion, and the next run tries again.
 */

type Mode = 'fixed' | 'flex' | 'manual';
const BATCH = 200;

interface Candidate { id: string; tenantId: string; customerId: string }

/** Restocks what is due; answers how many orders were placed, notices written and instances left alone. */
export async function runRestock(db: Kysely<DB>, log?: FastifyBaseLogger): Promise<{ ordered: number; notices: number; skipped: number }> {
  const due = await db.selectFrom('warehouseInstances as i').innerJoin('warehouses as w', 'w.id', 'i.warehouseId')
    .select(['i.id', 'i.tenantId', 'i.customerId', 'i.supplierArticleId'])
    .where('i.autoRestock', '=', true).where('i.depletedAt', 'is not', null)
    .where('w.restockSetting', 'in', ['fixed', 'flex', 'manual'])
    .orderBy('i.depletedAt').orderBy('i.id').limit(BATCH).execute();
  const result = { ordered: 0, notices: 0, skipped: 0 };
  for (const c of due) {
    const outcome = await restockOne(db, c);
    if (outcome === 'ordered') {
      result.ordered++;
      // The order took the article's stock: the search index shows it once committed, as after an order from the basket.
      await afterArticlesChanged(db, c.tenantId, [c.supplierArticleId], log);
    }
    else if (outcome === 'notice') result.notices++;
    else result.skipped++;
  }
  return result;
}

type Outcome = 'ordered' | 'notice' | 'skipped';

/** One instance, in its own transaction on the locked instance row. */
export async function restockOne(db: Kysely<DB>, c: Candidate): Promise<Outcome> {
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const inst = await lockInstance(trx, c, c.id);
    if (!inst) return 'skipped';
    const row = await trx.selectFrom('warehouseInstances').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    if (row.autoRestock !== true || Number(inst.stock ?? 0) > Number(inst.minimumStock ?? 0)) return 'skipped';
    const warehouse = await trx.selectFrom('warehouses').selectAll().where('id', '=', inst.warehouseId).executeTakeFirst();
    const mode = warehouse?.restockSetting as Mode | 'unassigned' | undefined;
    if (!warehouse || !mode || mode === 'unassigned') return 'skipped';
    if (row.restockOrderId && await isOpen(trx, String(row.restockOrderId))) return 'skipped';
    if (mode === 'manual') return (await noticeOnce(trx, inst, 'restockNeeded', null)) ? 'notice' : 'skipped';
    const amount = await amountToOrder(trx, inst, mode, row);
    if (amount <= 0) return 'skipped';
    const acting = await ordererOf(trx, inst, row.restockUserId as string | null);
    if (!acting || !warehouse.departmentId) {
      return (await noticeOnce(trx, inst, 'restockFailed', !acting ? 'UnauthorizedRole' : 'RestockNeedsDepartment')) ? 'notice' : 'skipped';
    }
    try {
      // A savepoint: a refused order leaves the transaction usable for the notice below.
      const orderId = await withSavepoint(trx, () => placeOrder(trx, acting, {
        id: null, lines: [{ supplierArticleId: inst.supplierArticleId, amount, giftCard: null }],
        shippingDetails: { ...NO_SHIPPING_DETAILS, departmentId: String(warehouse.departmentId), about: String(warehouse.name).slice(0, 200) },
      }, { createdReason: String(warehouse.name) }));
      const order = await trx.updateTable('orders').set({ warehouseId: inst.warehouseId }).where('id', '=', orderId).returning('orderNumber').executeTakeFirstOrThrow();
      await trx.updateTable('warehouseInstances').set({ restockOrderId: orderId, updatedAt: sql`clock_timestamp()` }).where('id', '=', inst.id).execute();
      await stockNotice(trx, inst, { kind: 'restockOrdered', userId: acting.userId, orderId, orderNumber: order.orderNumber as string | null, remark: String(amount) });
      return 'ordered';
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return (await noticeOnce(trx, inst, 'restockFailed', err.errorCode)) ? 'notice' : 'skipped';
    }
  });
}

async function withSavepoint<T>(trx: Transaction<DB>, work: () => Promise<T>): Promise<T> {
  await sql`savepoint restock_order`.execute(trx);
  try {
    const out = await work();
    await sql`release savepoint restock_order`.execute(trx);
    return out;
  } catch (err) {
    await sql`rollback to savepoint restock_order`.execute(trx);
    throw err;
  }
}

/** An order is open until it is rejected or every one of its supplier orders is delivered. */
async function isOpen(db: Transaction<DB>, orderId: string): Promise<boolean> {
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  if (!order || order.status === 'rejected') return false;
  if (order.status !== 'approved') return true;
  const sos = await db.selectFrom('supplierOrders').select('status').where('orderId', '=', orderId).execute();
  return !sos.length || sos.some((s) => s.status !== 'DELIVERED');
}

/** fixed: the restock quantity; flex: up to it; rounded up to the pack (order quantity) and to the article's minimum. */
async function amountToOrder(db: Transaction<DB>, inst: InstanceRow, mode: 'fixed' | 'flex', row: { restockQuantity: number | null; orderQuantity: number | null }): Promise<number> {
  const target = Number(row.restockQuantity ?? 0);
  const wanted = mode === 'fixed' ? target : target - Number(inst.stock ?? 0);
  if (wanted <= 0) return 0;
  const pack = Math.max(1, Number(row.orderQuantity ?? 1));
  const article = await db.selectFrom('supplierArticles').select('minOrderQuant').where('id', '=', inst.supplierArticleId).executeTakeFirst();
  return Math.max(Math.ceil(wanted / pack) * pack, Number(article?.minOrderQuant ?? 1));
}

/** Whoever switched auto-restock on, while they are active and may still order for the company (orders C). */
async function ordererOf(db: Transaction<DB>, inst: InstanceRow, userId: string | null): Promise<Acting | null> {
  if (!userId) return null;
  const access = await db.selectFrom('customerAccesses as a').innerJoin('users as u', 'u.id', 'a.userId').innerJoin('customers as c', 'c.id', 'a.customerId')
    .select(['a.permissions', 'a.active', 'u.active as userActive', 'c.features'])
    .where('a.tenantId', '=', inst.tenantId).where('a.customerId', '=', inst.customerId).where('a.userId', '=', userId).executeTakeFirst();
  if (!access || access.active !== true || access.userActive === false || !hasLetters(stringList(access.permissions), 'orders', ['C'])) return null;
  return { tenantId: inst.tenantId, customerId: inst.customerId, userId, features: stringList(access.features) };
}

/** A notice of `kind` unless the instance has one since it fell to its minimum. Answers whether it was written. */
async function noticeOnce(trx: Transaction<DB>, inst: InstanceRow, kind: 'restockNeeded' | 'restockFailed', remark: string | null): Promise<boolean> {
  const since = inst.depletedAt ? new Date(inst.depletedAt as string) : new Date(0);
  const earlier = await trx.selectFrom('stockMovements').select('id').where('warehouseInstanceId', '=', inst.id).where('kind', '=', kind)
    .where('createdAt', '>=', since).where('tenantId', '=', inst.tenantId).executeTakeFirst();
  if (earlier) return false;
  await stockNotice(trx, inst, { kind, userId: null, remark });
  return true;
}

export const stockRestockJob = defineJob<Record<string, never>>({
  title: t('Magazijnen herbevoorraden', 'Restock warehouses', 'Réapprovisionner les entrepôts'),
  description: t(
    'Bestelt de magazijnartikelen met automatische herbevoorrading die op of onder hun minimumvoorraad staan, volgens de instelling van hun magazijn (vast, flexibel; manueel: enkel een melding).',
    "Orders the warehouse articles with auto-restock whose stock is at or below their minimum, as their warehouse's setting says (fixed, flex; manual: only a notice).",
    "Commande les articles d'entrepôt à réapprovisionnement automatique dont le stock est au minimum ou en dessous, selon le réglage de leur entrepôt (fixe, flexible ; manuel : seulement un avis).",
  ),
  queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 900, retentionSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
  schedule: { cron: '5 * * * *' },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const result = await runRestock(db, log);
    if (result.ordered || result.notices) log.info(result, 'warehouses restocked');
    return result;
  },
});
