import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ProductManagementPage } from '../../../src/app/features/product-management/ProductManagementPage';
import { ProductManagementDetailPage } from '../../../src/app/features/product-management/ProductManagementDetailPage';
import { readSession, writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop } from './harness';
import { signedInWith } from './invoice-fixtures';

/**
 * The company's product management (flows §2 /product-management and /product-management/{id}, §3
 * product-management filters, §7 Product management): the list's filters and sort as the list
 * call's query (the user's saved default first), a new article's body with its first supplier and
 * a refusal named on its field, and the article page's changes as PATCH bodies.
 */

eachTestAMinuteLater('2030-03-10T09:00:00Z');

const SUPPLIER = { id: 's1', name: 'Papier NV' };
const MARKETPLACE = { id: 'm1', name: 'Kantoor' };
const CATEGORY = { id: 'cat1', parentId: null, level: 0, descriptions: [], hierarchy: { nl: 'Papier', en: 'Paper', fr: 'Papier' }, subCategories: [], amountOfArticles: 3, imageUrl: null, sequenceNumber: 1, popular: false };
const ROW = {
  id: 'a1', customerId: 'c1', title: { nl: 'Kopieerpapier', en: null, fr: null }, brand: null, ean: null, image: null, available: true, family: 'papier',
  marketplaceId: null, categoryId: null, offerCount: 1, supplierId: 's1', supplierName: 'Papier NV', articleNumberSupplier: 'PAP-1', price: '4.95', stock: 12,
  updatedAt: '2030-03-01T09:00:00Z',
};
const OFFER = {
  id: 'sa1', articleId: 'a1', customerId: 'c1', articleNumberSupplier: 'PAP-1', supplierId: 's1', supplierName: 'Papier NV', price: '4.95', priceQuantity: 1,
  minOrderQuant: 1, currency: 'EUR', tax: 21, stock: 12, estimateDeliveryDays: 2, type: 'CustomerDefined', createdAt: '2030-03-01T09:00:00Z', updatedAt: '2030-03-01T09:00:00Z',
};
const ARTICLE = {
  id: 'a1', customerId: 'c1', createdAt: '2030-03-01T09:00:00Z', updatedAt: '2030-03-01T09:00:00Z',
  title: { nl: 'Kopieerpapier', en: 'Copy paper', fr: null }, shortDescription: null, longDescription: null, brand: 'Atlas', manufacturer: null, ean: null,
  pnNumber: null, categoryId: 'cat1', marketplaceId: null, family: 'papier', available: true, keywords: ['papier'],
  image: 'https://img.example/2.jpg', images: ['https://img.example/1.jpg', 'https://img.example/2.jpg', 'https://img.example/3.jpg'],
  attributes: [{ productAttributeId: 'size', name: { nl: 'Formaat', en: 'Size', fr: 'Format' }, description: { nl: 'A4', en: 'A4', fr: 'A4' } }],
  offers: [OFFER],
};

/** The lists the forms and filters choose from; `extra` answers first. */
const server = (extra: (call: RecordedCall) => { status?: number; body?: unknown } | undefined = () => undefined) => (call: RecordedCall) => {
  const own = extra(call);
  if (own) return own;
  const path = call.url.pathname;
  if (path === '/api/product-management' && call.method === 'GET') return { body: { items: [ROW], total: 1, page: 1, pageSize: 20 } };
  if (path === '/api/v2/suppliers') return { body: { items: [SUPPLIER], total: 1 } };
  if (path === '/api/marketplaces') return { body: [MARKETPLACE] };
  if (path === '/api/product-management/categories') return { body: { items: [CATEGORY], total: 1, page: 1, pageSize: 999999 } };
  if (path === '/api/product-attributes') return { body: { items: [{ productAttributeId: 'colour', name: { nl: 'Kleur', en: 'Colour', fr: 'Couleur' } }], total: 1, page: 1, pageSize: 30 } };
  return { body: null };
};

