import { describe, expect, it } from 'vitest';
import { deliveries } from '../../model/resources/deliveries';
import { orders } from '../../model/resources/ordering';
import { RESOURCE_ACCESS } from '../../generated/access/access.gen';
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

  it("reach the company's deliveries by the model's customer list (GET /deliveries), with its access rule", () => {
    const list = deliveries.endpoints.customer!;
    const listRoute = list.routes.find((r) => r.op === 'list')!;
    expect(SHOP_ENDPOINTS.deliveries).toMatchObject({ style: list.style, base: list.base });
    expect(SHOP_ENDPOINTS.deliveries!.routes).toEqual({ list: { method: listRoute.method, path: listRoute.path } });
    expect(SHOP_ACCESS.deliveries).toEqual({ list: listRoute.access, get: RESOURCE_ACCESS.deliveries!.get });
  });
});
