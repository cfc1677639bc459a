import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { CONSTANTS, resourceByName } from '../../../model';
import { containsPattern } from '../catalogue/article-dto';
import { toRecord, UUID_RE } from '../db/records';
import { checkReferences } from '../crud/references';
import { ApiError } from '../errors';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import type { EDITABLE, INSTANCE_SORTS } from '../../shared/contracts/warehouse-instances';
import { depletion, lockInstance, moveStock, movementOut, type InstanceRow } from './movements';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Warehouse articles (core §3 Warehouse instance, §5, §7 Warehouses; flows §5 "Product management /
 * warehouse"): adding an article to a warehouse, changing its stock and restock settings, removing
 * it, listing them across warehouses with core §3's filters, a warehouse's activity and new tags.
 * Every rule holds here: one instance per warehouse and article, a tag unique in the company, auto-
 * restock only where the warehouse has a department; a stock change is a movement of the activity.
 */

type Db = Kysely<DB> | Transaction<DB>;
export interface StockOwner { tenantId: string; customerId: string; userId: string }

const instances = resourceByName('warehouse-instances');
export type InstanceInput = Partial<Record<(typeof EDITABLE)[number], unknown>> & { supplierArticleId?: string };


/** The company's warehouse `id` (WarehouseNotFound otherwise). */
export async function ownWarehouse(db: Db, owner: StockOwner, id: unknown) {
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('WarehouseNotFound');
  const w = await db.selectFrom('warehouses').selectAll().where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId).where('id', '=', id).executeTakeFirst();
  if (!w) throw new ApiError('WarehouseNotFound');
  return w;
}

/** The instance with its warehouse and article, as every call answers it. */
function instanceQuery(db: Db, owner: Pick<StockOwner, 'tenantId' | 'customerId'>) {
  return db.selectFrom('warehouseInstances as i')
    .innerJoin('warehouses as w', 'w.id', 'i.warehouseId')
    .leftJoin('supplierArticles as a', 'a.id', 'i.supplierArticleId')
    .leftJoin('suppliers as s', 's.id', 'a.supplierId')
    .selectAll('i')
    .select(['w.name as warehouseName', 'w.departmentId as departmentId', 'w.restockSetting as restockSetting',
      'a.articleNumberSupplier as articleNumberSupplier', 'a.title as articleTitle', 'a.image as articleImage', 's.name as supplierName'])
    .where('i.tenantId', '=', owner.tenantId).where('i.customerId', '=', owner.customerId);
}

function instanceOut(r: Record<string, unknown>) {
  const title = r.articleTitle == null ? null : (typeof r.articleTitle === 'string' ? JSON.parse(r.articleTitle) : r.articleTitle) as Record<string, string | null>;
  return {
    ...toRecord(instances, r),
    warehouseName: (r.warehouseName as string | null) ?? null, departmentId: (r.departmentId as string | null) ?? null,
    restockSetting: (r.restockSetting as string | null) ?? null,
    articleNumberSupplier: (r.articleNumberSupplier as string | null) ?? null,
    articleTitle: title ? { nl: title.nl ?? null, en: title.en ?? null, fr: title.fr ?? null } : null,
    articleImage: (r.articleImage as string | null) ?? null, supplierName: (r.supplierName as string | null) ?? null,
  };
}
export type InstanceOut = ReturnType<typeof instanceOut>;

async function readInstance(db: Db, owner: StockOwner, id: string): Promise<InstanceOut> {
  const row = await instanceQuery(db, owner).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('WarehouseInstanceNotFound');
  return instanceOut(row as Record<string, unknown>);
}

/** flows §5: a tag is unique among the company's warehouse articles (`except` itself). */
async function assertTagFree(db: Db, owner: StockOwner, tag: unknown, except: string | null): Promise<void> {
  if (typeof tag !== 'string' || !tag) return;
  let q = db.selectFrom('warehouseInstances').select('id').where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId).where('tag', '=', tag);
  if (except) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw new ApiError('TagAlreadyExists', [{ path: 'tag', rule: 'TagAlreadyExists' }]);
}

