import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import WarehousePage from '../../../src/app/features/warehouses/WarehousePage';
import StockPage from '../../../src/app/features/warehouses/StockPage';
import { OrderStockUpdates } from '../../../src/app/features/warehouses/OrderStockUpdates';
import { writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * /warehouse-management/{id}, /stock and the order's stock updates tab (core §2, §3 Warehouse
 * instance, §7; flows §2): the warehouse's articles and activity, changing one with a generated tag
 * (a refused tag is named on its field), the stock overview's filters as the call's query, and
 * read-only views for users who may only read.
 */

const W = { id: 'w0000000-0000-4000-8000-000000000001', name: 'Centraal magazijn', departmentId: 'd1', restockSetting: 'flex', address: { city: 'Gent' } };
const INSTANCE = {
  id: 'i1', warehouseId: W.id, supplierArticleId: 'a1', stock: 3, tag: 'DEMO-0001', minimumStock: 5, orderQuantity: 1, restockQuantity: 20, autoRestock: false,
  depletedAt: '2030-01-14T08:00:00Z', warehouseName: W.name, departmentId: 'd1', restockSetting: 'flex', articleNumberSupplier: 'PAP-A4',
  articleTitle: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: 'Papier A4' }, articleImage: null, supplierName: 'Papier NV',
  customerId: 'c1', restockUserId: null, restockOrderId: null, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z',
};
const MOVE = {
  id: 'm1', kind: 'deliveryConfirmed', quantity: 4, stockAfter: 7, warehouseId: W.id, warehouseName: W.name, warehouseInstanceId: 'i1', supplierArticleId: 'a1',
  articleNumberSupplier: 'PAP-A4', articleTitle: INSTANCE.articleTitle, orderId: 'o1', orderNumber: 'DEV-2030-000001', deliveryId: 'd1',
  deliveryNumber: 'DEV-2030-000001-1-L1', userName: 'Mia Manager', remark: null, createdAt: '2030-01-15T08:00:00Z',
};

function as(permissions: string[]) {
  signedIn();
  writeSession({ permissions: { customerId: 'c1', permissions }, features: { easyStock: true } } as never);
}

eachTestAMinuteLater('2030-01-15T09:00:00Z');

describe('a warehouse (/warehouse-management/{id})', () => {
  it('shows its articles and activity; an edit with a generated tag is sent whole; a taken tag is named on the field', async () => {
    as(['warehouses:RWCD', 'orders:RC']);
    const puts: RecordedCall[] = [];
    let taken = true;
    await renderShop(<Routes><Route path="/warehouse-management/:id" element={<WarehousePage />} /></Routes>, (call) => {
      const path = call.url.pathname;
      if (path === `/api/warehouse-management/${W.id}`) return { body: W };
      if (path === '/api/customer-departments/query') return { body: { items: [{ id: 'd1', name: 'Aankoop' }], total: 1 } };
      if (path === '/api/warehouse-management/instances') return { body: { items: [INSTANCE], total: 1, page: 1, pageSize: 500 } };
      if (path === `/api/warehouse-management/${W.id}/activity`) return { body: { items: [MOVE], total: 1, page: 1, pageSize: 10 } };
      if (path === '/api/warehouses/supplier-article-warehouse-instances/tag/generate') return { body: { tag: 'WH-7K3M9Q2XZ' } };
      if (path === `/api/warehouse-management/${W.id}/instances/i1` && call.method === 'PUT') {
        puts.push(call);
        if (taken) {
          taken = false;
          return { status: 409, body: { errorCode: 'TagAlreadyExists', message: 'x', details: [{ path: 'tag', rule: 'TagAlreadyExists', message: 'x' }] } };
        }
        return { body: { ...INSTANCE, stock: 12, depletedAt: null, tag: 'WH-7K3M9Q2XZ' } };
      }
      return undefined;
    }, { path: `/warehouse-management/${W.id}` });

    expect(await screen.findByRole('heading', { name: W.name, level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Afdeling: Aankoop · Herbevoorrading: Flexibel (herbevoorraden tot)')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: /Kopieerpapier A4/ });
    expect(within(card).getByText('Onder minimum')).toBeInTheDocument();
    expect(within(card).getByText('DEMO-0001')).toBeInTheDocument();
    expect(await screen.findByText('Levering bevestigd +4 Kopieerpapier A4 (voorraad 7)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Artikel toevoegen' })).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopieerpapier A4 in Centraal magazijn' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Voorraad' }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Barcode genereren' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Barcode' })).toHaveValue('WH-7K3M9Q2XZ'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Automatisch herbevoorraden' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await within(dialog).findByText('Deze barcode bestaat al.')).toBeInTheDocument();
    expect(puts[0]!.body).toEqual({ stock: 12, minimumStock: 5, orderQuantity: 1, restockQuantity: 20, tag: 'WH-7K3M9Q2XZ', autoRestock: true });

    // A typed amount that is no whole number stays here.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Minimumvoorraad' }), { target: { value: '-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await within(dialog).findByText(/Enkel cijfers/)).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Minimumvoorraad' }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toHaveLength(2);
  });

  it('offers no changes to a user who only reads warehouses', async () => {
    as(['warehouses:R']);
    await renderShop(<Routes><Route path="/warehouse-management/:id" element={<WarehousePage />} /></Routes>, (call) => {
      const path = call.url.pathname;
      if (path === `/api/warehouse-management/${W.id}`) return { body: W };
      if (path === '/api/customer-departments/query') return { body: { items: [], total: 0 } };
      if (path === '/api/warehouse-management/instances') return { body: { items: [INSTANCE], total: 1, page: 1, pageSize: 500 } };
      if (path === `/api/warehouse-management/${W.id}/activity`) return { body: { items: [], total: 0, page: 1, pageSize: 10 } };
      return undefined;
    }, { path: `/warehouse-management/${W.id}` });
    const card = await screen.findByRole('listitem', { name: /Kopieerpapier A4/ }, { timeout: 15_000 });
    expect(within(card).queryByRole('button', { name: 'Wijzigen' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Artikel toevoegen' })).toBeNull();
    expect(await screen.findByText('Nog geen voorraadbewegingen.')).toBeInTheDocument();
  });
});

describe('the stock overview (/stock, /warehouse-management/stock)', () => {
  it('sends core §3\'s filters as the query; /stock links no warehouse, warehouse management does', async () => {
    as(['warehouses:R']);
    const queries: URLSearchParams[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/warehouse-management') return { body: { items: [W], total: 1, page: 1, pageSize: 500 } };
      if (call.url.pathname === '/api/warehouse-management/instances') {
        queries.push(call.url.searchParams);
        return { body: { items: [INSTANCE], total: 1, page: 1, pageSize: 25 } };
      }
      return undefined;
    };
    const { view } = await renderShop(<Routes><Route path="*" element={<StockPage />} /></Routes>, respond, { path: '/stock' });
    const table = await screen.findByRole('table', { name: 'Voorraad' }, { timeout: 15_000 });
    expect(within(table).getByText('Kopieerpapier A4')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: W.name })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Artikelnaam' }), { target: { value: 'papier' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Magazijn' }));
    fireEvent.click(await screen.findByRole('option', { name: W.name }));
    fireEvent.change(screen.getByLabelText('Onder minimum sinds'), { target: { value: '2030-01-01' } });
    await waitFor(() => {
      const last = queries[queries.length - 1]!;
      expect([last.get('articleName'), last.get('warehouseId'), last.get('depletedAt'), last.get('page')]).toEqual(['papier', W.id, '2030-01-01', '1']);
    });
    view.unmount();

    await renderShop(<Routes><Route path="*" element={<StockPage />} /></Routes>, respond, { path: '/warehouse-management/stock' });
    expect(await screen.findByRole('link', { name: W.name }, { timeout: 15_000 })).toHaveAttribute('href', `/warehouse-management/${W.id}`);
  });
});

