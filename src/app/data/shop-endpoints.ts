import type { ResourceAccessTable, ResourceEndpointTable } from '../../shared/generated-contract';

/**
 * The shop's resources whose react-admin pages use the customer's routes, not the endpoints of the
 * generated admin screens that the model's endpoint tables give (the admin area keeps those:
 * bootstrap/services.ts areaDataProviders): the buyer's orders, a list and a show page (shop/orders)
 * on the model's `customer` REST v2 list and the orders' `get` call (GET /v2/orders/{id}: the order
 * with its lines). tests/app/shop-endpoints.test.ts keeps these in step with model/resources/ordering.ts
 * and src/shared/contracts/orders.ts.
 */
export const SHOP_ENDPOINTS: ResourceEndpointTable = {
  orders: {
    resource: 'orders',
    style: 'restV2',
    base: '/v2/orders',
    routes: {
      list: { method: 'GET', path: '/v2/orders' },
      get: { method: 'GET', path: '/v2/orders/{id}' },
    },
    softDelete: false,
    // Read-only pages for now; the approval flow adds its own calls.
    writableFields: [],
  },
};

/** The access rule of each operation above, as the model gives them (canAccess hides what the server refuses). */
export const SHOP_ACCESS: ResourceAccessTable = {
  orders: {
    list: { audience: 'customer', area: 'orders', letters: ['R'] },
    get: { audience: 'customer', area: 'orders', letters: ['R'] },
  },
};
