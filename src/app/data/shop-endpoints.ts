import { RESOURCE_ACCESS } from '../../../generated/access/access.gen';
import type { ResourceAccessTable, ResourceEndpointTable } from '../../shared/generated-contract';

/**
 * The shop's resources whose react-admin pages use the customer's routes, not the endpoints of the
 * generated admin screens that the model's endpoint tables give (the admin area keeps those:
 * bootstrap/services.ts areaDataProviders): the buyer's orders, a list and a show page (shop/orders)
 * on the model's `customer` REST v2 list and the orders' `get` call (GET /v2/orders/{id}: the order
 * with its lines); and the company's deliveries, a list on the model's `customer` REST list
 * (GET /deliveries, the /deliveries page). tests/app/shop-endpoints.test.ts keeps these in step with
 * model/resources/ordering.ts, model/resources/deliveries.ts and src/shared/contracts/orders.ts.
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
  deliveries: {
    resource: 'deliveries',
    style: 'rest',
    base: '/deliveries',
    routes: { list: { method: 'GET', path: '/deliveries' } },
    softDelete: false,
    writableFields: [],
  },
};

/** The access rule of each operation above, as the model gives them (canAccess hides what the server refuses). */
export const SHOP_ACCESS: ResourceAccessTable = {
  orders: {
    list: { audience: 'customer', area: 'orders', letters: ['R'] },
    get: { audience: 'customer', area: 'orders', letters: ['R'] },
  },
  // The list is the customer's; a delivery itself is read through its calls (GET /deliveries/by-id), its get stays the admin's.
  deliveries: {
    list: { audience: 'customer', area: 'deliveries', letters: ['R'], feature: 'deliveries' },
    get: RESOURCE_ACCESS.deliveries!.get!,
  },
};