describe('the stock overview in the URL', () => {
  it('opens the page and filters the URL names (a reload or going back), and its pager goes to the next page', async () => {
    as(['warehouses:R']);
    const queries: URLSearchParams[] = [];
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/warehouse-management') return { body: { items: [W], total: 1, page: 1, pageSize: 500 } };
      if (call.url.pathname === '/api/warehouse-management/instances') {
        queries.push(call.url.searchParams);
        return { body: { items: [INSTANCE], total: 80, page: Number(call.url.searchParams.get('page')), pageSize: 25 } };
      }
      return undefined;
    };
    const url = `/stock?${new URLSearchParams({ filter: JSON.stringify({ articleName: 'papier', warehouseId: W.id }), page: '2' })}`;
    await renderShop(<Routes><Route path="*" element={<StockPage />} /></Routes>, respond, { path: url });
    await screen.findByRole('table', { name: 'Voorraad' }, { timeout: 15_000 });
    expect(screen.getByRole('searchbox', { name: 'Artikelnaam' })).toHaveValue('papier');
    expect([queries[0]!.get('articleName'), queries[0]!.get('warehouseId'), queries[0]!.get('page'), queries[0]!.get('pageSize')]).toEqual(['papier', W.id, '2', '25']);
    fireEvent.click(screen.getByRole('button', { name: /volgende pagina|next page/i }));
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('3'));
    expect(new URLSearchParams(screen.getByLabelText('path').textContent!.split('?')[1]).get('page')).toBe('3');
  });
});

describe("the order's stock updates tab", () => {
  it('lists what the deliveries moved, with the warehouse and the stock after it', async () => {
    as(['orders:R']);
    await renderShop(<OrderStockUpdates orderId="o1" />, (call) => {
      if (call.url.pathname === '/api/v2/orders/o1/update-stock') {
        return { body: { result: { orderId: 'o1', updates: [MOVE, { ...MOVE, id: 'm2', kind: 'itemsReturned', quantity: -1, stockAfter: 6 }] } } };
      }
      return undefined;
    });
    expect(await screen.findByText('Levering bevestigd: +4 × Kopieerpapier A4 in Centraal magazijn', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Artikelen teruggestuurd: -1 × Kopieerpapier A4 in Centraal magazijn')).toBeInTheDocument();
    expect(screen.getByText(/DEV-2030-000001-1-L1 · voorraad 6 · Mia Manager/)).toBeInTheDocument();
  });
});
