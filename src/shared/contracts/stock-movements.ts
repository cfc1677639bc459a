import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { stockMovements } from '../../../model/resources/warehouse-stock';
import { contractsOf } from './define';
import { movementSchema } from './shapes';
import { orEmpty, stockPage, stockPaging } from './warehouse-instances';

/** A warehouse's activity (model/resources/warehouse-stock.ts `stockMovements`; src/server/stock/instances.ts warehouseActivity). */
export const stockMovementContracts = contractsOf(stockMovements, {
  activity: {
    method: 'GET', path: '/warehouse-management/{id}/activity', access: access.customer('warehouses', 'R'),
    summary: "A warehouse's stock movements ({items, total, page, pageSize}), newest first (sort=createdAt for oldest first), each with the article's title and who made it.",
    query: z.object({ ...stockPaging, sort: orEmpty(z.enum(['createdAt', '-createdAt'])) }),
    response: stockPage(movementSchema),
    errors: ['WarehouseNotFound'],
  },
});
