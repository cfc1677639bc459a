/**
 * The hand-written lists on the one paged list (src/app/data/paged-call.ts): their filters and page
 * are in the URL, so a reload (the same URL opened again) or going back shows the same page with
 * the same filters, and a pager goes to the next page.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ContractsPage from '../../../src/app/features/contracts/ContractsPage';
import DeliveriesPage from '../../../src/app/features/deliveries/DeliveriesPage';
import InvoicesPage from '../../../src/app/features/invoices/InvoicesPage';
import SupplierOrdersPage from '../../../src/app/features/supplier-orders/SupplierOrdersPage';
import SuppliersPage from '../../../src/app/features/suppliers/SuppliersPage';
import { UsersPage } from '../../../src/app/features/users/UsersPage';
import { AdminUsersPage } from '../../../src/app/features/users/admin/AdminUsersPage';
import { writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';
import { signedInWith } from './invoice-fixtures';

eachTestAMinuteLater('2030-01-15T09:00:00Z');

const where = () => screen.getByLabelText('path').textContent ?? '';
const params = (call: RecordedCall) => Object.fromEntries(call.url.searchParams);
/** A page's URL with the list's filters and page, as a link or a reload opens it. */
const opened = (path: string, filter: object, page: number) => `${path}?${new URLSearchParams({ filter: JSON.stringify(filter), page: String(page) })}`;
const pageInUrl = () => new URLSearchParams(where().split('?')[1]).get('page');

describe('/deliveries', () => {
  const delivery = (page: number) => ({
    id: `d${page}`, deliveryNumber: `L-${page}`, gcsNumber: null, orderNumber: 'B-0001', supplierName: 'Papier NV', status: 'toApprove', expectedDate: null, deliveryDate: null,
  });
  const respond = (call: RecordedCall) => (call.url.pathname === '/api/deliveries'
    ? { body: { items: [delivery(Number(call.url.searchParams.get('page')))], total: 45, page: Number(call.url.searchParams.get('page')), pageSize: 20 } }
    : undefined);

  it('asks for the page and filters the URL names, newest first; a filter and a page go into the URL and come back on a reload', async () => {
    signedIn();
    const first = await renderShop(<DeliveriesPage />, respond, { path: '/deliveries', language: 'en' });
    expect(await screen.findByRole('link', { name: 'L-1' }, { timeout: 15_000 })).toHaveAttribute('href', '/deliveries/d1');
    const lists = () => first.net.calls.filter((c) => c.url.pathname === '/api/deliveries').map(params);
    expect(lists()[0]).toEqual({ page: '1', pageSize: '20', sort: 'createdAt', order: 'DESC' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Order number' }), { target: { value: ' B-0001 ' } });
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ page: '1', orderNumber: 'B-0001' }));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'L-2' })).toBeInTheDocument();
    const url = where();
    expect(new URLSearchParams(url.split('?')[1]).get('page')).toBe('2');
    first.view.unmount();

    const again = await renderShop(<DeliveriesPage />, respond, { path: url, language: 'en' });
    expect(await screen.findByRole('link', { name: 'L-2' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Order number' })).toHaveValue(' B-0001 ');
    expect(again.net.calls.filter((c) => c.url.pathname === '/api/deliveries').map(params))
      .toEqual([{ page: '2', pageSize: '20', sort: 'createdAt', order: 'DESC', orderNumber: 'B-0001' }]);
  });
});

describe('/users and /ycAdmin/users', () => {
  const person = (n: number) => ({ id: `u${n}`, email: `user${n}@demo.test`, displayname: `User ${n}`, roles: ['buyer'], active: true, kind: 'customer', userType: 3 });
  const respond = (path: string) => (call: RecordedCall) => {
    if (call.url.pathname !== path) return undefined;
    const { skip } = (call.body as { query: { skip: number } }).query;
    return { body: { result: { items: [person(skip / 100 + 1)], total: 150, skip, take: 100 } } };
  };

  for (const { name, Page, path, url } of [
    { name: "the company's users", Page: UsersPage, path: '/api/customer-user-management/query', url: '/users' },
    { name: "the tenant's users", Page: AdminUsersPage, path: '/api/usermanagement/query', url: '/ycAdmin/users' },
  ]) {
    it(`${name}: the search and the page are in the URL and come back on a reload`, async () => {
      signedIn();
      const first = await renderShop(<Page />, respond(path), { path: url, language: 'en' });
      expect(await screen.findByRole('link', { name: 'User 1' }, { timeout: 15_000 })).toBeInTheDocument();
      const queries = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === path).map((c) => (c.body as { query: object }).query);
      expect(queries(first.net.calls)[0]).toMatchObject({ skip: 0, take: 100 });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), { target: { value: 'user' } });
      await waitFor(() => expect(queries(first.net.calls).at(-1)).toMatchObject({ skip: 0, take: 100, search: 'user' }));
      fireEvent.click(screen.getByRole('button', { name: /next page/i }));
      expect(await screen.findByRole('link', { name: 'User 2' })).toBeInTheDocument();
      const reload = where();
      first.view.unmount();

      const again = await renderShop(<Page />, respond(path), { path: reload, language: 'en' });
      expect(await screen.findByRole('link', { name: 'User 2' }, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue('user');
      expect(queries(again.net.calls)).toEqual([expect.objectContaining({ skip: 100, take: 100, search: 'user' })]);
    });
  }
});

