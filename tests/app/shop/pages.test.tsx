import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ProductPage } from '../../../src/app/features/marketplace/ProductPage';
import { OrderDetailPage } from '../../../src/app/features/orders/OrderDetailPage';
import { OrdersPage } from '../../../src/app/features/orders/OrdersPage';
import { TransporterPage } from '../../../src/app/features/basket/checkout/TransporterPage';
import { readSession, writeSession } from '../../../src/app/session/store';
import type { Transporter } from '../../../src/app/common/types';
import type { RecordedCall } from '../helpers';
import { basketOf, line, renderShop, signedIn, eachTestAMinuteLater } from './harness';

eachTestAMinuteLater('2026-01-01T10:00:00Z');

const where = () => screen.getByLabelText('path').textContent;
const article = {
  id: 'art-1', customerId: null, articleNumberSupplier: 'NR-1', title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: 'Papier copie A4' },
  price: '24.50', priceQuantity: 5, minOrderQuant: 1, currency: 'EUR', tax: 21, brand: 'Navigator', supplierId: 's1', supplierName: 'Papier NV',
  stock: 0, estimateDeliveryDays: 2, image: null, images: [], available: true, promoted: false, ean: null, categoryId: null, categoryHierarchy: null,
  shortDescriptions: [{ languageCode: 'nl', description: 'Wit papier' }], longDescriptions: [{ languageCode: 'nl', description: 'Regel een\nRegel twee' }],
  manufacturer: null, supplierShippingCost: null, minimumOrderPrice: null, type: 'regular',
  attributes: [{ productAttributeId: 'paper', name: { nl: 'Papier', en: 'Paper', fr: 'Papier' }, description: { nl: '80 g/m²', en: '80 gsm', fr: '80 g/m²' } }],
};

