import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadAdminArea, renderApp } from './app-harness';
import { user, type RecordedCall, type Reply } from './helpers';

/**
 * The platform admin's product management (flows §2 /ycAdmin/product-management (+{id}); core §7
 * Admin: articles and supplier articles): the tenant's articles with the "superadmin product
 * management" filter remembered, a new article, an article's data saved, its offers added, changed
 * and re-indexed, what a buyer pays per offer for a quantity, the supplier's product link and the
 * URL template tester; refusals in the user's language.
 */

const superAdmin = { signedIn: true, me: user({ id: 'u9', email: 'superadmin@demo.test', userType: 1, customerAccess: [] }) };

const ARTICLE = {
  id: 'a1', customerId: null, createdAt: '2025-03-01T08:00:00.000Z', updatedAt: '2025-03-04T10:00:00.000Z',
  title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: null }, shortDescription: null, longDescription: null,
  brand: 'Atlas', manufacturer: null, ean: '5412345678900', pnNumber: null, categoryId: 'cat1', marketplaceId: null, family: null,
  available: true, keywords: ['papier'], image: 'https://img.example.com/a.jpg', images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
  attributes: [],
};
const OTHER = { ...ARTICLE, id: 'a2', title: { nl: null, en: 'Stapler', fr: 'Agrafeuse' }, brand: 'Rapid', ean: '5400000000002', available: false, images: [], image: null };

const offer = (id: string, supplierId: string, supplierName: string, number: string, price: string) => ({
  id, customerId: null, createdAt: ARTICLE.createdAt, updatedAt: ARTICLE.updatedAt, articleId: 'a1', supplierId, supplierName,
  articleNumberSupplier: number, price, priceQuantity: 1, minOrderQuant: 1, currency: 'EUR', tax: 21, stock: 12, estimateDeliveryDays: 2,
  supplierShippingCost: null, minimumOrderPrice: null, type: 'Regular', title: ARTICLE.title,
});
const OFFERS = [offer('o1', 's1', 'Papyrus NV', 'PAP-A4', '4.50'), offer('o2', 's2', 'Office Depot', 'OD-123', '4.90')];
const SUPPLIERS = [
  { id: 's1', name: 'Papyrus NV', productUrlTemplate: 'https://papyrus.example.com/p/{articleNumber}' },
  { id: 's2', name: 'Office Depot', productUrlTemplate: null },
];
const priceOf = (o: ReturnType<typeof offer>, quantity = 1) => ({
  supplierArticleId: o.id, articleId: 'a1', supplierId: o.supplierId, supplierName: o.supplierName, articleNumberSupplier: o.articleNumberSupplier,
  quantity, unitPriceExcl: o.price, totalExcl: (Number(o.price) * quantity).toFixed(2), shippingCost: '5.00',
  totalIncl: ((Number(o.price) * quantity + 5) * 1.21).toFixed(2), unitCostWithShipping: o.price, minOrderQuant: 1, stock: 12, estimateDeliveryDays: 2,
});

type Answer = (call: RecordedCall) => Reply | Promise<Reply> | undefined;

/** Opens a page of the admin area; `answer` may replace the answer of a call. Every API call is recorded. */
async function open(path: string, answer: Answer = () => undefined) {
  const calls: RecordedCall[] = [];
  await renderApp(path, {
    ...superAdmin,
    respond: (call) => {
      const p = call.url.pathname;
      if (p.startsWith('/api/admin/')) calls.push(call);
      const replaced = answer(call);
      if (replaced) return replaced;
      if (p === '/api/admin/articles/query') return { body: { result: { items: [ARTICLE, OTHER], total: 2, skip: 0, take: 20 } } };
      if (p === '/api/admin/articles/a1') return { body: { result: ARTICLE } };
      if (p === '/api/admin/product-categories/query') return { body: { result: { items: [{ id: 'cat1', name: { nl: 'Papier', en: 'Paper', fr: 'Papier' } }], total: 1 } } };
      if (p === '/api/admin/marketplaces/query') return { body: { result: { items: [{ id: 'm1', name: 'Kantoor' }], total: 1 } } };
      if (p === '/api/admin/supplier-articles/per-article/a1') return { body: { result: OFFERS } };
      if (p === '/api/admin/suppliers/query') {
        const ids = (call.body as { query?: { ids?: string[] } }).query?.ids;
        const items = ids ? SUPPLIERS.filter((s) => ids.includes(s.id)) : SUPPLIERS;
        return { body: { result: { items, total: items.length } } };
      }
      if (p === '/api/admin/supplier-articles/queryEvaluatedPrices') {
        const quantity = (call.body as { query: { quantity?: number } }).query.quantity ?? 1;
        return { body: { result: { items: OFFERS.map((o) => priceOf(o, quantity)), total: 2 } } };
      }
      return undefined;
    },
  });
  return calls;
}

