import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data: the first company's warehouses (seed.ts) keep some of the demo articles, so
 * /warehouse-management and /stock show stock on the first start, and confirming the demo delivery
 * (its order's department is that of the first warehouse) raises the stock of its articles there.
 * One article is already below its minimum. Each starting stock is the activity's first entry.
 */
export async function seedDemoStock(db: Kysely<DB>, owner: { tenantId: string; customerId: string }, articleIds: readonly string[], userId: string): Promise<void> {
  const warehouses = await db.selectFrom('warehouses').select(['id', 'departmentId']).where('tenantId', '=', owner.tenantId).where('customerId', '=', owner.customerId)
    .orderBy(sql`department_id is null`).orderBy(sql`lower(name)`).orderBy('id').execute();
  // [warehouse index, article index, stock, minimum stock]
  const plan: [number, number, number, number][] = [[0, 0, 12, 5], [0, 1, 3, 5], [0, 2, 40, 10], [0, 3, 7, 2], [1, 0, 4, 0], [1, 4, 15, 5]];
  let n = 0;
  for (const [w, a, stock, minimumStock] of plan) {
    const warehouse = warehouses[w];
    const articleId = articleIds[a];
    if (!warehouse || !articleId) continue;
    n++;
    const articleNumber = await db.selectFrom('supplierArticles').select('articleNumberSupplier').where('id', '=', articleId).executeTakeFirst();
    const inst = await db.insertInto('warehouseInstances').values({
      ...owner, warehouseId: warehouse.id, supplierArticleId: articleId, stock, minimumStock, tag: `DEMO-${String(n).padStart(4, '0')}`,
      orderQuantity: 1, restockQuantity: minimumStock * 4, autoRestock: false, depletedAt: stock <= minimumStock ? sql`now() - interval '1 day'` : null,
    } as never).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('stockMovements').values({
      ...owner, warehouseId: warehouse.id, warehouseInstanceId: inst.id, supplierArticleId: articleId,
      articleNumberSupplier: (articleNumber?.articleNumberSupplier as string | undefined) ?? null, kind: 'instanceCreated', quantity: stock, stockAfter: stock, userId,
    }).execute();
  }
}
