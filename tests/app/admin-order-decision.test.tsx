import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { workflowDecisions } from '../../src/app/features/orders/AdminOrderDecision';
import { loadAdminArea, renderApp } from './app-harness';
import { user, type RecordedCall } from './helpers';

/**
 * A platform admin's order page (/ycAdmin/orders/{id}, AdminOrderShow): the order as its company
 * sees it, read through the company's own calls for the order's company (X-Customer-Id), with a way
 * back to the admin's list, and the admin's decision for the customer (flows §7), which offers the
 * step the order's status is in and posts it to /admin/orders/validate.
 */

const ORDER = {
  id: '6f1c0c8e-6a43-4a8e-9a55-1b2f3c4d5e6f', orderNumber: 'ORD-7', status: 'toApprove', orderDate: '2025-03-04T10:00:00.000Z',
  customerId: 'c9', totalCost: '121.00', archived: false, createdAt: '2025-03-04T10:00:00.000Z', updatedAt: '2025-03-04T10:00:00.000Z',
};
const admin = { signedIn: true, me: user({ userType: 2 }) };

/** Opens the order's admin page (the spec's /ycAdmin/orders/{id}, or react-admin's own …/show); GET answers `order` as it stands, POST /admin/orders/validate rejects it. */
async function openOrder(order: typeof ORDER, path = `/ycAdmin/orders/${order.id}`) {
  let current = order;
  const decisions: RecordedCall[] = [];
  const reads: RecordedCall[] = [];
  await renderApp(path, {
    ...admin,
    respond: (call) => {
      // a platform admin's areas (the demo's admin@demo.test has them all)
      if (call.url.pathname.endsWith('/permissions')) return { body: { customerId: null, permissions: ['orders:RWCDX'] } };
      if (call.url.pathname === `/api/admin/orders/${order.id}`) return { body: { result: current } };
      // the company's page of the order, as its company reads it
      if (call.url.pathname === `/api/v2/orders/${order.id}`) {
        reads.push(call);
        return { body: { result: { ...current, orderLines: [{ id: 'l1', title: { nl: 'Bureaustoel' }, articleNumberSupplier: 'ST-1', unitPrice: '100.00', amount: 1, totalLineCostExcl: '100.00' }], budgets: [] } } };
      }
      if (call.url.pathname === `/api/v2/orders/${order.id}/tasks`) {
        const tasks = current.status === 'toApprove' ? [
          { action: 'approve', to: 'approved', needsReason: false, roles: ['admin', 'validator'], users: [{ id: 'u1', name: 'Vera Validator', email: 'vera@example.test' }] },
          { action: 'reject', to: 'rejected', needsReason: true, roles: ['admin', 'validator'], users: [] },
        ] : [];
        return { body: { result: { orderId: order.id, status: current.status, tasks } } };
      }
      if (call.url.pathname === '/api/admin/orders/validate') {
        decisions.push(call);
        current = { ...current, status: 'rejected' };
        return { body: { result: current } };
      }
      return undefined;
    },
  });
  // the company's page of the order, once read (the admin area and its screens are lazy)
  expect(await screen.findByRole('link', { name: 'Terug naar alle bestellingen' }, { timeout: 15_000 })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { name: `Bestelling ${order.orderNumber}` }).length).toBeGreaterThan(0);
  return { decisions, reads };
}

describe("a platform admin's decision on an order (/ycAdmin/orders/{id})", () => {
  beforeAll(loadAdminArea, 120_000);

  it("shows the order as its company sees it, read for the order's company, with a way back to the admin's list", async () => {
    const { reads } = await openOrder(ORDER);
    expect(reads[0]!.headers.get('X-Customer-Id')).toBe('c9');
    expect(screen.getByRole('cell', { name: 'Bureaustoel' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Historiek' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar alle bestellingen' })).toHaveAttribute('href', '/ycAdmin/orders');
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeInTheDocument();
    // not the record's raw fields
    expect(screen.queryByText('resources.orders.fields.transactionsLocked')).toBeNull();
    // One page, one level-1 heading: the order's own (the header's title is not a second one).
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([`Bestelling ${ORDER.orderNumber}`]));
  });

  it('rejects for the customer with the reason, once, and shows the new status', async () => {
    const { decisions } = await openOrder(ORDER);
    const panel = screen.getByRole('region', { name: 'Beslissing' });
    expect(within(panel).getByText(/in naam van de klant/)).toBeInTheDocument();
    // who the order waits for at the customer (GET /v2/orders/{id}/tasks), or that nobody can take a step
    const waiting = await screen.findByRole('list', { name: 'Wacht op' });
    expect(within(waiting).getByText('Vera Validator')).toBeInTheDocument();
    expect(within(waiting).getByText('Niemand van de klant kan deze stap nu zetten.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Goedkeuren' })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Afkeuren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling ORD-7 afkeuren' });
    // the reason is required: nothing is sent without one
    fireEvent.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(decisions).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reden van afkeuring/ }), { target: { value: '  Dubbel besteld  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Afkeuren' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.method).toBe('POST');
    expect(decisions[0]!.body).toEqual({ orderId: ORDER.id, approve: false, reason: 'Dubbel besteld' });
    expect(decisions[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('De bestelling is afgekeurd.')).toBeInTheDocument();
    // read again: the order is rejected and there is nothing left to decide
    expect((await screen.findAllByText('Afgekeurd')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Beslissing' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Wacht op' })).toBeNull());
  });

  it('offers nothing on an approved order', async () => {
    await openOrder({ ...ORDER, status: 'approved' }, `/ycAdmin/orders/${ORDER.id}/show`);
    expect(screen.getAllByText('Goedgekeurd').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Beslissing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
  });
});

describe('the decisions of a status (the model\'s order workflow)', () => {
  it('are the steps on from it, confirming the budgets not being one', () => {
    expect(workflowDecisions('toApprove')).toEqual({ approve: true, reject: true });
    expect(workflowDecisions('financeApproval')).toEqual({ approve: true, reject: true });
    expect(workflowDecisions('toApproveBudget')).toEqual({ approve: false, reject: true });
    expect(workflowDecisions('incomplete')).toEqual({ approve: false, reject: true });
    expect(workflowDecisions('approved')).toEqual({ approve: false, reject: false });
    expect(workflowDecisions('rejected')).toEqual({ approve: false, reject: false });
  });
});