describe('/supplier-orders in the URL', () => {
  const order = (page: number) => ({ id: `so${page}`, gcsNumber: `B-000${page}-1`, status: 'WAITFORDELIVERY', customerName: 'Acme NV', createdAt: '2030-01-10T09:00:00Z', totalIncl: '12.10' });
  it('opens the status, the number and the page the URL names, and its pager goes to the next page', async () => {
    signedIn();
    const queries: Record<string, unknown>[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname !== '/api/supplier-orders/queryForSupplier') return undefined;
      const { query } = call.body as { query: Record<string, unknown> };
      queries.push(query);
      return { body: { result: { items: [order(query.page as number)], total: 80 } } };
    };
    await renderShop(<SupplierOrdersPage />, respond, { path: opened('/supplier-orders', { orderStatus: 'WAITFORDELIVERY', gcsNumber: 'B-0002' }, 2), language: 'en' });
    expect(await screen.findByRole('link', { name: 'B-0002-1' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by number' })).toHaveValue('B-0002');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Waiting for delivery');
    expect(queries).toEqual([{ page: 2, pageSize: 20, orderStatus: 'WAITFORDELIVERY', gcsNumber: 'B-0002' }]);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'B-0003-1' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: 3, pageSize: 20, orderStatus: 'WAITFORDELIVERY', gcsNumber: 'B-0002' });
    expect(pageInUrl()).toBe('3');
  });

  it("tells a user who is no supplier's why the list is refused (UnauthorizedRole), and any other failure that it could not be read", async () => {
    signedIn();
    let refusal = true;
    const respond = (call: RecordedCall) => (call.url.pathname === '/api/supplier-orders/queryForSupplier'
      ? (refusal ? { status: 403, body: { errorCode: 'UnauthorizedRole', message: 'x' } } : { status: 500, body: { message: 'x' } })
      : undefined);
    const { view } = await renderShop(<SupplierOrdersPage />, respond, { path: '/supplier-orders', language: 'en' });
    expect(await screen.findByText('Your role does not allow this action.', {}, { timeout: 15_000 })).toBeInTheDocument();
    view.unmount();
    refusal = false;
    await renderShop(<SupplierOrdersPage />, respond, { path: '/supplier-orders', language: 'en' });
    expect(await screen.findByText('The supplier order could not be loaded.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('/invoices in the URL', () => {
  const invoice = (page: number) => ({
    id: `i${page}`, customerId: 'c1', number: `F-${page}`, gcsNumber: 'DEV-1', orderId: null, orderNumber: null, deliveryId: null, supplierId: 's1', supplierName: 'Papier NV',
    priceExcl: '100.00', priceIncl: '121.00', invoiceDate: '2030-01-10', dueDate: '2030-02-09', status: 'open', matchStatus: 'notChecked', remarks: null, fileUrl: null, fileName: null, paidAt: null, source: 'manual',
  });
  it('opens the filters and the page the URL names, and its pager goes to the next page', async () => {
    signedInWith(['finance']);
    const lists: Record<string, string>[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/v2/suppliers') return { body: { items: [{ id: 's1', name: 'Papier NV' }], total: 1 } };
      if (call.url.pathname !== '/api/invoices') return undefined;
      lists.push(params(call));
      const page = Number(call.url.searchParams.get('page'));
      return { body: { result: { items: [invoice(page)], total: 80, page, pageSize: 20 } } };
    };
    await renderShop(<InvoicesPage />, respond, { path: opened('/invoices', { status: 'toPay', gcsNumber: 'DEV' }, 2), language: 'en' });
    expect(await screen.findByRole('listitem', { name: 'F-2' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Supplier order number' })).toHaveValue('DEV');
    expect(lists).toEqual([{ status: 'toPay', gcsNumber: 'DEV', page: '2', pageSize: '20' }]);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('listitem', { name: 'F-3' })).toBeInTheDocument();
    expect(lists.at(-1)).toEqual({ status: 'toPay', gcsNumber: 'DEV', page: '3', pageSize: '20' });
    expect(pageInUrl()).toBe('3');
  });
});

describe('/suppliers in the URL', () => {
  const supplier = (name: string) => ({ id: name, name, customerId: 'c1', active: true, vatNumber: null, email: null, shippingCost: null, freeShippingFrom: null });
  it('opens the search, "own suppliers only" and the page the URL names; its pager and the switch change the URL', async () => {
    signedIn();
    writeSession({ permissions: { customerId: 'c1', permissions: ['suppliers:R'] } } as never);
    const own: Record<string, unknown>[] = [];
    const all: Record<string, string>[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/suppliers/own') {
        const { query } = call.body as { query: { skip: number } };
        own.push(query);
        return { body: { result: { items: [supplier(`Own ${query.skip / 20 + 1}`)], total: 80, skip: query.skip, take: 20 } } };
      }
      if (call.url.pathname !== '/api/v2/suppliers') return undefined;
      all.push(params(call));
      const page = Number(call.url.searchParams.get('page'));
      return { body: { items: [supplier(`All ${page}`)], total: 80, page, pageSize: 20 } };
    };
    await renderShop(<SuppliersPage />, respond, { path: opened('/suppliers', { search: 'pap', onlyOwn: true }, 2), language: 'en' });
    expect(await screen.findByRole('link', { name: 'Own 2' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name, VAT number or e-mail' })).toHaveValue('pap');
    expect(screen.getByRole('switch', { name: 'Own suppliers only' })).toBeChecked();
    expect(own).toEqual([{ skip: 20, take: 20, search: 'pap' }]);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'Own 3' })).toBeInTheDocument();
    expect(own.at(-1)).toEqual({ skip: 40, take: 20, search: 'pap' });
    expect(pageInUrl()).toBe('3');

    // All suppliers again (GET /v2/suppliers): from the first page, still searched, and paged in the URL.
    fireEvent.click(screen.getByRole('switch', { name: 'Own suppliers only' }));
    expect(await screen.findByRole('link', { name: 'All 1' })).toBeInTheDocument();
    expect(all.at(-1)).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'ASC', search: 'pap' });
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'All 2' })).toBeInTheDocument();
    expect(pageInUrl()).toBe('2');
  });
});