/** core §5: auto-restock needs the warehouse's department (to order for). */
function assertRestockable(warehouse: { departmentId: unknown }, autoRestock: unknown): void {
  if (autoRestock === true && !warehouse.departmentId) throw new ApiError('RestockNeedsDepartment', [{ path: 'autoRestock', rule: 'RestockNeedsDepartment' }]);
}

/** A unique key violated at once by two requests: the same answer the checks give one at a time. */
async function keyed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code === '23505') {
      const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
      if (which.includes('warehouse_article')) throw new ApiError('WarehouseInstanceAlreadyExists', [{ path: 'supplierArticleId', rule: 'WarehouseInstanceAlreadyExists' }]);
      if (which.includes('tag')) throw new ApiError('TagAlreadyExists', [{ path: 'tag', rule: 'TagAlreadyExists' }]);
    }
    throw err;
  }
}

/** POST /warehouse-management/{warehouseId}/instances: the article into the warehouse, its starting stock a movement. */
export async function createInstance(db: Kysely<DB>, owner: StockOwner, warehouseId: unknown, input: InstanceInput): Promise<InstanceOut> {
  return keyed(() => db.transaction().execute(async (trx) => {
    const warehouse = await ownWarehouse(trx, owner, warehouseId);
    const refs = await checkReferences(trx, instances, { tenantId: owner.tenantId, customerId: owner.customerId, side: 'customer' }, { supplierArticleId: input.supplierArticleId });
    if (refs.length) throw new ApiError('validationFailed', refs);
    const exists = await trx.selectFrom('warehouseInstances').select('id').where('tenantId', '=', owner.tenantId)
      .where('warehouseId', '=', String(warehouse.id)).where('supplierArticleId', '=', String(input.supplierArticleId)).executeTakeFirst();
    if (exists) throw new ApiError('WarehouseInstanceAlreadyExists', [{ path: 'supplierArticleId', rule: 'WarehouseInstanceAlreadyExists' }]);
    await assertTagFree(trx, owner, input.tag, null);
    assertRestockable(warehouse, input.autoRestock);
    const stock = Number(input.stock ?? 0);
    const minimumStock = Number(input.minimumStock ?? 0);
    const created = await trx.insertInto('warehouseInstances').values({
      tenantId: owner.tenantId, customerId: owner.customerId, warehouseId: String(warehouse.id), supplierArticleId: String(input.supplierArticleId),
      stock: 0, tag: (input.tag as string | null | undefined) || null, minimumStock,
      orderQuantity: Number(input.orderQuantity ?? 1), restockQuantity: Number(input.restockQuantity ?? 0), autoRestock: input.autoRestock === true,
      depletedAt: depletion(0, minimumStock, null), restockUserId: input.autoRestock === true ? owner.userId : null,
    }).returning('id').executeTakeFirstOrThrow();
    const inst = (await lockInstance(trx, owner, String(created.id)))!;
    // The starting stock is the activity's first entry (also when it is 0: the article joined the warehouse).
    await moveStock(trx, inst, stock, { kind: 'instanceCreated', userId: owner.userId });
    return readInstance(trx, owner, String(created.id));
  }));
}

/** The instance `id`, of warehouse `warehouseId` when named (WarehouseInstanceNotFound otherwise), locked. */
async function lockOwn(trx: Transaction<DB>, owner: StockOwner, warehouseId: unknown | undefined, id: unknown): Promise<InstanceRow> {
  if (warehouseId !== undefined) await ownWarehouse(trx, owner, warehouseId);
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new ApiError('WarehouseInstanceNotFound');
  const inst = await lockInstance(trx, owner, id);
  if (!inst || (warehouseId !== undefined && inst.warehouseId !== warehouseId)) throw new ApiError('WarehouseInstanceNotFound');
  return inst;
}

