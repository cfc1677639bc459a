/**
 * The generated calls (generated/app/calls.gen.ts over src/app/data/calls.ts): a read goes to its
 * contract's path with the parameters filled in, a change sends its body, reads the resource again
 * once it is done and reports its failure in the user's language.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useCustomerAddressesAddNew, useCustomerAddressesByCustomerId, useOrderRatingsCreate, useOrderRatingsList, useOrderRemindersRemove, useOrdersDuplicate, useWarehousesManagementList } from '../../generated/app/calls.gen';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import type { AppServices } from '../../src/app/bootstrap/services';
import { pathOf } from '../../src/app/data/call-api';
import { createAppQueryClient } from '../../src/app/data/query-client';
import { createAppI18n } from '../../src/app/i18n';
import { writeSession } from '../../src/app/session/store';
import { fakeFetch, testHttp, type RecordedCall, type Reply } from './helpers';

async function harness(respond: (call: RecordedCall) => Reply) {
  const net = fakeFetch(respond);
  const i18n = await createAppI18n('en');
  await i18n.loadAdminTexts(); // every error message, as on a page of the order
  const services = { http: testHttp(net.fetch, 'en'), i18n } as unknown as AppServices;
  const queryClient = createAppQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppServicesProvider value={services}><QueryClientProvider client={queryClient}>{children}</QueryClientProvider></AppServicesProvider>
  );
  return { calls: net.calls, wrapper };
}

const rating = { id: 'r1', orderId: 'o/1', userId: 'u1', userName: 'Bea', score: 3, comment: null, createdAt: '2026-12-01T10:00:00Z' };

describe('generated calls', () => {
  test("a path's parameters are filled in and encoded; a missing one is refused before any request", () => {
    expect(pathOf('/v2/orders/{id}/ratings', { id: 'a b/c' })).toBe('/v2/orders/a%20b%2Fc/ratings');
    expect(() => pathOf('/v2/orders/{id}/ratings', {})).toThrow('{id}');
  });

  test('a read goes to the contract path and answers what the contract types', async () => {
    const { calls, wrapper } = await harness(() => ({ body: { result: [rating] } }));
    const { result } = renderHook(() => useOrderRatingsList({ params: { id: 'o/1' } }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.result[0]?.score).toBe(3);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/v2/orders/o%2F1/ratings']);
  });

  test('a read is cached per acting company: switching company reads again', async () => {
    writeSession({ activeCustomerId: 'c1' });
    const { calls, wrapper } = await harness(() => ({ body: { result: [rating] } }));
    const { result, rerender } = renderHook(() => useOrderRatingsList({ params: { id: 'o1' } }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    act(() => writeSession({ activeCustomerId: 'c2' }));
    rerender();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/v2/orders/o1/ratings', '/api/v2/orders/o1/ratings']);
  });

  test('a change sends its body and then reads the same resource again', async () => {
    let rated = false;
    const { calls, wrapper } = await harness((call) => {
      if (call.method === 'POST') { rated = true; return { body: { result: rating } }; }
      return { body: { result: rated ? [rating] : [] } };
    });
    const { result } = renderHook(() => ({ list: useOrderRatingsList({ params: { id: 'o1' } }), rate: useOrderRatingsCreate() }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.result).toEqual([]));
    await act(() => result.current.rate.mutateAsync({ params: { id: 'o1' }, body: { score: 3, comment: null } }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ score: 3, comment: null });
    await waitFor(() => expect(result.current.list.data?.result).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  test("a refused change reports the errorCode's message in the user's language, and is not busy any more", async () => {
    const { wrapper } = await harness(() => ({ status: 409, body: { errorCode: 'OrderAlreadyRated', message: 'x' } }));
    const { result } = renderHook(() => useOrderRatingsCreate(), { wrapper });
    await act(async () => { await result.current.mutateAsync({ params: { id: 'o1' }, body: { score: 1, comment: null } }).catch(() => undefined); });
    await waitFor(() => expect(result.current.errorText).toBe('This order has already been rated.'));
    expect(result.current.isPending).toBe(false);
  });

  test("a failed DELETE without an errorCode reports the resource's failure text for deleting", async () => {
    const { wrapper } = await harness(() => ({ status: 500, body: { message: 'x' } }));
    const { result } = renderHook(() => useOrderRemindersRemove(), { wrapper });
    await act(async () => { await result.current.mutateAsync({ params: { id: 'o1', reminderId: 'r1' } }).catch(() => undefined); });
    await waitFor(() => expect(result.current.errorText).toBe('Error deleting the reminder'));
  });

  test("a screen names the failure text it shows when the failure has no errorCode: the resource's text for creating, not the call's", async () => {
    const { wrapper } = await harness(() => ({ status: 500, body: { message: 'x' } }));
    const { result } = renderHook(() => ({ plain: useCustomerAddressesAddNew(), named: useCustomerAddressesAddNew({ failure: { op: 'create' } }) }), { wrapper });
    const dto = { name: 'Home', contactName: null, phone: null, address: {} } as never;
    await act(async () => {
      await result.current.plain.mutateAsync({ body: { dto } }).catch(() => undefined);
      await result.current.named.mutateAsync({ body: { dto } }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.named.errorText).toBe('Error creating customer addressbook'));
    expect(result.current.plain.errorText).toBe('there is an error.');
  });

  test('an idempotent change sends an Idempotency-Key: the same one again after a lost answer, a new one once an answer was final', async () => {
    let attempt = 0;
    const { calls, wrapper } = await harness(() => (++attempt === 1 ? { status: 503, body: { message: 'x' } } : { body: { result: { id: 'o2', orderNumber: 'B-2' } } }));
    const { result } = renderHook(() => ({ keyed: useOrdersDuplicate({ idempotent: true }), plain: useOrdersDuplicate() }), { wrapper });
    const input = { params: { orderId: 'o1' }, body: { lines: [{ orderLineId: 'l1', amount: 1 }] } };
    await act(async () => { await result.current.keyed.mutateAsync(input).catch(() => undefined); });
    await act(() => result.current.keyed.mutateAsync(input));
    await act(() => result.current.keyed.mutateAsync(input));
    await act(() => result.current.plain.mutateAsync(input));
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeNull();
  });

  test("a list of the model's generic CRUD is a read like a contract's: its query, the resource's page", async () => {
    writeSession({ activeCustomerId: 'c1' });
    const { calls, wrapper } = await harness(() => ({ body: { items: [{ id: 'w1', name: 'Depot' }], total: 1, page: 1, pageSize: 10 } }));
    const { result } = renderHook(() => useWarehousesManagementList({ query: { name: 'Dep', sort: 'name', page: 1, pageSize: 10 } }), { wrapper });
    await waitFor(() => expect(result.current.data?.items[0]?.name).toBe('Depot'));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual(['GET /api/warehouse-management?name=Dep&sort=name&page=1&pageSize=10']);
  });

  test("a POST its contract marks as a read is a query: read once per input, and again after a change of the resource", async () => {
    writeSession({ activeCustomerId: 'c1' });
    let added = false;
    const { calls, wrapper } = await harness((call) => (call.url.pathname.endsWith('/addNew')
      ? (added = true, { body: { result: { id: 'a2' } } })
      : { body: { result: added ? [{ id: 'a1' }, { id: 'a2' }] : [{ id: 'a1' }] } }));
    const { result } = renderHook(() => ({ book: useCustomerAddressesByCustomerId({ body: { query: {} } }), add: useCustomerAddressesAddNew() }), { wrapper });
    await waitFor(() => expect(result.current.book.data?.result).toHaveLength(1));
    await act(() => result.current.add.mutateAsync({ body: { dto: { name: 'Home', contactName: null, phone: null, address: {} } as never } }));
    await waitFor(() => expect(result.current.book.data?.result).toHaveLength(2));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/customeraddressbook/bycustomerid', 'POST /api/customeraddressbook/addNew', 'POST /api/customeraddressbook/bycustomerid',
    ]);
  });
});