describe('/contracts in the URL', () => {
  const contract = (page: number) => ({
    id: `k${page}`, title: `Contract ${page}`, contractNumber: null, status: 'ACTIVE', startDate: null, endDate: null, latestCancellationDate: null, extraFields: [],
  });
  it("opens the search, the status, an Extra field's filter and the page the URL names, and its pager goes to the next page", async () => {
    signedIn();
    writeSession({ permissions: { customerId: 'c1', permissions: ['contracts:R'] }, features: { contracts: true } } as never);
    const lists: Record<string, string>[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/contracts/layout') return { body: { fields: [{ group: 'Extra', type: 'input', name: 'Cost centre', required: false, options: null }] } };
      if (call.url.pathname !== '/api/contracts') return undefined;
      lists.push(params(call));
      const page = Number(call.url.searchParams.get('page'));
      return { body: { items: [contract(page)], total: 80, page, pageSize: 20 } };
    };
    const extra = JSON.stringify([{ name: 'Cost centre', value: 'A1' }]);
    await renderShop(<ContractsPage />, respond, { path: opened('/contracts', { search: 'print', status: 'ACTIVE', extraFields: { 'Cost centre': 'A1' } }, 2), language: 'en' });
    expect(await screen.findByRole('link', { name: 'Contract 2' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search (number or title)' })).toHaveValue('print');
    expect(await screen.findByRole('searchbox', { name: 'Cost centre' })).toHaveValue('A1');
    expect(lists[0]).toEqual({ page: '2', pageSize: '20', search: 'print', status: 'ACTIVE', extraFields: extra });
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'Contract 3' })).toBeInTheDocument();
    expect(lists.at(-1)).toEqual({ page: '3', pageSize: '20', search: 'print', status: 'ACTIVE', extraFields: extra });
    expect(pageInUrl()).toBe('3');
  });
});