const where = () => screen.getByLabelText('path').textContent ?? '';
const listQueries = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/product-management' && c.method === 'GET').map((c) => Object.fromEntries(c.url.searchParams));

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/product-management', () => {
  it("sends the spec's filters and sort as the list call's query, unavailable articles hidden by default, and shows each article's row", async () => {
    signedInWith(['admin']);
    const OUT = { ...ROW, id: 'a2', title: { nl: 'Nietjes', en: 'Staples', fr: null }, available: false };
    const { net } = await renderShop(<ProductManagementPage />, server((call) => (call.url.pathname === '/api/product-management' && call.method === 'GET'
      ? { body: { items: [ROW, OUT], total: 2, page: 1, pageSize: 20 } } : undefined)), { path: '/product-management', language: 'en' });
    // English asked, no English title: the Dutch one.
    const link = await screen.findByRole('link', { name: 'Kopieerpapier' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/product-management/a1');
    expect(listQueries(net.calls)[0]).toEqual({ page: '1', pageSize: '20', sort: '-createdAt', unavailable: 'exclude' });
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('PAP-1');
    expect(row).toHaveTextContent('Papier NV');
    expect(row).toHaveTextContent('4.95');
    expect(row).toHaveTextContent('12');
    // a phone's table (this window is narrow): no column of availability, which would crush the title; an article out of the shop says so under its title
    expect(screen.queryByRole('columnheader', { name: 'Available' })).toBeNull();
    expect(row).not.toHaveTextContent('Not in the shop');
    expect(screen.getByRole('link', { name: 'Staples' }).closest('td')).toHaveTextContent('Not in the shop');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: ' papier ' } });
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ name: 'papier', page: '1' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Supplier article number' }), { target: { value: 'PAP' } });
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ articleNumberSupplier: 'PAP' }));
    await choose('Supplier', 'Papier NV');
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ supplierId: 's1' }));
    await choose('Marketplace', 'Kantoor');
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ marketplaceId: 'm1' }));
    await choose('Unavailable articles', 'Only these');
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ unavailable: 'only' }));
    await choose('Sort', 'Price (lowest first)');
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toEqual({
      page: '1', pageSize: '20', sort: 'price', name: 'papier', articleNumberSupplier: 'PAP', supplierId: 's1', marketplaceId: 'm1', unavailable: 'only',
    }));

    // A click on the row opens the article.
    fireEvent.click(within(screen.getByRole('link', { name: 'Kopieerpapier' }).closest('tr')!).getByRole('img', { name: 'No image' }));
    await waitFor(() => expect(where()).toBe('/product-management/a1'));
  });

  it("opens with the user's saved default filters and sort, and saves the ones shown as the new default", async () => {
    signedInWith(['admin']);
    const session = readSession();
    writeSession({ user: { ...session.user!, listFilters: { 'product-management': { supplierId: 's1', unavailable: 'include', sort: 'price' } } } });
    const { net } = await renderShop(<ProductManagementPage />, server((call) => (call.url.pathname === '/api/user-settings'
      ? { body: { languageCode: 'EN', phoneNumber: null, landingPage: 'dashboard', listFilters: (call.body as { listFilters: unknown }).listFilters } }
      : undefined)), { path: '/product-management', language: 'en' });
    await screen.findByRole('link', { name: 'Kopieerpapier' }, { timeout: 15_000 });
    expect(listQueries(net.calls)[0]).toEqual({ page: '1', pageSize: '20', sort: 'price', supplierId: 's1', unavailable: 'include' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'papier' } });
    await waitFor(() => expect(listQueries(net.calls).at(-1)).toMatchObject({ name: 'papier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save as my default' }));
    await waitFor(() => expect(readSession().user!.listFilters).toEqual({ 'product-management': { supplierId: 's1', unavailable: 'include', name: 'papier', sort: 'price' } }));
    expect(net.calls.find((c) => c.url.pathname === '/api/user-settings')!.body)
      .toEqual({ listFilters: { 'product-management': { supplierId: 's1', unavailable: 'include', name: 'papier', sort: 'price' } } });
  });

  it('offers a new article only to whoever may create product management articles', async () => {
    signedInWith(['user']);
    await renderShop(<ProductManagementPage />, server(), { path: '/product-management', language: 'en' });
    await screen.findByRole('link', { name: 'Kopieerpapier' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'New article' })).not.toBeInTheDocument();
  });

  /** The new article's form, opened; `answers` are the create call's answers in turn (then the created article). */
  // The create form's journeys type into a dozen MUI fields and pick from three lists in jsdom: a few
  // seconds on a quiet machine, and over 20 s when the machine runs a browser suite beside them (45 s each).
  async function openCreate(answers: { status: number; body: unknown }[] = []) {
    signedInWith(['admin']);
    const { net } = await renderShop(<ProductManagementPage />, server((call) => {
      if (call.url.pathname !== '/api/product-management' || call.method !== 'POST') return undefined;
      return answers.shift() ?? { body: { ...ARTICLE, id: 'new1' } };
    }), { path: '/product-management', language: 'en' });
    fireEvent.click(await screen.findByText('New article', { selector: 'button' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    const field = (name: RegExp) => within(dialog).getByLabelText(name);
    return {
      dialog, field,
      type: (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } }),
      posts: () => net.calls.filter((c) => c.url.pathname === '/api/product-management' && c.method === 'POST'),
      supplier: async () => {
        fireEvent.change(within(dialog).getByLabelText(/^Supplier( \*)?$/), { target: { value: 'Pap' } });
        fireEvent.click(within(await screen.findByRole('listbox')).getByText('Papier NV'));
      },
      submit: () => fireEvent.click(within(dialog).getByText('Create article', { selector: 'button' })),
    };
  }

  it("creates an article with its first supplier: the body has the filled-in fields and the offer's numbers; then the article opens", async () => {
    const { dialog, type, posts, supplier, submit } = await openCreate();
    // Nothing filled in: the form says what is missing and sends nothing.
    submit();
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(4);
    expect(posts()).toHaveLength(0);

    type(/^Title \(NL\)/, ' Kopieerpapier A4 ');
    type(/^Title \(EN\)/, 'Copy paper A4');
    type(/^Short description \(NL\)/, 'Wit, 80 g');
    type(/^Brand/, 'Atlas');
    type(/^Product family/, 'papier-a4');
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'Pap' } });
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Paper'));
    fireEvent.mouseDown(within(dialog).getByLabelText('Marketplace'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Kantoor'));
    const keywords = within(dialog).getByLabelText('Keywords');
    fireEvent.change(keywords, { target: { value: 'papier' } });
    fireEvent.keyDown(keywords, { key: 'Enter' });
    await supplier();
    type(/^Supplier article number/, 'PAP-A4-500');
    type(/^Price \(excl\. VAT\)/, '4,95');
    type(/^Stock/, '100');
    submit();

    await waitFor(() => expect(where()).toBe('/product-management/new1'));
    expect(posts().map((c) => c.body)).toEqual([{
      title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4' }, shortDescription: { nl: 'Wit, 80 g' }, brand: 'Atlas', categoryId: 'cat1', marketplaceId: 'm1',
      family: 'papier-a4', available: true, keywords: ['papier'],
      offers: [{ supplierId: 's1', articleNumberSupplier: 'PAP-A4-500', price: '4,95', priceQuantity: 1, minOrderQuant: 1, tax: 21, stock: 100, estimateDeliveryDays: 1 }],
    }]);
  }, 45_000);

  it("names the server's refusals on their fields: an article's path, the first offer's, a taken article number (also the form's alert)", async () => {
    const { dialog, field, type, posts, supplier, submit } = await openCreate([
      { status: 400, body: { errorCode: 'validationFailed', message: 'x', details: [
        { path: 'title.en', rule: 'maxLength', message: 'x' }, { path: 'offers.0.price', rule: 'maxValue', message: 'x' },
      ] } },
      { status: 409, body: { errorCode: 'SupplierArticleAlreadyExists', message: 'x' } },
    ]);
    type(/^Title \(NL\)/, 'Kopieerpapier A4');
    await supplier();
    type(/^Supplier article number/, 'PAP-A4-500');
    type(/^Price \(excl\. VAT\)/, '4.95');
    submit();
    await waitFor(() => expect(field(/^Title \(EN\)/)).toHaveAccessibleDescription('Too long.'));
    expect(field(/^Price \(excl\. VAT\)/)).toHaveAccessibleDescription('The value is too large.');
    expect(field(/^Title \(NL\)/)).not.toHaveAccessibleDescription();

    submit();
    await waitFor(() => expect(field(/^Supplier article number/)).toHaveAccessibleDescription('This supplier article number already exists.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This supplier article number already exists.');
    expect(field(/^Title \(EN\)/)).not.toHaveAccessibleDescription();
    expect(where()).toBe('/product-management');
    expect(posts()).toHaveLength(2);
  }, 45_000);
});

