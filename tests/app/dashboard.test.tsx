import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardWidgets } from '../../src/app/pages/dashboard/DashboardWidgets';
import { clearSession } from '../../src/app/session/store';
import { renderShop, signedIn, type Respond } from './shop/harness';

/** The dashboard's widgets: to-approve count, tasks and the user's latest orders, each from its call. */

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const order = { id: 'o1', orderNumber: 'ACM-2026-000001', orderDate: '2026-11-20T10:00:00Z', status: 'toApprove', totalCost: '15.07' };
const api = (over: Partial<Record<'count' | 'tasks' | 'orders', { status?: number; body?: unknown }>> = {}): Respond => (call) => {
  if (call.url.pathname.includes('/v2/orders/to-approve-count')) return over.count ?? { body: { result: { count: 2, byStatus: { toApprove: 2, toApproveBudget: 0 } } } };
  if (call.url.pathname.includes('/customer-access/tasks')) return over.tasks ?? { body: { result: [{ id: 'order:o1', action: 'approve', orderId: 'o1', orderNumber: order.orderNumber, orderDate: order.orderDate, status: 'toApprove', orderedBy: 'Bert Buyer', totalCost: '15.07' }] } };
  if (call.url.pathname.includes('/v2/orders')) return over.orders ?? { body: { items: [order], total: 1 } };
  return { status: 404, body: { errorCode: 'notFound', message: 'no' } };
};

describe('the dashboard widgets', () => {
  it("shows how many orders wait for the user's step and the tasks, linking to the order", async () => {
    signedIn();
    const { net } = await renderShop(<DashboardWidgets />, api(), { language: 'en' });
    expect(await screen.findByTestId('to-approve-count')).toHaveTextContent('2');
    expect(screen.getByText('2 orders are waiting for you')).toBeInTheDocument();
    const tasks = screen.getByRole('region', { name: 'My tasks' });
    expect(within(tasks).getByRole('link', { name: /Approve: ACM-2026-000001/ })).toHaveAttribute('href', '/order-detail/o1');
    expect(within(tasks).getByText(/by Bert Buyer/)).toBeInTheDocument();
    // The user's own latest orders: filtered on the signed-in user, five at most.
    const ordersCall = net.calls.find((c) => c.url.pathname === '/api/v2/orders')!;
    expect(ordersCall.url.search).toMatch(/orderedBy=u1/);
    expect(ordersCall.url.search).toMatch(/pageSize=5/);
    const recent = screen.getByRole('region', { name: 'My latest orders' });
    expect(within(recent).getByRole('link', { name: 'ACM-2026-000001' })).toBeInTheDocument();
  });

  it('hides the approval widgets from a user whose roles take no step', async () => {
    signedIn();
    await renderShop(<DashboardWidgets />, api({ count: { body: { result: { count: 0, byStatus: {} } } }, tasks: { body: { result: [] } } }), { language: 'en' });
    expect(await screen.findByRole('region', { name: 'My latest orders' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'To approve' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My tasks' })).toBeNull();
  });

  it('a widget whose call fails says so and the others still show', async () => {
    signedIn();
    await renderShop(<DashboardWidgets />, api({ orders: { status: 500, body: { errorCode: 'internalError', message: 'x' } } }), { language: 'nl' });
    const recent = await screen.findByRole('region', { name: 'Mijn laatste bestellingen' });
    expect(await within(recent).findByText('Dit deel van het dashboard kon niet worden geladen.')).toBeInTheDocument();
    expect(await screen.findByTestId('to-approve-count')).toHaveTextContent('2');
  });
});
