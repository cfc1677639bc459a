/**
 * ENDPOINT_SETS (generated/app/endpoint-sets.gen.ts): every endpoint set of every resource, as the
 * data provider takes it, so that a page reaches a customer's list or view (GET /deliveries,
 * /warehouse-management, /offers/active, /marketplaces, POST /supplier-orders/query,
 * /admin/crm-events/query) through it with the generated record types rather than by its path.
 */
import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../../model';
import { ENDPOINT_SETS } from '../../generated/app/endpoint-sets.gen';
import type { EndpointSetTable } from '../../src/shared/generated-contract';

describe('ENDPOINT_SETS', () => {
  test("holds every route of every set the model declares, with its method, path and access, and nothing else", () => {
    const table: EndpointSetTable = ENDPOINT_SETS;
    const fromModel = RESOURCES.flatMap((r) => Object.entries(r.endpoints).flatMap(([set, e]) => e.routes.map((x) => `${r.name}.${set}.${x.op} ${x.method} ${x.path} ${JSON.stringify(x.access)}`)));
    const fromTable = Object.entries(table).flatMap(([resource, sets]) => Object.entries(sets).flatMap(([set, entry]) =>
      Object.entries(entry.endpoint.routes).map(([op, route]) => `${resource}.${set}.${op} ${route!.method} ${route!.path} ${JSON.stringify(entry.access[op as keyof typeof entry.access])}`)));
    expect(fromTable.sort()).toEqual(fromModel.sort());
  });

  test("names the customer's lists and views the app called by path", () => {
    expect(ENDPOINT_SETS.deliveries.customer.endpoint).toMatchObject({ style: 'rest', routes: { list: { method: 'GET', path: '/deliveries' } } });
    expect(ENDPOINT_SETS.warehouses.management.endpoint).toMatchObject({ style: 'restV2', routes: { list: { method: 'GET', path: '/warehouse-management' }, get: { path: '/warehouse-management/{id}' }, create: { method: 'POST' } } });
    expect(ENDPOINT_SETS.offers.active.endpoint).toMatchObject({ style: 'view', routes: { list: { method: 'GET', path: '/offers/active' } } });
    expect(ENDPOINT_SETS.marketplaces.customer.endpoint).toMatchObject({ style: 'view', routes: { list: { method: 'GET', path: '/marketplaces' } } });
    expect(ENDPOINT_SETS['supplier-orders'].customer.endpoint.routes.list).toEqual({ method: 'POST', path: '/supplier-orders/query' });
    expect(ENDPOINT_SETS['crm-events'].admin.endpoint.routes.list).toEqual({ method: 'POST', path: '/admin/crm-events/query' });
  });
});
