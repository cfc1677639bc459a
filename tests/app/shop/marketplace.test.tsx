import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { createNavigationRouter, productsUrl, parseProductsQuery } from '../../../src/app/features/marketplace/routing';
import { expiryOf } from '../../../src/app/features/marketplace/search/client';
import ProductsPage from '../../../src/app/features/marketplace/ProductsPage';
import { ProductRoute } from '../../../src/app/features/marketplace/ProductPage';
import type { RecordedCall } from '../helpers';
import { basketOf, renderShop, signedIn, eachTestAMinuteLater } from './harness';

eachTestAMinuteLater('2026-01-01T10:00:00Z');

const where = () => screen.getByLabelText('path').textContent;

function hit(n: number) {
  return {
    objectID: `art-${n}`, articleNumberSupplier: `NR-${n}`, title: { nl: `Papier ${n}`, en: `Paper ${n}`, fr: `Papier ${n}` },
    supplierName: 'Papier NV', brand: 'Bic', priceText: '4.95', price: 4.95, priceQuantity: n === 1 ? 10 : 1, stock: n === 2 ? 0 : 25, available: true,
  };
}

/** Every search request the index received, flattened to {indexName, ...params}. */
function searches(calls: RecordedCall[]) {
  return calls.filter((c) => c.url.hostname === 'search.test').flatMap((c) => (c.body as any).requests as Record<string, any>[]);
}

function server(call: RecordedCall) {
  if (call.url.pathname === '/api/search/credentials') {
    return { body: { result: { appId: 'app', apiKey: 'key', indexName: 'articles', hosts: [{ url: 'search.test', protocol: 'http' }], validUntil: null } } };
  }
  if (call.url.pathname === '/api/articleCategories/category-groups') {
    const sub = { id: 'k2', parentId: 'k1', level: 1, descriptions: [{ languageCode: 'nl', description: 'Papier' }], hierarchy: { nl: 'Kantoor > Papier' }, subCategories: [], amountOfArticles: 3, imageUrl: null, sequenceNumber: 1, popular: false };
    return { body: { result: [{ ...sub, id: 'k1', parentId: null, level: 0, descriptions: [{ languageCode: 'nl', description: 'Kantoor' }], hierarchy: { nl: 'Kantoor' }, subCategories: [sub] }] } };
  }
  if (call.url.hostname === 'search.test') {
    const requests = (call.body as any).requests as unknown[];
    return {
      body: {
        results: requests.map(() => ({
          hits: [hit(1), hit(2)], nbHits: 65, page: 1, nbPages: 3, hitsPerPage: 30, processingTimeMS: 1, exhaustiveNbHits: true, query: 'pen', params: '',
          facets: { brand: { Bic: 2 }, supplierName: { 'Papier NV': 2 }, 'features.nl': { 'Kleur: blauw': 2 }, 'categories.nl.lvl0': { Kantoor: 2 }, 'categories.nl.lvl1': { 'Kantoor > Papier': 2 } },
        })),
      },
    };
  }
  return { body: null };
}

describe('the /products URL (core §2, DESIGN §6)', () => {
  it('reads and writes search, categories and a page counted from 1', () => {
    expect(parseProductsQuery('?search=pen&categories=Kantoor%20%3E%20Papier&page=2')).toEqual({ search: 'pen', categories: 'Kantoor > Papier', page: 2 });
    expect(parseProductsQuery('?page=1')).toEqual({ search: undefined, categories: undefined, page: undefined });
    expect(productsUrl({ search: 'a4 papier', categories: 'Kantoor > Papier', page: 3 })).toBe('/products?search=a4+papier&categories=Kantoor+%3E+Papier&page=3');
    expect(productsUrl({ page: 1 })).toBe('/products');
  });

  it('keeps the refinements: brands, suppliers and features repeated, a price range, the sort', () => {
    const url = productsUrl({ search: 'pen', brand: ['Bic', 'Pilot'], supplier: ['Papier NV'], features: ['Kleur: blauw'], price: '1:10', sort: 'price_asc' });
    expect(url).toBe('/products?search=pen&brand=Bic&brand=Pilot&supplier=Papier+NV&features=Kleur%3A+blauw&price=1%3A10&sort=price_asc');
    expect(parseProductsQuery(url.slice('/products'.length))).toEqual({ search: 'pen', brand: ['Bic', 'Pilot'], supplier: ['Papier NV'], features: ['Kleur: blauw'], price: '1:10', sort: 'price_asc' });
    // Open ends are ranges too; anything else is no range.
    expect(parseProductsQuery('?price=5%3A').price).toBe('5:');
    for (const wrong of ['abc', ':', '5-10', '1:2:3']) expect(parseProductsQuery(`?price=${encodeURIComponent(wrong)}`).price, wrong).toBeUndefined();
  });

  it('neither follows nor writes the URL while another page is on its way', async () => {
    let search = '?search=pen';
    let shown = true;
    const navigate = vi.fn((url: string) => { search = url.slice('/products'.length); });
    const bridge = createNavigationRouter({ navigate, currentSearch: () => search, shown: () => shown });
    const followed = vi.fn();
    bridge.router.onUpdate(followed);
    // Shown: the URL moves the search, and the search writes the URL.
    bridge.locationChanged('?search=ink');
    expect(followed).toHaveBeenCalledWith({ search: 'ink', categories: undefined, page: undefined });
    bridge.router.write({ search: 'toner' });
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(navigate).toHaveBeenCalledWith('/products?search=toner');
    // A product link was followed; its page is still loading and the marketplace, hidden, sees its URL.
    bridge.router.write({ search: 'toner', page: 2 }); // written before the link, due after it
    shown = false;
    followed.mockClear();
    navigate.mockClear();
    bridge.locationChanged('');
    bridge.router.write({});
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(followed).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    // Back on the marketplace: it follows again.
    shown = true;
    bridge.locationChanged('?categories=Kantoor');
    expect(followed).toHaveBeenCalledWith({ search: undefined, categories: 'Kantoor', page: undefined });
  });
});