/**
 * PUT …/instances/{id}: the keys sent. A new stock is a manual correction (a movement of the
 * difference); switching auto-restock on makes the caller the one the restock job orders for.
 */
export async function updateInstance(db: Kysely<DB>, owner: StockOwner, warehouseId: unknown | undefined, id: unknown, input: InstanceInput): Promise<InstanceOut> {
  return keyed(() => db.transaction().execute(async (trx) => {
    const inst = await lockOwn(trx, owner, warehouseId, id);
    const warehouse = await ownWarehouse(trx, owner, inst.warehouseId);
    const row = (await trx.selectFrom('warehouseInstances').selectAll().where('id', '=', inst.id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    if (input.tag !== undefined) await assertTagFree(trx, owner, input.tag, inst.id);
    const autoRestock = input.autoRestock !== undefined ? input.autoRestock === true : row.autoRestock === true;
    assertRestockable(warehouse, autoRestock);
    const minimumStock = input.minimumStock !== undefined ? Number(input.minimumStock ?? 0) : Number(row.minimumStock ?? 0);
    const changes: Record<string, unknown> = {};
    if (input.tag !== undefined) changes.tag = (input.tag as string | null) || null;
    if (input.minimumStock !== undefined) changes.minimumStock = minimumStock;
    if (input.orderQuantity !== undefined) changes.orderQuantity = Number(input.orderQuantity ?? 1);
    if (input.restockQuantity !== undefined) changes.restockQuantity = Number(input.restockQuantity ?? 0);
    if (input.autoRestock !== undefined) {
      changes.autoRestock = autoRestock;
      if (autoRestock && row.autoRestock !== true) changes.restockUserId = owner.userId;
    }
    changes.depletedAt = depletion(Number(inst.stock ?? 0), minimumStock, inst.depletedAt);
    await trx.updateTable('warehouseInstances').set({ ...changes, updatedAt: sql`clock_timestamp()` }).where('id', '=', inst.id).execute();
    inst.minimumStock = minimumStock;
    inst.depletedAt = changes.depletedAt as Date | string | null;
    if (input.stock !== undefined && input.stock !== null && Number(input.stock) !== Number(inst.stock ?? 0)) {
      await moveStock(trx, inst, Number(input.stock) - Number(inst.stock ?? 0), { kind: 'manualCorrection', userId: owner.userId });
    }
    return readInstance(trx, owner, inst.id);
  }));
}

/** DELETE …/instances/{id}: the instance goes, its movements stay in the warehouse's activity. */
export async function removeInstance(db: Kysely<DB>, owner: StockOwner, warehouseId: unknown | undefined, id: unknown): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const inst = await lockOwn(trx, owner, warehouseId, id);
    await trx.deleteFrom('warehouseInstances').where('id', '=', inst.id).execute();
    return { id: inst.id };
  });
}

export interface InstanceFilters {
  name?: string; departmentId?: string; restockSetting?: string; articleNumberSupplier?: string; articleName?: string;
  warehouseId?: string[]; supplierArticleId?: string; depletedAt?: string; filter?: string;
  page: number; pageSize: number; sort?: string;
}

const SORTS: Record<string, string> = {
  articleNumberSupplier: 'lower(a.article_number_supplier)', articleName: "lower(coalesce(a.title->>'nl', a.title->>'en', a.title->>'fr'))",
  warehouseName: 'lower(w.name)', name: 'lower(w.name)', stock: 'i.stock', minimumStock: 'i.minimum_stock', depletedAt: 'i.depleted_at', createdAt: 'i.created_at',
} satisfies Record<(typeof INSTANCE_SORTS)[number], string>;

