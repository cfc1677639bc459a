import type { ResourceAccessTable, ResourceEndpointTable } from '../../shared/generated-contract';

/**
 * The shop's resources that have react-admin pages but no generated admin screens (so the model's
 * endpoint tables do not list them): the buyer's orders, a list and a show page (shop/orders) on
 * the model's `customer` REST v2 list and its `get` action (GET /v2/orders/{id}: the order with its
 * lines). tests/app/shop-endpoints.test.ts keeps these in step with model/resources/ordering.ts.
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