describe('search credentials', () => {
  it('expire at validUntil, given in unix seconds (kept when already in milliseconds)', () => {
    expect(expiryOf(1795254545)).toBe(1795254545000);
    expect(expiryOf(1795254545000)).toBe(1795254545000);
  });
});

describe('the marketplace', () => {
  it('searches the index from the URL: query, category path, Algolia page = URL page - 1, 30 hits', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<ProductsPage />, server, { path: '/products?search=pen&categories=Kantoor%20%3E%20Papier&page=2' });
    expect(await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 15_000 })).toBeInTheDocument();
    const main = searches(net.calls).find((r) => (r.params?.hitsPerPage ?? r.hitsPerPage) === 30)!;
    const params = main.params ?? main;
    expect(main.indexName).toBe('articles');
    expect(params.query).toBe('pen');
    expect(params.page).toBe(1);
    expect(JSON.stringify(params.facetFilters)).toContain('categories.nl.lvl1:Kantoor > Papier');
    // The refinement lists: brand, supplier and the features of the interface language.
    expect(params.facets).toEqual(expect.arrayContaining(['brand', 'supplierName', 'features.nl']));
    expect(screen.getByText('65 producten gevonden')).toHaveAttribute('role', 'status');
    expect(within(screen.getByRole('region', { name: 'Kenmerken' })).getByRole('checkbox', { name: 'Kleur: blauw (2)' })).toBeInTheDocument();
  });

  it('shows the cards: title, price per quantity, stock, supplier, and out of stock', async () => {
    signedIn(basketOf([]));
    await renderShop(<ProductsPage />, server, { path: '/products' });
    const card = await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 15_000 });
    expect(card).toHaveTextContent('€ 4,95 per 10');
    expect(card).toHaveTextContent('Voorraad: 25');
    expect(card).toHaveTextContent('Leverancier: Papier NV');
    expect(within(card).getByRole('link', { name: 'Papier 1' })).toHaveAttribute('href', '/products/art-1');
    const empty = screen.getByRole('article', { name: 'Papier 2' });
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(within(empty).getAllByText('Niet op voorraad').length).toBeGreaterThan(0);
  });

  it('moves to a category from the tabs and keeps the page in the URL counted from 1', async () => {
    signedIn(basketOf([]));
    await renderShop(<ProductsPage />, server, { path: '/products?search=pen' });
    const categories = await screen.findByRole('navigation', { name: 'Categorieën' });
    fireEvent.click(await within(categories).findByRole('link', { name: 'Kantoor' }));
    await waitFor(() => expect(where()).toBe('/products?categories=Kantoor'));
    expect(within(categories).getByRole('link', { name: 'Kantoor' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(await screen.findByRole('link', { name: 'Papier' }));
    await waitFor(() => expect(where()).toBe('/products?categories=Kantoor+%3E+Papier'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(where()).toBe('/products?categories=Kantoor+%3E+Papier&page=3'));
    expect(screen.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Volgende pagina' })).toBeDisabled(); // 3 of 3
    fireEvent.click(screen.getByRole('button', { name: 'Vorige pagina' }));
    await waitFor(() => expect(where()).toBe('/products?categories=Kantoor+%3E+Papier&page=2'));
  });

  it('sorts by price on the index\'s replica, with the order in the URL', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<ProductsPage />, server, { path: '/products?search=pen&sort=price_desc' });
    const sort = await screen.findByRole('combobox', { name: 'Sorteren op' }, { timeout: 15_000 });
    expect(sort).toHaveValue('articles_price_desc');
    expect(searches(net.calls).some((r) => r.indexName === 'articles_price_desc')).toBe(true);
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Relevantie', 'Prijs: laagste eerst', 'Prijs: hoogste eerst']);
    net.calls.length = 0;
    fireEvent.change(sort, { target: { value: 'articles_price_asc' } });
    await waitFor(() => expect(where()).toBe('/products?search=pen&sort=price_asc'));
    await waitFor(() => expect(searches(net.calls).map((r) => r.indexName)).toContain('articles_price_asc'));
    fireEvent.change(sort, { target: { value: 'articles' } });
    await waitFor(() => expect(where()).toBe('/products?search=pen'));
    // A sort the shop does not know is ignored: relevance.
    expect(parseProductsQuery('?sort=name_asc').sort).toBeUndefined();
  });

  it('opens with the refinements of its URL, and a change writes them back', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<ProductsPage />, server, { path: '/products?brand=Bic&features=Kleur%3A+blauw&price=1%3A10' });
    await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 15_000 });
    const main = searches(net.calls).find((r) => (r.params?.hitsPerPage ?? r.hitsPerPage) === 30)!;
    const params = main.params ?? main;
    expect(JSON.stringify(params.facetFilters)).toContain('brand:Bic');
    expect(JSON.stringify(params.facetFilters)).toContain('features.nl:Kleur: blauw');
    expect(params.numericFilters).toEqual(expect.arrayContaining(['price>=1', 'price<=10']));
    const brand = within(screen.getByRole('region', { name: 'Merk' })).getByRole('checkbox', { name: 'Bic (2)' });
    expect(brand).toBeChecked();
    fireEvent.click(brand);
    await waitFor(() => expect(where()).toBe('/products?features=Kleur%3A+blauw&price=1%3A10'));
  });

  it('shows the refinements in use as chips above the results: one removes itself, "clear all" removes every one and keeps the query', async () => {
    signedIn(basketOf([]));
    await renderShop(<ProductsPage />, server, { path: '/products?search=pen&brand=Bic&features=Kleur%3A+blauw&price=1%3A10' });
    const chips = await screen.findByRole('region', { name: 'Gekozen filters' }, { timeout: 15_000 });
    expect(within(chips).getByRole('button', { name: 'Filter Merk: Bic wissen' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Filter Kenmerken: Kleur: blauw wissen' })).toBeInTheDocument();
    fireEvent.click(within(chips).getByRole('button', { name: 'Filter Merk: Bic wissen' }));
    await waitFor(() => expect(where()).toBe('/products?search=pen&features=Kleur%3A+blauw&price=1%3A10'));
    fireEvent.click(within(screen.getByRole('region', { name: 'Gekozen filters' })).getByRole('button', { name: 'Alles wissen' }));
    await waitFor(() => expect(where()).toBe('/products?search=pen'));
    expect(screen.queryByRole('region', { name: 'Gekozen filters' })).toBeNull();
  });

  it('shows the ten most frequent brands, and the others behind "more"', async () => {
    signedIn(basketOf([]));
    const brands = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`Merk ${String(i + 1).padStart(2, '0')}`, 40 - i]));
    const many = (call: RecordedCall) => {
      const answer = server(call) as { body: any };
      if (call.url.hostname === 'search.test') for (const r of answer.body.results) r.facets = { ...r.facets, brand: brands };
      return answer;
    };
    await renderShop(<ProductsPage />, many, { path: '/products' });
    const region = await screen.findByRole('region', { name: 'Merk' }, { timeout: 15_000 });
    await waitFor(() => expect(within(region).getAllByRole('checkbox')).toHaveLength(10));
    fireEvent.click(within(region).getByRole('button', { name: 'Meer tonen' }));
    await waitFor(() => expect(within(region).getAllByRole('checkbox')).toHaveLength(14));
    expect(within(region).getByRole('checkbox', { name: 'Merk 14 (27)' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Minder tonen' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('the product page leads back to the results it was opened from, and says its price is excluding VAT', async () => {
    signedIn(basketOf([]));
    const withArticle = (call: RecordedCall) => {
      if (call.url.pathname === '/api/supplier-articles/id') {
        return { body: { result: { ...hit(1), id: 'art-1', tax: 21, supplierId: 's1', minOrderQuant: 1, images: [], attributes: [], shortDescriptions: [], longDescriptions: [], type: 'regular' } } };
      }
      if (call.url.pathname === '/api/supplier-articles/offers') return { body: { result: [] } };
      return server(call);
    };
    await renderShop(<Routes><Route path="/products" element={<ProductsPage />} /><Route path="/products/:id" element={<ProductRoute />} /></Routes>,
      withArticle, { path: '/products?search=pen&brand=Bic' });
    const card = await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 15_000 });
    fireEvent.click(within(card).getByRole('link', { name: 'Papier 1' }));
    expect(await screen.findByText('Prijs exclusief btw (21% btw komt erbij)', {}, { timeout: 15_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Terug naar de zoekresultaten' }));
    await waitFor(() => expect(where()).toBe('/products?search=pen&brand=Bic'));
  });

  it('lets a product link leave the page: the widgets unmounting do not write the search back', async () => {
    signedIn(basketOf([]));
    await renderShop(<Routes><Route path="/products" element={<ProductsPage />} /><Route path="/products/:id" element={<p>product page</p>} /></Routes>,
      server, { path: '/products?categories=Kantoor' });
    const card = await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 15_000 });
    fireEvent.click(within(card).getByRole('link', { name: 'Papier 1' }));
    expect(await screen.findByText('product page')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(where()).toBe('/products/art-1');
  });
});
