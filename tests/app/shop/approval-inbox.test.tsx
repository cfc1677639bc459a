import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ApprovalInboxPage } from '../../../src/app/features/orders/ApprovalInboxPage';
import { OrderDetailPage } from '../../../src/app/features/orders/OrderDetailPage';
import type { RecordedCall } from '../helpers';
import { basketOf, renderShop, signedIn, eachTestAMinuteLater } from './harness';

/**
 * The approver's inbox (/orders/to-approve, issue 29): each waiting order a card with who ordered
 * it, the department, suppliers, total excluding VAT, the budget's remaining before and after and
 * its age; ticked orders approved at once after a confirmation (one POST /v2/orders/validate-bulk,
 * a refused one named with the server's reason), a rejection per order with its reason. The order
 * page shows the same context above its decision.
 */

eachTestAMinuteLater('2026-01-10T10:00:00Z');

const context = (name: string, department: string, supplier: string) => ({
  orderedByName: name, departmentName: department, suppliers: [{ id: 's1', name: supplier }],
  budgetEffects: [{ budgetId: 'b1', name: 'Office', orderAmount: '300.00', remainingBefore: '1000.00', remainingAfter: '700.00' }],
});
const row = (id: string, number: string, extra: Record<string, unknown> = {}) => ({
  orderId: id, orderNumber: number, orderDate: '2026-01-07T09:00:00.000Z', status: 'toApprove', about: null, totalExcl: '300.00',
  approve: true, reject: true, ...context('Bert Buyer', 'Purchasing', 'Paper Ltd'), ...extra,
});
const ROWS = [
  row('o1', 'B-1'),
  row('o2', 'B-2', { orderedByName: 'Ann Other', departmentName: 'Logistics' }),
  row('o3', 'B-3', { budgetEffects: [{ budgetId: 'b2', name: 'Travel', orderAmount: '300.00', remainingBefore: '250.00', remainingAfter: '-50.00' }] }),
  row('o4', 'B-4', { status: 'toApproveBudget', approve: false, reject: false }),
];

function inboxServer(answerBulk: (ids: string[]) => { orderId: string; ok: boolean; status?: string; errorCode?: string }[]) {
  const calls: RecordedCall[] = [];
  const respond = (call: RecordedCall) => {
    calls.push(call);
    if (call.url.pathname === '/api/v2/orders/to-approve') return { body: { result: { items: ROWS, total: ROWS.length } } };
    if (call.url.pathname === '/api/v2/orders/validate-bulk') return { body: { result: answerBulk((call.body as { orderIds: string[] }).orderIds) } };
    if (call.url.pathname.endsWith('/validate')) return { body: { result: { id: 'o2', status: 'rejected' } } };
    return { body: null };
  };
  return { calls, respond };
}

const card = (number: string) => screen.getByRole('listitem', { name: number });

