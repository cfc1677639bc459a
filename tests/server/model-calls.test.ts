/**
 * The routes of the model's generic CRUD are calls of the app's generated client too
 * (generated/app/calls/<resource>.gen.ts, typed by the generated record, filter and DTO types in
 * the shapes of each endpoint style): every route the model declares has its call data, with the
 * route's method, path and access, and a call made through callApi with its typed input is accepted
 * by the real server, whose answer has the shape the call's type gives it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { RESOURCES } from '../../model';
import { startTestApp, type TestApp } from './helpers/test-app';
import { callApi, type CallDef } from '../../src/app/data/call-api';
import { queryString, type HttpClient } from '../../src/app/data/http';
import type { ContractInput } from '../../src/shared/contracts/define';
import { warehousesManagementCreate, warehousesManagementGet, warehousesManagementList } from '../../generated/app/calls/warehouses.gen';
import { customerDepartmentsCustomerList } from '../../generated/app/calls/customer-departments.gen';
import { supplierOrdersCustomerList } from '../../generated/app/calls/supplier-orders.gen';
import { offersActiveList } from '../../generated/app/calls/offers.gen';
import { warehouseRecordSchema } from '../../generated/schemas/warehouses.gen';
import { offerRecordSchema } from '../../generated/schemas/offers.gen';
import { supplierOrderRecordSchema } from '../../generated/schemas/supplier-orders.gen';

const modules = import.meta.glob<Record<string, CallDef<ContractInput>>>('../../generated/app/calls/*.gen.ts', { eager: true });
const defs = Object.values(modules).flatMap((m) => Object.values(m));

describe('every model route is a call of the generated client', () => {
  test('with its method, path, operation and access', () => {
    const routes = RESOURCES.flatMap((r) => Object.values(r.endpoints).flatMap((set) => set.routes.map((route) => ({ resource: r.name, ...route }))));
    const missing = routes.filter((r) => !defs.some((d) =>
      d.resource === r.resource && d.op === r.op && d.method === r.method && d.path === r.path && JSON.stringify(d.access) === JSON.stringify(r.access)));
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(defs.filter((d) => d.op).length).toBe(routes.length);
  });
});

describe('a model call made through callApi', () => {
  let t: TestApp;
  let customerId: string;
  /** The app's way to call (callApi) over the test app, as one user of one company. */
  const as = (email: string): Pick<HttpClient, 'request'> => ({
    async request(method, path, opts = {}) {
      const res = await t.call(method, `/api${path}${queryString(opts.query)}`, { as: email, customerId, body: opts.body });
      if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  });
  beforeAll(async () => {
    t = await startTestApp();
    [customerId] = await t.customerIds();
  });
  afterAll(async () => { await t?.close(); });

  test('a REST v2 create, list with filters and get (warehouse management)', async () => {
    const http = as('manager@demo.test');
    const created = await callApi(http, warehousesManagementCreate, { body: { name: 'Model call depot', restockSetting: 'unassigned' } });
    expect(warehouseRecordSchema.parse(created).name).toBe('Model call depot');
    const page = await callApi(http, warehousesManagementList, { query: { name: 'Model call', sort: 'name', page: 1, pageSize: 10 } });
    expect(Object.keys(page).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    expect(page.items.map((w) => warehouseRecordSchema.parse(w).id)).toEqual([created.id]);
    const one = await callApi(http, warehousesManagementGet, { params: { id: created.id } });
    expect(one.restockSetting).toBe('unassigned');
  });

  test('a REST list (the customer\'s departments)', async () => {
    const page = await callApi(as('manager@demo.test'), customerDepartmentsCustomerList, { query: { page: 1, pageSize: 100 } });
    expect(page.total).toBe(page.items.length);
    expect(page.items.every((d) => typeof d.id === 'string' && d.customerId === customerId)).toBe(true);
  });

  test('a query-style list, its page inside {result}', async () => {
    const answer = await callApi(as('admin@demo.test'), supplierOrdersCustomerList, { body: { query: { take: 5 } } });
    expect(Object.keys(answer.result).sort()).toEqual(['items', 'skip', 'take', 'total']);
    answer.result.items.forEach((o) => supplierOrderRecordSchema.parse(o));
  });

  test('a view: a plain array of records', async () => {
    const offers = await callApi(as('buyer@demo.test'), offersActiveList, {});
    expect(Array.isArray(offers)).toBe(true);
    offers.forEach((o) => offerRecordSchema.parse(o));
    expect(z.array(z.unknown()).safeParse(offers).success).toBe(true);
  });
});
