/**
 * The one paged list of the hand-written screens (src/app/data/paged-call.ts): the call is made for
 * the page, filters and sort the user chose; they are in the URL, so a link opens the same page; a
 * new filter goes back to the first page; the choice is remembered for the next visit.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore, StoreContextProvider } from 'ra-core';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { budgetsList } from '../../generated/app/calls/budgets.gen';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import type { AppServices } from '../../src/app/bootstrap/services';
import { createAppQueryClient } from '../../src/app/data/query-client';
import { usePagedCall } from '../../src/app/data/paged-call';
import { createAppI18n } from '../../src/app/i18n';
import { fakeFetch, testHttp } from './helpers';

const budget = (n: number) => ({
  id: `b${n}`, name: `Budget ${n}`, period: 'monthly', amount: '100.00', active: true, customerAccessId: null, holderName: null,
  periodStart: '2026-12-01', periodEnd: '2026-12-31', spent: '0.00', remaining: '100.00',
});

async function harness(initialUrl = '/budgets', store = memoryStore(), more: { remember?: boolean; filterDefaultValues?: Record<string, unknown> } = {}) {
  const net = fakeFetch((call) => {
    const page = Number(call.url.searchParams.get('page') ?? 1);
    return { body: { items: [budget(page)], page, pageSize: 10, total: 25 } };
  });
  const i18n = await createAppI18n('en');
  const services = { http: testHttp(net.fetch, 'en'), i18n } as unknown as AppServices;
  const queryClient = createAppQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialUrl]}>
      <StoreContextProvider value={store}>
        <AppServicesProvider value={services}><QueryClientProvider client={queryClient}>{children}</QueryClientProvider></AppServicesProvider>
      </StoreContextProvider>
    </MemoryRouter>
  );
  const { result } = renderHook(() => ({
    list: usePagedCall(budgetsList, {
      name: 'budgets', perPage: 10,
      input: ({ page, perPage, filter }) => ({ query: { page, pageSize: perPage, filter: typeof filter.name === 'string' ? filter.name : undefined } }),
      rows: (answer) => answer,
      ...more,
    }),
    location: useLocation(),
  }), { wrapper });
  return { calls: net.calls, result, store };
}

const asked = (calls: { url: URL }[]) => calls.map((c) => `${c.url.pathname}?${c.url.searchParams.toString()}`);

describe('paged list of a call', () => {
  test('reads the first page, then the page the user goes to, which the URL then names', async () => {
    const { calls, result } = await harness();
    await waitFor(() => expect(result.current.list.rows?.[0]?.id).toBe('b1'));
    expect(result.current.list.total).toBe(25);
    act(() => result.current.list.setPage(3));
    await waitFor(() => expect(result.current.list.rows?.[0]?.id).toBe('b3'));
    expect(asked(calls)).toEqual(['/api/v2/budgets?page=1&pageSize=10', '/api/v2/budgets?page=3&pageSize=10']);
    expect(new URLSearchParams(result.current.location.search).get('page')).toBe('3');
  });

  test("a URL naming a page and a filter opens that page with that filter", async () => {
    const { calls, result } = await harness(`/budgets?page=2&filter=${encodeURIComponent(JSON.stringify({ name: 'IT' }))}`);
    await waitFor(() => expect(result.current.list.rows?.[0]?.id).toBe('b2'));
    expect(result.current.list.filterValues).toEqual({ name: 'IT' });
    expect(asked(calls)).toEqual(['/api/v2/budgets?page=2&pageSize=10&filter=IT']);
  });

  test('a new filter goes back to the first page, drops empty values and is remembered for the next visit', async () => {
    const store = memoryStore();
    const first = await harness('/budgets?page=2', store);
    await waitFor(() => expect(first.result.current.list.rows).toBeDefined());
    act(() => first.result.current.list.setFilters({ name: 'IT', other: '' }));
    await waitFor(() => expect(asked(first.calls)).toContain('/api/v2/budgets?page=1&pageSize=10&filter=IT'));
    expect(first.result.current.list.filterValues).toEqual({ name: 'IT' });
    const again = await harness('/budgets', store);
    await waitFor(() => expect(asked(again.calls)).toEqual(['/api/v2/budgets?page=1&pageSize=10&filter=IT']));
  });

  test('two changes of the filters before the URL shows the first keep both (changeFilters adds to the last ask)', async () => {
    const { calls, result } = await harness();
    await waitFor(() => expect(result.current.list.rows).toBeDefined());
    act(() => {
      result.current.list.changeFilters({ name: 'IT' });
      result.current.list.changeFilters({ other: 'x' });
    });
    await waitFor(() => expect(result.current.list.filterValues).toEqual({ name: 'IT', other: 'x' }));
    // The second change a tick later, when the URL may still show the filters before the first.
    act(() => result.current.list.changeFilters({ name: 'HR' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => result.current.list.changeFilters({ other: undefined }));
    await waitFor(() => expect(result.current.list.filterValues).toEqual({ name: 'HR' }));
    expect(asked(calls).at(-1)).toBe('/api/v2/budgets?page=1&pageSize=10&filter=HR');
  });

  test('asks for a text filter without its outer spaces, and shows it as typed', async () => {
    const { calls, result } = await harness();
    await waitFor(() => expect(result.current.list.rows).toBeDefined());
    act(() => result.current.list.setFilters({ name: ' IT ' }));
    await waitFor(() => expect(asked(calls)).toContain('/api/v2/budgets?page=1&pageSize=10&filter=IT'));
    expect(result.current.list.filterValues).toEqual({ name: ' IT ' });
  });

  test('a list that does not remember starts from its default filters on each visit; the URL still keeps its state', async () => {
    const store = memoryStore();
    const first = await harness('/budgets', store, { remember: false, filterDefaultValues: { name: 'Saved' } });
    await waitFor(() => expect(asked(first.calls)).toEqual(['/api/v2/budgets?page=1&pageSize=10&filter=Saved']));
    act(() => first.result.current.list.setFilters({ name: 'IT' }));
    await waitFor(() => expect(new URLSearchParams(first.result.current.location.search).get('filter')).toBe(JSON.stringify({ name: 'IT' })));
    const again = await harness('/budgets', store, { remember: false, filterDefaultValues: { name: 'Saved' } });
    await waitFor(() => expect(asked(again.calls)).toEqual(['/api/v2/budgets?page=1&pageSize=10&filter=Saved']));
    const reloaded = await harness(`/budgets${first.result.current.location.search}`, store, { remember: false, filterDefaultValues: { name: 'Saved' } });
    await waitFor(() => expect(asked(reloaded.calls)).toEqual(['/api/v2/budgets?page=1&pageSize=10&filter=IT']));
  });
});