describe('/orders/to-approve', () => {
  it('shows each order as a card with requester, department, supplier, total excl. VAT, budget before and after, and age', async () => {
    signedIn(basketOf([]));
    const server = inboxServer(() => []);
    await renderShop(<ApprovalInboxPage />, server.respond, { path: '/orders/to-approve', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'To approve' })).toBeInTheDocument();
    const second = await screen.findByRole('listitem', { name: 'B-2' });
    expect(within(second).getByRole('link', { name: 'B-2' })).toHaveAttribute('href', '/order-detail/o2');
    for (const text of ['Ann Other', 'Logistics', 'Paper Ltd', 'Office: €1,000.00 left, €700.00 after this order', '3 days ago']) {
      expect(second).toHaveTextContent(text);
    }
    expect(within(second).getAllByText('€300.00').length).toBeGreaterThan(0);
    // A budget the approval would overdraw is said so.
    expect(card('B-3')).toHaveTextContent('Travel: €250.00 left, -€50.00 after this order (not enough budget)');
    expect(card('B-1')).not.toHaveTextContent('not enough budget');
    // An order still waiting for its budgets cannot be approved from here.
    expect(within(card('B-4')).getByRole('checkbox')).toBeDisabled();
    expect(card('B-4')).toHaveTextContent('Confirm the budgets first');
    expect(within(card('B-4')).queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it('approves the ticked orders at once after a confirmation, and names an order the server refused with its reason', async () => {
    signedIn(basketOf([]));
    const server = inboxServer((ids) => ids.map((orderId) => (orderId === 'o2' ? { orderId, ok: false, errorCode: 'UnauthorizedRole' } : { orderId, ok: true, status: 'approved' })));
    await renderShop(<ApprovalInboxPage />, server.respond, { path: '/orders/to-approve', language: 'en' });
    await screen.findByRole('listitem', { name: 'B-1' });
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    fireEvent.click(within(card('B-1')).getByRole('checkbox', { name: 'Select order B-1' }));
    fireEvent.click(within(card('B-2')).getByRole('checkbox', { name: 'Select order B-2' }));
    fireEvent.click(within(card('B-3')).getByRole('checkbox', { name: 'Select order B-3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve 3 orders' }));
    // Nothing is sent before the confirmation.
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 orders?' });
    expect(server.calls.some((c) => c.url.pathname === '/api/v2/orders/validate-bulk')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve 3 orders' }));
    await waitFor(() => expect(server.calls.filter((c) => c.url.pathname === '/api/v2/orders/validate-bulk')).toHaveLength(1));
    const sent = server.calls.find((c) => c.url.pathname === '/api/v2/orders/validate-bulk')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ orderIds: ['o1', 'o2', 'o3'] });
    // A decision that must not run twice carries its Idempotency-Key.
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not approved: B-2 — Your role does not allow this action.');
    expect(await screen.findByText('2 orders approved.')).toBeInTheDocument();
    // The longest flow of the file (three ticks, a dialog, a toast): on a loaded machine it took 21 s against the default 20.
  }, 30_000);

  it('selects every approvable order with "Select all"', async () => {
    signedIn(basketOf([]));
    const server = inboxServer(() => []);
    await renderShop(<ApprovalInboxPage />, server.respond, { path: '/orders/to-approve', language: 'fr' });
    await screen.findByRole('listitem', { name: 'B-1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByRole('button', { name: 'Approuver 3 commandes' })).toBeEnabled();
  });

  it('rejects one order with its reason, required, through the order page\'s dialog', async () => {
    signedIn(basketOf([]));
    const server = inboxServer(() => []);
    await renderShop(<ApprovalInboxPage />, server.respond, { path: '/orders/to-approve', language: 'en' });
    await screen.findByRole('listitem', { name: 'B-1' });
    fireEvent.click(within(card('B-2')).getByRole('button', { name: 'Reject B-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order B-2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname.endsWith('/validate'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  Not in this budget year  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/v2/orders/o2/validate')).toBe(true));
    const sent = server.calls.find((c) => c.url.pathname === '/api/v2/orders/o2/validate')!;
    expect({ method: sent.method, body: sent.body }).toEqual({ method: 'PATCH', body: { approve: false, reason: 'Not in this budget year' } });
  });
});

describe('the order page', () => {
  it('shows who ordered, the department, suppliers and the budget effect above the decision', async () => {
    signedIn(basketOf([]));
    const order = {
      id: 'o1', orderNumber: 'B-1', status: 'toApprove', totalCost: '363.00', orderLines: [], budgets: [],
      context: context('Bert Buyer', 'Purchasing', 'Paper Ltd'),
      decisions: { approve: true, reject: true, budgets: false, confirmBudgets: false, extraInfo: false, archive: false, edit: false, labels: false, assign: false, editLines: false, split: false, lockTransactions: false, duplicate: false },
    };
    await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>,
      (call) => (call.url.pathname === '/api/v2/orders/o1' ? { body: { result: order } } : { body: null }), { path: '/order-detail/o1', language: 'en' });
    const about = await screen.findByRole('region', { name: 'About this order' });
    for (const text of ['Ordered by', 'Bert Buyer', 'Department', 'Purchasing', 'Suppliers', 'Paper Ltd', 'Office: €1,000.00 left, €700.00 after this order']) {
      expect(about).toHaveTextContent(text);
    }
    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(about.compareDocumentPosition(decision) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