const bodiesTo = (calls: RecordedCall[], path: string) => calls.filter((c) => c.url.pathname === path).map((c) => c.body as Record<string, any>);
const lastQueryTo = (calls: RecordedCall[], path: string) => bodiesTo(calls, path).at(-1)?.query as Record<string, unknown>;

describe('the list of articles (/ycAdmin/product-management)', () => {
  beforeAll(loadAdminArea, 120_000);
  afterEach(() => { vi.unstubAllGlobals(); localStorage.clear(); });

  it("shows every article with its title in the interface language (another when there is none), brand, EAN and availability", async () => {
    const calls = await open('/ycAdmin/product-management');
    expect(await screen.findByRole('heading', { name: 'Productbeheer', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Productbeheer' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Titel', 'Merk', 'EAN', 'Beschikbaar']);
    const paper = within(table).getByRole('link', { name: 'Kopieerpapier A4' }).closest('tr')!;
    expect(within(paper).getByRole('link')).toHaveAttribute('href', '/ycAdmin/product-management/a1');
    expect(within(paper).getByText('Atlas')).toBeInTheDocument();
    expect(within(paper).getByText('5412345678900')).toBeInTheDocument();
    expect(within(paper).getByText('Ja')).toBeInTheDocument();
    const stapler = within(table).getByRole('link', { name: 'Stapler' }).closest('tr')!;
    expect(within(stapler).getByText('Nee')).toBeInTheDocument();
    expect(lastQueryTo(calls, '/api/admin/articles/query')).toEqual({ skip: 0, take: 20, sort: 'createdAt', order: 'DESC' });
  });

  it('asks for the articles by the filters chosen, and remembers them for the next visit', async () => {
    const calls = await open('/ycAdmin/product-management');
    await screen.findByRole('table', { name: 'Productbeheer' }, { timeout: 15_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Zoek op merk, EAN of PN-nummer' }), { target: { value: ' atlas ' } });
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Beschikbaar' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Niet beschikbaar' }));
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas', available: false }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Categorie' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Papier' }));
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas', available: false, categoryId: 'cat1' }));

    // the next visit, without the filters in the address: the remembered "superadmin product management" filter
    fireEvent.click(screen.getByRole('link', { name: 'Kopieerpapier A4' }));
    const back = await screen.findByRole('link', { name: 'Terug naar productbeheer' });
    expect(back).toHaveAttribute('href', '/ycAdmin/product-management');
    fireEvent.click(back);
    await waitFor(() => expect(window.location.pathname).toBe('/ycAdmin/product-management'));
    await screen.findByRole('table', { name: 'Productbeheer' });
    expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas', available: false, categoryId: 'cat1' });
    expect(screen.getByRole('searchbox', { name: 'Zoek op merk, EAN of PN-nummer' })).toHaveValue(' atlas ');
    expect(screen.getByRole('combobox', { name: 'Beschikbaar' })).toHaveTextContent('Niet beschikbaar');
    expect(screen.getByRole('combobox', { name: 'Categorie' })).toHaveTextContent('Papier');
  });

  it('creates a platform article from its title and opens it', async () => {
    const calls = await open('/ycAdmin/product-management', (call) => (call.url.pathname === '/api/admin/articles/create'
      ? { body: { result: { ...ARTICLE, id: 'a9', title: { nl: 'Nietjes', en: null, fr: null } } } } : undefined));
    await screen.findByRole('table', { name: 'Productbeheer' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Nieuw artikel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw artikel' });
    // the server's schema: a Dutch title is required, and nothing is sent without it
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(bodiesTo(calls, '/api/admin/articles/create')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Titel \(NL\)/ }), { target: { value: 'Nietjes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(window.location.pathname).toBe('/ycAdmin/product-management/a9'));
    expect(bodiesTo(calls, '/api/admin/articles/create')).toEqual([{ dto: expect.objectContaining({ title: expect.objectContaining({ nl: 'Nietjes' }) }) }]);
  });
});