describe('/products/{id}', () => {
  it("shows the article in the interface language, and 'mail me' when it is out of stock", async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<ProductPage id="art-1" />, (call: RecordedCall) => {
      if (call.url.pathname === '/api/supplier-articles/id') return { body: { result: article } };
      if (call.url.pathname === '/api/customers/articleMailRequest') return { body: { result: { id: 'm1', createdAt: '2026-01-01' } } };
      return { body: null };
    }, { path: '/products/art-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kopieerpapier A4' })).toBeInTheDocument();
    expect(net.calls.find((c) => c.url.pathname === '/api/supplier-articles/id')!.body).toEqual({ query: { id: 'art-1', customerId: 'c1' } });
    expect(screen.getByText('€ 24,50 per 5')).toBeInTheDocument();
    expect(screen.getByText(/Regel een\s+Regel twee/)).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.getByText('2 werkdagen')).toBeInTheDocument();
    // Its features, each under its name in the interface language.
    const feature = screen.getByText('80 g/m²');
    expect(feature.tagName).toBe('DD');
    expect(feature.previousElementSibling).toHaveTextContent('Papier');
    expect(screen.queryByRole('button', { name: /In winkelmandje/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mail me wanneer het terug op voorraad is' }));
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname === '/api/customers/articleMailRequest')).toBe(true));
    expect(net.calls.find((c) => c.url.pathname === '/api/customers/articleMailRequest')!.body).toEqual({ supplierArticleId: 'art-1' });
    expect((await screen.findAllByText('We mailen je zodra dit product terug op voorraad is.')).length).toBeGreaterThan(0);
  });

  it('offers every supplier of the article, the cheapest first and marked, opened on the offer of its address; the basket takes the offer chosen', async () => {
    signedIn(basketOf([]));
    const cheap = { ...article, id: 'art-2', articleNumberSupplier: 'NR-2', supplierId: 's2', supplierName: 'Kantoor BV', price: '21.00', stock: 40 };
    const dear = { ...article, stock: 12 };
    const priced = (o: typeof article, unit: string, shipping: string) => ({
      article: o, price: { supplierArticleId: o.id, articleId: 'a1', supplierId: o.supplierId, supplierName: o.supplierName, articleNumberSupplier: o.articleNumberSupplier,
        quantity: 1, unitPriceExcl: unit, totalExcl: unit, shippingCost: shipping, totalIncl: unit, unitCostWithShipping: unit, minOrderQuant: 1, stock: o.stock, estimateDeliveryDays: 2 },
    });
    const { net } = await renderShop(<ProductPage id="art-1" />, (call: RecordedCall) => {
      if (call.url.pathname === '/api/supplier-articles/id') return { body: { result: dear } };
      if (call.url.pathname === '/api/supplier-articles/offers') return { body: { result: [priced(cheap, '4.20', '0.00'), priced(dear, '5.90', '4.95')] } };
      if (call.url.pathname.startsWith('/api/v2/transporters')) return { body: basketOf([]) };
      return { body: null };
    }, { path: '/products/art-1' });
    const choice = await screen.findByRole('radiogroup', { name: 'Aangeboden door 2 leveranciers' });
    expect(net.calls.find((c) => c.url.pathname === '/api/supplier-articles/offers')!.body).toEqual({ query: { id: 'art-1', customerId: 'c1' } });
    // The page opens on the offer of its address (the one a search card shows): its price and number.
    expect(within(choice).getByRole('radio', { name: /Papier NV/ })).toBeChecked();
    expect(screen.getByText('€ 24,50 per 5', { selector: 'p' })).toBeInTheDocument();
    // The cheapest is listed first and marked; choosing it shows its price.
    expect(within(choice).getAllByRole('radio')[0]).toHaveAccessibleName(/Kantoor BV/);
    expect(within(choice).getByText('Laagste prijs')).toBeInTheDocument();
    fireEvent.click(within(choice).getByRole('radio', { name: /Kantoor BV/ }));
    expect(screen.getByText('€ 21,00 per 5', { selector: 'p' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /In winkelmandje/ }));
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname.startsWith('/api/v2/transporters/update'))).toBe(true));
    expect(JSON.stringify(net.calls.find((c) => c.url.pathname.startsWith('/api/v2/transporters/update'))!.body)).toContain('"art-2"');
  });

  it('says clearly when the article is not there (404 SupplierArticleNotFound)', async () => {
    signedIn(basketOf([]));
    await renderShop(<ProductPage id="gone" />,
      () => ({ status: 404, body: { errorCode: 'SupplierArticleNotFound', message: 'x' } }), { path: '/products/gone' });
    expect(await screen.findByRole('heading', { name: 'Dit product bestaat niet of is niet beschikbaar voor jou' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de producten' })).toHaveAttribute('href', '/products');
  });
});

describe('/transporter', () => {
  const basket = () => ({ ...basketOf([line('a', 2, 5), line('b', 1, null, { supplierId: 's2', supplierName: 'Kabel BV' })]),
    suppliers: [
      { supplierId: 's1', supplierName: 'Papier NV', productCostExcl: '9.90', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: '50.00', belowMinimum: true },
      { supplierId: 's2', supplierName: 'Kabel BV', productCostExcl: '4.95', shippingCost: '0.00', freeShippingFrom: null, minimumOrderPrice: null, belowMinimum: false },
    ] });

  function server(call: RecordedCall) {
    if (call.url.pathname === '/api/customeraddressbook/bycustomerid') {
      return { body: { result: [{ id: 'ad1', name: 'Hoofdkantoor', contactName: null, phone: null, address: { street: 'Kerkstraat', houseNumber: '1', city: 'Gent' }, isPrimary: true, oneTime: false }] } };
    }
    if (call.url.pathname === '/api/v2/transporters/update' && call.method === 'POST') return { body: { result: basketOf([line('a', 2, 5)]) } };
    if (call.url.pathname === '/api/v2/orders/transporter') return { body: { result: { id: 'o1', orderNumber: 'B-0001', status: 'toApprove' } } };
    if (call.url.pathname === '/api/v2/transporters/load') return { body: { result: basketOf([]) } };
    if (call.url.pathname === '/api/v2/transporters/validate') return { body: { result: { valid: true, problems: [] } } };
    return { body: null };
  }

  it('groups lines per supplier with shipping notices and shows the totals', async () => {
    signedIn(basket());
    await renderShop(<TransporterPage />, server, { path: '/transporter' });
    const papier = await screen.findByRole('region', { name: 'Papier NV' });
    expect(within(papier).getByRole('link', { name: 'Artikel a' })).toBeInTheDocument();
    expect(papier).toHaveTextContent('Verzendkosten: € 7,50. Gratis verzending vanaf € 100,00.');
    expect(papier).toHaveTextContent('minimumbedrag van € 50,00');
    expect(screen.getByRole('region', { name: 'Kabel BV' })).toHaveTextContent('Gratis verzending.');
    const totals = screen.getByLabelText('Totalen');
    expect(totals).toHaveTextContent('Producten excl. btw€ 4,95');
    expect(totals).toHaveTextContent('Totaal€ 15,07');
  });

  it('removes a line with POST /v2/transporters/update {dto} and places the order', async () => {
    signedIn(basket());
    const { net } = await renderShop(<TransporterPage />, server, { path: '/transporter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Artikel b verwijderen' }));
    await waitFor(() => expect((readSession().basket as Transporter).transporterLines).toHaveLength(1));
    const removal = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v2/transporters/update')!;
    expect((removal.body as any).dto.transporterLines).toEqual([{ amount: 2, transporterArticle: { id: 'a' } }]);

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Leveringsadres' })).toHaveTextContent('Hoofdkantoor'));
    fireEvent.click(screen.getByRole('button', { name: 'Bestelling plaatsen' }));
    await waitFor(() => expect(where()).toBe('/order-detail/o1'));
    const order = net.calls.find((c) => c.url.pathname === '/api/v2/orders/transporter')!;
    expect(order.body).toMatchObject({ customerId: 'c1', userId: 'u1', shippingDetails: { addressId: 'ad1' } });
  });
});