/** GET /warehouse-management/instances and /warehouses/supplier-article-warehouse-instances: a page of the company's warehouse articles. */
export async function queryInstances(db: Kysely<DB>, owner: StockOwner, f: InstanceFilters) {
  let q = instanceQuery(db, owner);
  if (f.name) q = q.where('w.name', 'ilike', containsPattern(f.name));
  if (f.departmentId) q = q.where('w.departmentId', '=', f.departmentId);
  if (f.restockSetting) q = q.where('w.restockSetting', '=', f.restockSetting as never);
  if (f.articleNumberSupplier) q = q.where('a.articleNumberSupplier', 'ilike', containsPattern(f.articleNumberSupplier));
  if (f.articleName) q = q.where(sql<boolean>`concat_ws(' ', a.title->>'nl', a.title->>'en', a.title->>'fr') ilike ${containsPattern(f.articleName)}`);
  if (f.warehouseId?.length) q = q.where('i.warehouseId', 'in', f.warehouseId);
  if (f.supplierArticleId) q = q.where('i.supplierArticleId', '=', f.supplierArticleId);
  // A day: at or below the minimum since that day (Brussels) or later.
  if (f.depletedAt) q = q.where(sql<boolean>`i.depleted_at >= (${f.depletedAt}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`);
  if (f.filter) {
    const text = f.filter;
    q = UUID_RE.test(text) ? q.where('i.supplierArticleId', '=', text)
      : q.where((eb) => eb.or([eb('i.tag', 'ilike', containsPattern(text)), eb('a.articleNumberSupplier', 'ilike', containsPattern(text)), eb('w.name', 'ilike', containsPattern(text))]));
  }
  const desc = f.sort?.startsWith('-') ?? false;
  const key = SORTS[(f.sort ?? '').replace(/^-/, '')] ?? SORTS.warehouseName!;
  const order = sql.raw(`${key} ${desc ? 'desc' : 'asc'} nulls last`);
  const [rows, count] = await Promise.all([
    q.orderBy(order).orderBy('i.id').offset((f.page - 1) * f.pageSize).limit(f.pageSize).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => instanceOut(r as Record<string, unknown>)), total: Number(count.n), page: f.page, pageSize: f.pageSize };
}

/** GET /warehouse-management/{id}/activity: the warehouse's movements, newest first unless sort=createdAt. */
export async function warehouseActivity(db: Kysely<DB>, owner: StockOwner, warehouseId: unknown, p: { page: number; pageSize: number; sort?: string }) {
  const warehouse = await ownWarehouse(db, owner, warehouseId);
  const q = db.selectFrom('stockMovements as m')
    .where('m.tenantId', '=', owner.tenantId).where('m.customerId', '=', owner.customerId).where('m.warehouseId', '=', String(warehouse.id));
  const asc = p.sort === 'createdAt';
  const [rows, count] = await Promise.all([
    q.leftJoin('supplierArticles as a', 'a.id', 'm.supplierArticleId').leftJoin('users as u', 'u.id', 'm.userId')
      .selectAll('m').select(['a.title as articleTitle', 'u.displayname', 'u.email'])
      .orderBy('m.createdAt', asc ? 'asc' : 'desc').orderBy('m.id', asc ? 'asc' : 'desc')
      .offset((p.page - 1) * p.pageSize).limit(p.pageSize).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => movementOut({ ...(r as Record<string, unknown>), warehouseName: warehouse.name })),
    total: Number(count.n), page: p.page, pageSize: p.pageSize,
  };
}

const TAG_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new tag that no warehouse article of the tenant carries: 'WH-' and random digits and capitals (no I or O). */
export async function generateTag(db: Db, tenantId: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const body = Array.from({ length: CONSTANTS.generatedTagLength - 3 }, () => TAG_CHARS[randomInt(TAG_CHARS.length)]).join('');
    const tag = `WH-${body}`;
    const taken = await db.selectFrom('warehouseInstances').select('id').where('tenantId', '=', tenantId).where('tag', '=', tag).executeTakeFirst();
    if (!taken) return tag;
  }
  // 34^9 codes: twenty taken in a row means something else is wrong.
  throw new Error('no free warehouse tag found');
}