describe('/product-management/{id}', () => {
  const render = (extra: (call: RecordedCall) => { status?: number; body?: unknown } | undefined = () => undefined) => renderShop(
    <Routes><Route path="/product-management/:id" element={<ProductManagementDetailPage />} /></Routes>,
    server((call) => extra(call) ?? (call.url.pathname === '/api/product-management/a1' ? { body: ARTICLE } : undefined)),
    { path: '/product-management/a1', language: 'en' },
  );
  const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH' && c.url.pathname === '/api/product-management/a1').map((c) => c.body);

  it("saves the article's fields, an offer's own fields and a new offer, the images' order and main one, and takes it out of the shop after a confirmation", async () => {
    signedInWith(['admin']);
    const { net } = await render((call) => (call.method === 'PATCH' ? { body: ARTICLE } : undefined));
    expect(await screen.findByRole('heading', { name: 'Copy paper', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();

    // Article: every field sent, emptied ones cleared; availability is not this form's.
    fireEvent.change(screen.getByLabelText(/^Title \(EN\)/), { target: { value: 'Copy paper white' } });
    fireEvent.change(screen.getByLabelText(/^Brand/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(1));
    expect(patches(net.calls)[0]).toEqual({
      title: { nl: 'Kopieerpapier', en: 'Copy paper white' }, shortDescription: null, longDescription: null, brand: null, manufacturer: null, ean: null, pnNumber: null,
      categoryId: 'cat1', marketplaceId: null, family: 'papier', keywords: ['papier'],
    });

    // Supplier: an offer's change carries its id; a new one none.
    fireEvent.click(screen.getByRole('tab', { name: 'Supplier' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit PAP-1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit offer PAP-1' });
    fireEvent.change(within(dialog).getByLabelText(/^Price \(excl/), { target: { value: '5.10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(2));
    expect(patches(net.calls)[1]).toEqual({ offers: [{ id: 'sa1', supplierId: 's1', articleNumberSupplier: 'PAP-1', price: '5.10', priceQuantity: 1, minOrderQuant: 1, tax: 21, stock: 12, estimateDeliveryDays: 2 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    fireEvent.change(within(dialog).getByLabelText(/^Supplier( \*)?$/), { target: { value: 'Pap' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Papier NV' }));
    fireEvent.change(within(dialog).getByLabelText(/^Supplier article number/), { target: { value: 'PAP-2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price \(excl/), { target: { value: '3.99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(3));
    expect(patches(net.calls)[2]).toEqual({ offers: [{ supplierId: 's1', articleNumberSupplier: 'PAP-2', price: '3.99', priceQuantity: 1, minOrderQuant: 1, tax: 21, stock: null, estimateDeliveryDays: 1 }] });

    // Images: the main one first; another made main goes to the front.
    fireEvent.click(screen.getByRole('tab', { name: 'Images' }));
    const images = await screen.findByRole('list', { name: "The article's images" });
    expect(within(images).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(['https://img.example/2.jpg', 'https://img.example/1.jpg', 'https://img.example/3.jpg']);
    fireEvent.click(within(images).getByRole('button', { name: 'Make main image: Image 3' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(4));
    expect(patches(net.calls)[3]).toEqual({ images: ['https://img.example/3.jpg', 'https://img.example/2.jpg', 'https://img.example/1.jpg'], image: 'https://img.example/3.jpg' });
    fireEvent.click(within(images).getByRole('button', { name: 'Remove: Image 1' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(5));
    expect(patches(net.calls)[4]).toEqual({ images: ['https://img.example/1.jpg', 'https://img.example/3.jpg'], image: 'https://img.example/1.jpg' });

    // Out of the shop: only once confirmed.
    fireEvent.click(screen.getByRole('button', { name: 'Take out of the shop' }));
    dialog = await screen.findByRole('dialog', { name: 'Take the article out of the shop?' });
    expect(patches(net.calls)).toHaveLength(5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take out of the shop' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(6));
    expect(patches(net.calls)[5]).toEqual({ available: false });
  });

  it("lists the family's variants through the list call filtered by family, and adds a new attribute with its names and values", async () => {
    signedInWith(['admin']);
    const variant = { ...ROW, id: 'a2', title: { nl: 'Kopieerpapier A3', en: 'Copy paper A3', fr: null }, articleNumberSupplier: 'PAP-3' };
    const { net } = await render((call) => {
      if (call.url.pathname === '/api/product-management' && call.method === 'GET' && call.url.searchParams.get('family')) {
        return { body: { items: [{ ...ROW, title: ARTICLE.title }, variant], total: 2, page: 1, pageSize: 10 } };
      }
      return call.method === 'PATCH' ? { body: ARTICLE } : undefined;
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Product family and attributes' }, { timeout: 15_000 }));
    expect(await screen.findByRole('link', { name: 'Copy paper A3' })).toHaveAttribute('href', '/product-management/a2');
    expect(listQueries(net.calls).at(-1)).toEqual({ page: '1', pageSize: '10', family: 'papier', unavailable: 'include', sort: 'title' });
    expect(screen.getByText('Size')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add attribute' });
    fireEvent.change(within(form).getByLabelText('Attribute'), { target: { value: 'New' } });
    fireEvent.click(await screen.findByRole('option', { name: 'New attribute' }));
    fireEvent.change(within(form).getByLabelText(/^Name \(NL\)/), { target: { value: 'Gewicht' } });
    fireEvent.change(within(form).getByLabelText(/^Name \(EN\)/), { target: { value: 'Weight' } });
    fireEvent.change(within(form).getByLabelText(/^Value \(NL\)/), { target: { value: '80 g' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(1));
    const { attributes } = patches(net.calls)[0] as { attributes: { productAttributeId: string }[] };
    expect(attributes).toEqual([
      ARTICLE.attributes[0],
      { productAttributeId: expect.any(String), name: { nl: 'Gewicht', en: 'Weight' }, description: { nl: '80 g' } },
    ]);
    expect(attributes[1]!.productAttributeId).not.toBe('size');
  });
});
