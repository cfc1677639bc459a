/**
 * The calls the app still makes by path (issue 27) each have a contract whose answer is typed
 * precisely, so that a page can make them through the generated call data and hooks: the contract
 * is where the path says, and what its caller receives holds no `unknown` or `any` anywhere (maps
 * keyed by text, such as message parameters, are fine when their values are typed).
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import { CONTRACTS, type Contracts } from '../../src/shared/contracts';
import type { ContractInput, ResultOf } from '../../src/shared/contracts/define';

type IsAny<T> = 0 extends 1 & T ? true : false;
type IsUnknown<T> = unknown extends T ? (IsAny<T> extends true ? false : true) : false;
type Depth = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8];
/** The paths in T whose value is `unknown` or `any` (never when there is none), down to 9 levels. */
type Loose<T, P extends string = '', D extends number = 9> = D extends 0 ? never
  : IsAny<T> extends true ? P : IsUnknown<T> extends true ? P
  : T extends readonly (infer E)[] ? Loose<E, `${P}[]`, Depth[D]>
  : T extends object ? { [K in keyof T & string]-?: Loose<T[K], `${P}.${K}`, Depth[D]> }[keyof T & string]
  : never;
type LooseAnswer<A extends keyof Contracts, N extends keyof Contracts[A]> = Contracts[A][N] extends infer C extends ContractInput ? Loose<ResultOf<C>> : 'no contract';

/** method, path → the contract the app should call it through. */
const CALLS = [
  ['POST', '/v2/orders', 'orders', 'place'],
  ['PATCH', '/v2/orders/{id}/complete', 'orders', 'complete'],
  ['PATCH', '/v2/orders/{orderId}/validate', 'orders', 'validate'],
  ['PATCH', '/v2/orders/{id}/extra-info', 'orders', 'extraInfo'],
  ['PATCH', '/v2/orders/{id}/archive', 'orders', 'archive'],
  ['PATCH', '/v2/orders/{id}/lock-transactions', 'orders', 'lockTransactions'],
  ['POST', '/v2/orders/transporter', 'orders', 'fromTransporter'],
  ['DELETE', '/upload', 'files', 'remove'],
  ['POST', '/customeraddressbook/bycustomerid', 'customer-addresses', 'byCustomerId'],
  ['POST', '/customeraddressbook/addNew', 'customer-addresses', 'addNew'],
  ['POST', '/articleCategories/category-groups', 'product-categories', 'categoryGroups'],
  ['GET', '/v2/product-categories/popular', 'product-categories', 'popular'],
  ['POST', '/customers/articleMailRequest', 'article-mail-requests', 'request'],
  ['POST', '/supplier-articles/id', 'supplier-articles', 'byId'],
  ['POST', '/supplier-articles/query', 'supplier-articles', 'query'],
  ['POST', '/supplier-articles/query-promoted', 'supplier-articles', 'queryPromoted'],
  ['POST', '/v2/supplier-articles/query-recent', 'supplier-articles', 'queryRecent'],
  ['GET', '/v2/supplier-articles/query-top', 'supplier-articles', 'queryTop'],
  ['PUT', '/user-settings', 'session', 'saveSettings'],
  ['PUT', '/user-settings/departments', 'session', 'addDepartments'],
  ['GET', '/users/{userId}/customer-departments', 'session', 'userDepartments'],
  ['POST', '/admin/sandbox/createSupplierOrders', 'supplier-orders', 'sandboxCreate'],
  ['POST', '/admin/sandbox/runSendOrdersToSuppliers', 'supplier-orders', 'sandboxSend'],
  ['POST', '/admin/sandbox/runImportStaplesCatalog', 'supplier-articles', 'sandboxImportStaples'],
  ['GET', '/v2/transporters/load', 'transporters', 'load'],
  ['PUT', '/v2/transporters/update', 'transporters', 'update'],
  ['POST', '/v2/transporters/update', 'transporters', 'remove'],
  ['POST', '/v2/transporters/validate', 'transporters', 'validate'],
] as const;

describe("the app's remaining direct calls have contracts", () => {
  test('each path and method is the contract named', () => {
    const wrong = CALLS.filter(([method, path, resource, name]) => {
      const c = (CONTRACTS as unknown as Record<string, Record<string, ContractInput> | undefined>)[resource]?.[name];
      return c?.method !== method || c.path !== path;
    });
    expect(wrong).toEqual([]);
  });

  test('what each answers is typed precisely: no unknown or any in it', () => {
    expectTypeOf<LooseAnswer<'orders', 'place'> | LooseAnswer<'orders', 'complete'> | LooseAnswer<'orders', 'validate'> | LooseAnswer<'orders', 'extraInfo'>
      | LooseAnswer<'orders', 'archive'> | LooseAnswer<'orders', 'lockTransactions'> | LooseAnswer<'orders', 'fromTransporter'> | LooseAnswer<'orders', 'get'>>().toEqualTypeOf<never>();
    expectTypeOf<LooseAnswer<'files', 'remove'> | LooseAnswer<'files', 'upload'> | LooseAnswer<'customer-addresses', 'byCustomerId'> | LooseAnswer<'customer-addresses', 'addNew'>
      | LooseAnswer<'article-mail-requests', 'request'>>().toEqualTypeOf<never>();
    expectTypeOf<LooseAnswer<'product-categories', 'categoryGroups'> | LooseAnswer<'product-categories', 'popular'>>().toEqualTypeOf<never>();
    // A tree: its sub-categories are categories again, all the way down (type printers show the cycle as any[]; it is not).
    type Category = ResultOf<Contracts['product-categories']['popular']>['items'][number];
    expectTypeOf<Category['subCategories'][number]['subCategories'][number]>().toEqualTypeOf<Category>();
    expectTypeOf<LooseAnswer<'supplier-articles', 'byId'> | LooseAnswer<'supplier-articles', 'query'> | LooseAnswer<'supplier-articles', 'queryPromoted'>
      | LooseAnswer<'supplier-articles', 'queryRecent'> | LooseAnswer<'supplier-articles', 'queryTop'> | LooseAnswer<'supplier-articles', 'sandboxImportStaples'>>().toEqualTypeOf<never>();
    expectTypeOf<LooseAnswer<'session', 'saveSettings'> | LooseAnswer<'session', 'addDepartments'> | LooseAnswer<'session', 'userDepartments'>
      | LooseAnswer<'supplier-orders', 'sandboxCreate'> | LooseAnswer<'supplier-orders', 'sandboxSend'>>().toEqualTypeOf<never>();
    expectTypeOf<LooseAnswer<'transporters', 'load'> | LooseAnswer<'transporters', 'update'> | LooseAnswer<'transporters', 'remove'> | LooseAnswer<'transporters', 'validate'>>().toEqualTypeOf<never>();
    // The checker itself: it finds an unknown deep inside, and an any.
    expectTypeOf<Loose<{ a: { b: unknown[] } }>>().toEqualTypeOf<'.a.b[]'>();
    expectTypeOf<Loose<{ a: any }>>().toEqualTypeOf<'.a'>();
    expect(CALLS.length).toBe(28);
  });
});
