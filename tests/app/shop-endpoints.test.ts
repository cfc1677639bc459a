import { describe, expect, it } from 'vitest';
import { orders } from '../../model/resources/ordering';
import { orderContracts } from '../../src/shared/contracts/orders';
import { SHOP_ACCESS, SHOP_ENDPOINTS } from '../../src/app/data/shop-endpoints';

/** The shop's hand-kept endpoint entries follow the model: a changed route or rule fails here. */
describe('the shop resources of the data provider', () => {
  it("reach orders by the model's REST v2 list and the orders' get call, with their access rules", () => {
    const list = orders.endpoints.customer!;
    const listRoute = list.routes.find((r) => r.op === 'list')!;
    const get = orderContracts.get;
    expect(SHOP_ENDPOINTS.orders).toMatchObject({ style: list.style, base: list.base });
    expect(SHOP_ENDPOINTS.orders!.routes).toEqual({
      list: { method: listRoute.method, path: listRoute.path },
      get: { method: get.method, path: get.path },
    });
    expect(SHOP_ACCESS.orders).toEqual({ list: listRoute.access, get: get.access });
  });
});
