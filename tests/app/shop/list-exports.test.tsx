import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import InvoicesPage from '../../../src/app/features/invoices/InvoicesPage';
import DeliveriesPage from '../../../src/app/features/deliveries/DeliveriesPage';
import { OrdersPage } from '../../../src/app/features/orders/OrdersPage';
import { readSession, writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { invoiceServer, signedInWith } from './invoice-fixtures';
import { basketOf, eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * The lists' export buttons (issue 29): /orders, /deliveries and /invoices download every row their
 * filters select (GET …/export.xlsx with the list's query, never its page) through the app's file
 * download, and say a refusal in the user's language; /invoices shows what the filtered invoices
 * still owe, marks several paid at once after a confirmation (one POST /invoices/mark-paid-bulk),
 * says which it could not pay and why, and keeps deleting apart from paying (the card's menu).
 */

const INVOICE = {
  id: 'i0000000-0000-4000-8000-000000000001', customerId: 'c1', number: 'F-2030-000001', gcsNumber: 'DEV-2030-000001-1', orderId: null, orderNumber: null,
  deliveryId: null, supplierId: 's1', supplierName: 'Papier NV', priceExcl: '100.00', priceIncl: '121.00', invoiceDate: '2030-01-10', dueDate: '2030-02-09',
  status: 'open', matchStatus: 'notChecked', remarks: null, fileUrl: null, fileName: null, paidAt: null, source: 'manual',
};
const LATE = { ...INVOICE, id: 'i0000000-0000-4000-8000-000000000002', number: 'F-2030-000002', status: 'expired', dueDate: '2030-01-05', priceIncl: '60.75' };
const PAID = { ...INVOICE, id: 'i0000000-0000-4000-8000-000000000003', number: 'F-2030-000003', status: 'payed', paidAt: '2030-01-12T10:00:00Z' };

eachTestAMinuteLater('2030-01-15T09:00:00Z');

const params = (call: RecordedCall) => Object.fromEntries(call.url.searchParams);
let clicked: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => { clicked.mockRestore(); });

describe('/invoices', () => {
  const server = (calls: RecordedCall[], extra?: Parameters<typeof invoiceServer>[2]) => invoiceServer([INVOICE, LATE, PAID], calls, (call) => {
    const own = extra?.(call);
    if (own) return own;
    if (call.url.pathname === '/api/invoices/outstanding') return { body: { result: { amount: '1234.50', count: 2 } } };
    if (call.url.pathname === '/api/invoices/export.xlsx') return { body: 'xlsx' };
    return undefined;
  });

  it('exports the filtered list and shows what it still owes; a refused export says why', async () => {
    signedInWith(['finance']);
    const calls: RecordedCall[] = [];
    let refuse = false;
    await renderShop(<InvoicesPage />, server(calls, (call) => (refuse && call.url.pathname === '/api/invoices/export.xlsx'
      ? { status: 422, body: { errorCode: 'ListExportTooLarge', message: 'too long' } } : undefined)), { path: '/invoices' });
    await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    expect(await screen.findByText('Nog te betalen: € 1.234,50')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Te betalen (open en vervallen)' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Zoeken' }), { target: { value: 'Papier' } });
    await waitFor(() => expect(params(calls.filter((c) => c.url.pathname === '/api/invoices/outstanding').at(-1)!)).toEqual({ status: 'toPay', search: 'Papier' }));

    fireEvent.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const exports = calls.filter((c) => c.url.pathname === '/api/invoices/export.xlsx');
    expect(exports.map(params)).toEqual([{ status: 'toPay', search: 'Papier' }]);

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Exporteren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze lijst is te lang om te exporteren (meer dan 50.000 rijen): verfijn de filters.');
  });

  it('marks the ticked invoices paid in one call after a confirmation, and says which it could not pay', async () => {
    signedInWith(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls, (call) => (call.url.pathname === '/api/invoices/mark-paid-bulk'
      ? { body: { result: [{ invoiceId: INVOICE.id, ok: true, status: 'payed' }, { invoiceId: LATE.id, ok: false, errorCode: 'InvoiceMismatchNotAccepted' }] } }
      : undefined)), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    // A paid invoice has nothing to tick.
    expect(within(screen.getByRole('listitem', { name: PAID.number })).queryByRole('checkbox')).toBeNull();
    const bulk = screen.getByRole('button', { name: 'Selectie als betaald markeren (0)' });
    expect(bulk).toBeDisabled();
    fireEvent.click(within(card).getByRole('checkbox', { name: `Factuur ${INVOICE.number} selecteren om te betalen` }));
    fireEvent.click(within(screen.getByRole('listitem', { name: LATE.number })).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Selectie als betaald markeren (2)' }));

    const dialog = await screen.findByRole('dialog', { name: '2 facturen als betaald markeren?' });
    expect(dialog).toHaveTextContent('Samen € 181,75 incl. btw.');
    expect(dialog).toHaveTextContent(`${INVOICE.number} · € 121,00`);
    expect(calls.some((c) => c.url.pathname === '/api/invoices/mark-paid-bulk')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Markeer 2 facturen als betaald' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/invoices/mark-paid-bulk').map((c) => c.body)).toEqual([{ invoiceIds: [INVOICE.id, LATE.id] }]));
    expect(await screen.findByText(`Niet betaald: ${LATE.number} — Deze factuur klopt niet met wat besteld en ontvangen is.`, { exact: false })).toBeInTheDocument();
  });

  it('keeps deleting away from paying: in the card\'s menu, behind its confirmation', async () => {
    signedInWith(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls, (call) => (call.url.pathname === '/api/invoices/delete' ? { body: { result: { id: INVOICE.id } } } : undefined)), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    const actions = within(card).getByRole('group', { name: `Acties voor factuur ${INVOICE.number}` });
    expect(within(actions).getByRole('button', { name: 'Markeer als betaald' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Factuur verwijderen' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: `Meer acties voor factuur ${INVOICE.number}` }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Factuur verwijderen' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(`Factuur ${INVOICE.number} verwijderen?`);
    expect(calls.some((c) => c.url.pathname === '/api/invoices/delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Factuur verwijderen' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/invoices/delete')?.body).toEqual({ dto: { id: INVOICE.id } }));
  });

  it('a credit holder exports and sees the total, but has nothing to tick or pay', async () => {
    signedInWith(['user', 'creditHolder']);
    await renderShop(<InvoicesPage />, server([]), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeInTheDocument();
    expect(await screen.findByText('Nog te betalen: € 1.234,50')).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Selectie als betaald markeren/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Meer acties/ })).toBeNull();
  });
});

describe('/orders and /deliveries', () => {
  it('/orders exports with the filters and sort of the list, not its page', async () => {
    signedIn(basketOf([]));
    const session = readSession();
    writeSession({ user: { ...session.user!, customerAccess: session.user!.customerAccess.map((a) => ({ ...a, roles: ['validator'] })) } });
    const { net } = await renderShop(<OrdersPage />, (call) => {
      if (call.url.pathname === '/api/v2/orders') return { body: { items: [{ id: 'o1', orderNumber: 'B-0001', orderDate: '2026-01-05T09:30:00Z', status: 'toApprove', totalCost: '12.34' }], total: 1 } };
      if (call.url.pathname === '/api/v2/orders/export.xlsx') return { body: 'xlsx' };
      return { body: null };
    }, { path: '/orders', language: 'fr' });
    await screen.findByRole('link', { name: 'B-0001' }, { timeout: 15_000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: /^À approuver/ }));
    await waitFor(() => expect(params(net.calls.filter((c) => c.url.pathname === '/api/v2/orders').at(-1)!)).toMatchObject({ orderState: 'toApprove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(net.calls.filter((c) => c.url.pathname === '/api/v2/orders/export.xlsx').map(params))
      .toEqual([{ sort: 'orderDate', order: 'DESC', excludeInactive: 'true', orderState: 'toApprove' }]);
  });

  it('/deliveries exports with the filters of the list', async () => {
    signedIn();
    const { net } = await renderShop(<DeliveriesPage />, (call) => {
      if (call.url.pathname === '/api/deliveries') return { body: { items: [], total: 0, page: 1, pageSize: 20 } };
      if (call.url.pathname === '/api/deliveries/export.xlsx') return { body: 'xlsx' };
      return undefined;
    }, { path: '/deliveries', language: 'en' });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Order number' }, { timeout: 15_000 }), { target: { value: 'B-0001' } });
    await waitFor(() => expect(params(net.calls.filter((c) => c.url.pathname === '/api/deliveries').at(-1)!)).toMatchObject({ orderNumber: 'B-0001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(net.calls.filter((c) => c.url.pathname === '/api/deliveries/export.xlsx').map(params)).toEqual([{ orderNumber: 'B-0001', sort: 'createdAt', order: 'DESC' }]);
  });
});