describe('/orders and /order-detail/{id}', () => {
  it('lists the orders with their translated status and total, linked to their detail', async () => {
    signedIn(basketOf([]), 'POINTS');
    const { net } = await renderShop(<OrdersPage />, (call) => (call.url.pathname === '/api/v2/orders'
      ? { body: { items: [{ id: 'o1', orderNumber: 'B-0001', orderDate: '2026-01-05T09:30:00Z', status: 'toApprove', totalCost: '12.34' }], total: 1 } }
      : { body: null }), { path: '/orders', language: 'en' });
    const row = (await screen.findByRole('link', { name: 'B-0001' })).closest('tr')!;
    expect(row).toHaveTextContent('To approve');
    expect(row).toHaveTextContent('1.234 pts');
    expect(screen.getByRole('link', { name: 'B-0001' })).toHaveAttribute('href', '/order-detail/o1');
    // The list page asks for the model's order (newest first), which is also the server's default, a buyer's own orders, archived ones left out.
    expect(Object.fromEntries(net.calls.find((c) => c.url.pathname === '/api/v2/orders')!.url.searchParams))
      .toEqual({ page: '1', pageSize: '20', sort: 'orderDate', order: 'DESC', orderedBy: 'u1', excludeInactive: 'true' });
    expect(screen.getByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Which orders' })).toBeNull();
  });

  it("lets a validator switch between the company's orders and their own, and filter by status", async () => {
    signedIn(basketOf([]));
    const session = readSession();
    writeSession({ user: { ...session.user!, customerAccess: session.user!.customerAccess.map((a) => ({ ...a, roles: ['validator'] })) } });
    const { net } = await renderShop(<OrdersPage />, (call) => (call.url.pathname === '/api/v2/orders'
      ? { body: { items: [{ id: 'o1', orderNumber: 'B-0001', orderDate: '2026-01-05T09:30:00Z', status: 'toApprove', totalCost: '12.34' }], total: 1 } }
      : { body: null }), { path: '/orders', language: 'en' });
    const asked = () => net.calls.filter((c) => c.url.pathname === '/api/v2/orders').map((c) => Object.fromEntries(c.url.searchParams));
    expect(await screen.findByRole('heading', { name: "The company's orders" })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'B-0001' });
    expect(asked()[0]).not.toHaveProperty('orderedBy');
    fireEvent.click(within(screen.getByRole('group', { name: 'Which orders' })).getByRole('button', { name: 'My orders' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ orderedBy: 'u1' }));
    expect(screen.getByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance approval' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ orderedBy: 'u1', orderState: 'financeApproval' }));
  });

  it('filters by a supplier order number and by orders not yet ordered from their supplier (flows §3)', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<OrdersPage />, (call) => (call.url.pathname === '/api/v2/orders'
      ? { body: { items: [], total: 0 } }
      : { body: null }), { path: '/orders', language: 'en' });
    const asked = () => net.calls.filter((c) => c.url.pathname === '/api/v2/orders').map((c) => Object.fromEntries(c.url.searchParams));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Supplier order number' }), { target: { value: 'DEV-2026-000001-1' } });
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ gcsNumber: 'DEV-2026-000001-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not yet ordered from the supplier' }));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ gcsNumber: 'DEV-2026-000001-1', onlyUnOrdered: 'true' }));
  });

  it('saves the filters shown as the user\'s default: the buttons wait for the answer, the session keeps what the server saved', async () => {
    signedIn(basketOf([]));
    let answer: (value: unknown) => void = () => undefined;
    const respond = (call: RecordedCall) => {
      if (call.url.pathname === '/api/v2/orders') return { body: { items: [], total: 0 } };
      if (call.url.pathname === '/api/user-settings') return new Promise((resolve) => { answer = resolve; }).then(() => ({ body: { ...readSession().user!, listFilters: (call.body as { listFilters: unknown }).listFilters } }));
      return { body: null };
    };
    const { net } = await renderShop(<OrdersPage />, respond, { path: '/orders?filter=%7B%22about%22%3A%22printer%22%7D', language: 'en' });
    const save = await screen.findByRole('button', { name: 'Save as my default' }, { timeout: 15_000 });
    fireEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(net.calls.find((c) => c.url.pathname === '/api/user-settings')!.body).toEqual({ listFilters: { orders: expect.objectContaining({ about: 'printer' }) } });
    answer(undefined);
    await waitFor(() => expect(save).toBeEnabled());
    expect(readSession().user!.listFilters).toEqual({ orders: expect.objectContaining({ about: 'printer' }) });
  });

  it("keeps its filters and page in the URL (a reload shows them again); /orders itself opens with the user's saved filters", async () => {
    signedIn(basketOf([]));
    const session = readSession();
    writeSession({ user: { ...session.user!, listFilters: { orders: { orderState: 'approved', excludeInactive: true } } } });
    const respond = (call: RecordedCall) => (call.url.pathname === '/api/v2/orders'
      ? { body: { items: [{ id: `o${call.url.searchParams.get('page')}`, orderNumber: `B-000${call.url.searchParams.get('page')}`, orderDate: '2026-01-05T09:30:00Z', status: 'approved', totalCost: '12.34' }], total: 45 } }
      : { body: null });
    const first = await renderShop(<OrdersPage />, respond, { path: '/orders', language: 'en' });
    const asked = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/v2/orders').map((c) => Object.fromEntries(c.url.searchParams));
    await screen.findByRole('link', { name: 'B-0001' });
    expect(asked(first.net.calls)[0]).toMatchObject({ page: '1', orderState: 'approved', excludeInactive: 'true' });
    fireEvent.change(screen.getByRole('textbox', { name: 'About' }), { target: { value: 'printer' } });
    await waitFor(() => expect(asked(first.net.calls).at(-1)).toMatchObject({ page: '1', orderState: 'approved', about: 'printer' }));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByRole('link', { name: 'B-0002' });
    const url = where()!;
    expect(new URLSearchParams(url.split('?')[1]).get('page')).toBe('2');
    first.view.unmount();

    const reloaded = await renderShop(<OrdersPage />, respond, { path: url, language: 'en' });
    await screen.findByRole('link', { name: 'B-0002' });
    expect(asked(reloaded.net.calls)).toEqual([expect.objectContaining({ page: '2', orderState: 'approved', about: 'printer', excludeInactive: 'true' })]);
    reloaded.view.unmount();

    const menu = await renderShop(<OrdersPage />, respond, { path: '/orders', language: 'en' });
    await screen.findByRole('link', { name: 'B-0001' });
    expect(asked(menu.net.calls)[0]).not.toHaveProperty('about');
    expect(asked(menu.net.calls)[0]).toMatchObject({ page: '1', orderState: 'approved' });
  });

  it("lists an approved order's supplier orders on its page, each linked to its own page", async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o1'
      ? { body: { result: { id: 'o1', orderNumber: 'B-0001', status: 'approved', totalCost: '30.00', orderLines: [] } } }
      : call.url.pathname === '/api/supplier-orders/query'
        ? { body: { result: { items: [{ id: 's1', gcsNumber: 'B-0001-1', supplierName: 'Bruneau', status: 'WAITFORDELIVERY', totalIncl: '30.00' }], total: 1, skip: 0, take: 100 } } }
        : { body: null }), { path: '/order-detail/o1', language: 'en' });
    const section = await screen.findByRole('region', { name: 'Supplier orders' });
    expect(await within(section).findByRole('link', { name: 'Open supplier order B-0001-1' })).toHaveAttribute('href', '/supplier-orders/B-0001-1');
    expect(section).toHaveTextContent('Waiting for delivery');
    expect(section).toHaveTextContent('Bruneau');
    // Asked for this order's supplier orders only.
    expect(net.calls.find((c) => c.url.pathname === '/api/supplier-orders/query')!.body).toMatchObject({ query: { orderId: 'o1' } });
  });

  it('shows one order with its lines', async () => {
    signedIn(basketOf([]));
    await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o1'
      ? { body: { result: { id: 'o1', orderNumber: 'B-0001', status: 'approved', totalCost: '30.00',
        orderLines: [{ id: 'l1', title: { nl: 'Kopieerpapier A4' }, articleNumberSupplier: 'NR-1', unitPrice: '24.50', amount: 1, totalLineCostExcl: '24.50' }] } } }
      : { body: null }), { path: '/order-detail/o1' });
    expect(await screen.findByRole('heading', { name: 'Bestelling B-0001' })).toBeInTheDocument();
    // The status shows beside the title and among the order's facts.
    expect(screen.getAllByText('Goedgekeurd')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Kopieerpapier A4' })).toBeInTheDocument();
    // No points spent: no discount line.
    expect(screen.queryByText('Korting met punten')).toBeNull();
  });

  it("offers the order's PDF in the user's language: viewed in a new tab or downloaded, read with the user's company", async () => {
    signedIn(basketOf([]));
    const createObjectURL = vi.fn(() => 'blob:order');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o1'
      ? { body: { result: { id: 'o1', orderNumber: 'B-0001', status: 'approved', totalCost: '30.00', orderLines: [] } } }
      : call.url.pathname === '/api/v2/orders/o1/pdf' ? { body: '%PDF-' } : { body: null }), { path: '/order-detail/o1', language: 'fr' });
    await screen.findByRole('heading', { name: 'Commande B-0001' });
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger le PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const download = net.calls.find((c) => c.url.pathname === '/api/v2/orders/o1/pdf')!;
    expect(download.url.search).toBe('');
    expect(download.headers.get('X-Customer-Id')).toBe('c1');
    fireEvent.click(screen.getByRole('button', { name: 'Voir le PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:order'));
    expect(net.calls.filter((c) => c.url.pathname === '/api/v2/orders/o1/pdf').map((c) => c.url.search)).toEqual(['', '?inline=true']);
  });

  it("follows a mail's link to an order of the user's other company: switches to it first, then reads the order", async () => {
    signedIn(basketOf([]));
    const session = readSession();
    const other = { id: 'a2', userId: 'u1', customerId: 'c2', customer: { id: 'c2', name: 'Globex SA', vatNumber: null, domain: null }, active: true, roles: ['validator'] };
    writeSession({ user: { ...session.user!, customerAccess: [...session.user!.customerAccess, other] } });
    const switched: string[] = [];
    const switchCustomer = async (accessId: string) => {
      switched.push(accessId);
      return writeSession({ activeCustomerAccessId: accessId, activeCustomerId: 'c2' });
    };
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o2'
      ? { body: { result: { id: 'o2', orderNumber: 'G-0002', status: 'toApprove', totalCost: '30.00', orderLines: [] } } }
      : { body: null }), { path: '/order-detail/o2?company=c2', session: { switchCustomer } as never });
    expect(await screen.findByRole('heading', { name: 'Bestelling G-0002' })).toBeInTheDocument();
    expect(switched).toEqual(['a2']);
    const reads = net.calls.filter((c) => c.url.pathname === '/api/v2/orders/o2');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((c) => c.headers.get('X-Customer-Id') === 'c2')).toBe(true);
    expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/order-detail/o2');
    expect(await screen.findByText(/Globex SA/)).toBeInTheDocument();
  });

  it("stays on an order that cannot be read and says why, instead of react-admin's redirect to the list", async () => {
    signedIn(basketOf([]));
    await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o9'
      ? { status: 404, body: { errorCode: 'OrderNotFound', message: 'Order not found' } }
      : { body: null }), { path: '/order-detail/o9' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bestelling niet gevonden.');
    expect(where()).toBe('/order-detail/o9');
  });

  it("changes a line's amount through its call, waiting for the answer; a refusal says why, named after the line", async () => {
    signedIn(basketOf([]));
    let answer!: (reply: { status?: number; body?: unknown }) => void;
    const detail = { id: 'o3', orderNumber: 'B-0003', status: 'toApprove', totalCost: '30.00', decisions: { editLines: true },
      orderLines: [{ id: 'l1', title: { nl: 'Kopieerpapier A4' }, articleNumberSupplier: 'NR-1', unitPrice: '24.50', amount: 1, totalLineCostExcl: '24.50' },
        { id: 'l2', title: { nl: 'Nietjes' }, articleNumberSupplier: 'NR-2', unitPrice: '2.75', amount: 2, totalLineCostExcl: '5.50' }] };
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o3'
      ? { body: { result: detail } }
      : call.url.pathname === '/api/v2/order-lines/l1' ? new Promise((resolve) => { answer = resolve; }) : { body: null }), { path: '/order-detail/o3' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Aantal van Kopieerpapier A4' }), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aantal van Kopieerpapier A4 bewaren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aantal van Kopieerpapier A4 bewaren' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Nietjes verwijderen' })).toBeDisabled();
    expect(net.calls.find((c) => c.url.pathname === '/api/v2/order-lines/l1')).toMatchObject({ method: 'PUT', body: { amount: 9 } });
    answer({ status: 400, body: { errorCode: 'NotEnoughStock', message: 'x', details: [{ path: 'amount', rule: 'NotEnoughStock', message: 'x' }] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Kopieerpapier A4: Je kan niet meer bestellen dan de beschikbare voorraad.');
    expect(screen.getByRole('button', { name: 'Aantal van Kopieerpapier A4 bewaren' })).toBeEnabled();
  });

  it("takes a budget off the order through its call, waiting for the answer; a refusal says why", async () => {
    signedIn(basketOf([]));
    let answer!: (reply: { status?: number; body?: unknown }) => void;
    const detail = { id: 'o4', orderNumber: 'B-0004', status: 'toApproveBudget', totalCost: '24.50', decisions: { budgets: true },
      budgets: [{ id: 'b1', name: 'Marketing', remaining: '100.00', amount: '500.00', period: 'monthly' }],
      orderLines: [{ id: 'l1', title: { nl: 'Kopieerpapier A4' }, articleNumberSupplier: 'NR-1', unitPrice: '24.50', amount: 1, totalLineCostExcl: '24.50', budgetId: 'b1' }] };
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o4'
      ? { body: { result: detail } }
      : call.url.pathname === '/api/v2/orders/o4/remove-budget' ? new Promise((resolve) => { answer = resolve; }) : { body: null }), { path: '/order-detail/o4' });
    fireEvent.click(await screen.findByRole('button', { name: 'Budget Marketing verwijderen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Budget Marketing verwijderen' })).toBeDisabled());
    expect(net.calls.find((c) => c.url.pathname === '/api/v2/orders/o4/remove-budget')).toMatchObject({ body: { budgetId: 'b1' } });
    answer({ status: 404, body: { errorCode: 'BudgetNotFound', message: 'x' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Budget niet gevonden.');
    expect(screen.getByRole('button', { name: 'Budget Marketing verwijderen' })).toBeEnabled();
  });

  it('archives the order and locks its transactions through their calls, each button waiting for its answer; a refusal is a toast with its message', async () => {
    signedIn(basketOf([]));
    const held: ((reply: { status?: number; body?: unknown }) => void)[] = [];
    const detail = { id: 'o5', orderNumber: 'B-0005', status: 'approved', totalCost: '24.50', archived: false, decisions: { archive: true, lockTransactions: true }, orderLines: [] };
    const { net } = await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o5'
      ? { body: { result: detail } }
      : call.url.pathname === '/api/v2/orders/o5/archive' || call.url.pathname === '/api/v2/orders/o5/lock-transactions' ? new Promise((resolve) => { held.push(resolve); }) : { body: null }), { path: '/order-detail/o5' });
    fireEvent.click(await screen.findByRole('button', { name: 'Archiveren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Archiveren' })).toBeDisabled());
    expect(net.calls.find((c) => c.url.pathname === '/api/v2/orders/o5/archive')).toMatchObject({ method: 'PATCH', body: { archived: true } });
    held[0]!({ status: 409, body: { errorCode: 'OrderNotFound', message: 'x' } });
    expect(await screen.findByText('Bestelling niet gevonden.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Archiveren' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Transacties vergrendelen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Transacties vergrendelen' })).toBeDisabled());
    expect(net.calls.find((c) => c.url.pathname === '/api/v2/orders/o5/lock-transactions')).toMatchObject({ method: 'PATCH', body: { locked: true } });
    held[1]!({ body: { result: detail } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Transacties vergrendelen' })).toBeEnabled());
  });

  it('shows the points discount of an order paid partly with points', async () => {
    signedIn(basketOf([]));
    await renderShop(<Routes><Route path="/order-detail/:id" element={<OrderDetailPage />} /></Routes>, (call) => (call.url.pathname === '/api/v2/orders/o2'
      ? { body: { result: { id: 'o2', orderNumber: 'B-0002', status: 'toApprove', loyaltyDiscount: '1.00', totalCost: '29.00', orderLines: [] } } }
      : { body: null }), { path: '/order-detail/o2' });
    expect(await screen.findByRole('heading', { name: 'Bestelling B-0002' })).toBeInTheDocument();
    expect(screen.getByText('Korting met punten')).toBeInTheDocument();
    expect(screen.getByText(/−\s*€\s?1,00/)).toBeInTheDocument();
  });
});
