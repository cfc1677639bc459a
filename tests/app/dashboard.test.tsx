import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardWidgets } from '../../src/app/features/dashboard/DashboardWidgets';
import { HomePage } from '../../src/app/shell/pages/HomePage';
import { RESOURCE_ENDPOINTS } from '../../generated/app/endpoints.gen';
import { createDataProvider } from '../../src/app/data';
import { PlatformDashboard } from '../../src/app/features/dashboard/PlatformDashboard';
import { ShopDashboard } from '../../src/app/features/dashboard/ShopDashboard';
import { useShopDashboard } from '../../src/app/features/dashboard/useShopDashboard';
import { clearSession, readSession, writeSession } from '../../src/app/session/store';
import { user } from './helpers';
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
    // The widget leads to the approval inbox, where several are approved at once.
    expect(screen.getByRole('link', { name: 'Go to the orders to approve' })).toHaveAttribute('href', '/orders/to-approve');
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

  it("calls a buyer's own orders waiting for a budget their task of assigning one, not approving", async () => {
    signedIn();
    const tasks = { body: { result: [{ id: 'order:o2', action: 'assignBudgets', orderId: 'o2', orderNumber: 'ACM-2026-000002', orderDate: order.orderDate, status: 'toApproveBudget', orderedBy: 'Bert Buyer', totalCost: '15.07' }] } };
    await renderShop(<DashboardWidgets />, api({ count: { body: { result: { count: 1, byStatus: { toApproveBudget: 1 } } } }, tasks }), { language: 'en' });
    const widget = await screen.findByRole('region', { name: 'Assign a budget' });
    expect(within(widget).getByText('1 order is waiting for a budget')).toBeInTheDocument();
    expect(within(widget).getByRole('link', { name: 'Go to the orders without a budget' })).toHaveAttribute('href', '/orders/to-approve');
    // The status's name ("Budget to approve") is not repeated as if it were an approval.
    expect(within(widget).queryByText(/to approve/i)).toBeNull();
    expect(screen.queryByRole('region', { name: 'To approve' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'My tasks' })).getByRole('link', { name: /^Assign a budget: ACM-2026-000002/ })).toHaveAttribute('href', '/order-detail/o2');
  });

  it('says "assign a budget" in Dutch and French too, and keeps "to approve" for whoever also decides', async () => {
    const onlyBudgets = { count: { body: { result: { count: 2, byStatus: { toApproveBudget: 2 } } } } };
    signedIn();
    const nl = (await renderShop(<DashboardWidgets />, api(onlyBudgets), { language: 'nl' })).view;
    expect(await screen.findByRole('region', { name: 'Budget toewijzen' })).toHaveTextContent('2 bestellingen wachten op een budget');
    nl.unmount();
    signedIn();
    const fr = (await renderShop(<DashboardWidgets />, api(onlyBudgets), { language: 'fr' })).view;
    expect(await screen.findByRole('region', { name: 'Attribuer un budget' })).toHaveTextContent('2 commandes attendent un budget');
    fr.unmount();
    signedIn();
    await renderShop(<DashboardWidgets />, api({ count: { body: { result: { count: 3, byStatus: { toApprove: 1, toApproveBudget: 2 } } } } }), { language: 'fr' });
    const approving = await screen.findByRole('region', { name: 'À approuver' });
    expect(approving).toHaveTextContent('3 commandes vous attendent');
    expect(screen.queryByRole('region', { name: 'Attribuer un budget' })).toBeNull();
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

describe('the home page', () => {
  it('says the signed-in user could not be loaded when /users/me fails, instead of a spinner that never ends', async () => {
    await renderShop(<HomePage />, api(), { session: { ensure: () => Promise.reject(new Error('503 serverBusy')) } });
    expect(await screen.findByText('Fout bij het ophalen van de aangemelde gebruiker.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

/** The shop content of the dashboard: banners, articles to order again, promoted articles, popular categories. */
const article = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id, articleNumberSupplier: `A-${id}`, title: { nl: `${title} (nl)`, en: title, fr: `${title} (fr)` }, price: '4.95', priceQuantity: 1,
  supplierName: 'Papier NV', image: `/api/demo-images/paper.svg`, ...extra,
});
const category = (id: string, en: string, count: number) => ({
  id, parentId: 'top', level: 1, descriptions: [{ languageCode: 'en', description: en }], hierarchy: { nl: `Kantoor > ${en}`, en: `Office > ${en}`, fr: `Bureau > ${en}` },
  subCategories: [], amountOfArticles: count, imageUrl: null, sequenceNumber: 1, popular: true,
});
type ShopCall = 'banners' | 'promoted' | 'recent' | 'top' | 'popular';
const shopApi = (over: Partial<Record<ShopCall, { status?: number; body?: unknown }>> = {}): Respond => (call) => {
  const path = call.url.pathname;
  if (path === '/api/offers/active') return over.banners ?? { body: [{ id: 'b1', description: 'Wintersolden', title: { nl: 'Wintersolden', en: 'Winter sale', fr: "Soldes d'hiver" }, imageUrl: null, linkUrl: '/products?search=koffie', startDate: null, endDate: '2026-12-31' }] };
  if (path === '/api/supplier-articles/query-promoted') return over.promoted ?? { body: { result: { items: [article('p1', 'Promoted pen')], total: 25 } } };
  if (path === '/api/v2/supplier-articles/query-recent') return over.recent ?? { body: { items: [article('r1', 'Copy paper A4'), article('r2', 'Stapler')] } };
  if (path === '/api/v2/supplier-articles/query-top') return over.top ?? { body: { items: [article('t1', 'Coffee beans')] } };
  if (path === '/api/v2/product-categories/popular') return over.popular ?? { body: { items: [category('k1', 'Paper', 120), category('k2', 'Pens', 40)] } };
  return api()(call);
};

/** The shop part with its reads, as HomePage gives them (whether the user's latest orders list any). */
function Shop({ hasOrders = false }: { hasOrders?: boolean }) {
  return <ShopDashboard state={useShopDashboard()} hasOrders={hasOrders} />;
}

describe('the shop dashboard', () => {
  it('shows the active banners, the articles to order again, promoted articles and popular categories, each card linking to its product', async () => {
    signedIn();
    const { net } = await renderShop(<Shop />, shopApi(), { language: 'en' });
    const banner = await screen.findByRole('article', { name: 'Winter sale' });
    expect(within(banner).getByText('Until 31 Dec 2026')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/products?search=koffie');

    const again = await screen.findByRole('list', { name: 'Order again' });
    expect(await within(again).findByRole('link', { name: 'Copy paper A4' })).toHaveAttribute('href', '/products/r1');
    expect(within(again).getByRole('link', { name: 'Stapler' })).toHaveAttribute('href', '/products/r2');
    expect(within(again).getAllByText('€4.95')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Ordered most' })).getByRole('link', { name: 'Coffee beans' })).toHaveAttribute('href', '/products/t1');
    const featured = screen.getByRole('region', { name: 'Featured' });
    expect(within(featured).getByRole('link', { name: 'Promoted pen' })).toHaveAttribute('href', '/products/p1');
    expect(within(featured).getByText('1 of 25')).toBeInTheDocument();
    const popular = screen.getByRole('list', { name: 'Popular categories' });
    expect(within(popular).getByRole('link', { name: 'Paper (120)' })).toHaveAttribute('href', `/products?categories=${encodeURIComponent('Office > Paper').replace(/%20/g, '+')}`);

    // The spec's calls: promoted with skip 0 and take 20, for the acting company.
    const promotedCall = net.calls.find((c) => c.url.pathname === '/api/supplier-articles/query-promoted')!;
    expect(promotedCall.body).toEqual({ query: { customerId: 'c1', skip: 0, take: 20 } });
    const recentCall = net.calls.find((c) => c.url.pathname === '/api/v2/supplier-articles/query-recent')!;
    expect(recentCall.body).toEqual({ query: { customerId: 'c1', skip: 0, take: 8 } });
  });

  it('a company that never ordered is shown the way to the catalogue and the popular categories instead of empty rows', async () => {
    signedIn();
    await renderShop(<Shop />, shopApi({ recent: { body: { items: [] } }, top: { body: { items: [] } }, banners: { body: [] } }), { language: 'nl' });
    const first = await screen.findByRole('region', { name: 'Plaats je eerste bestelling' });
    expect(within(first).getByRole('link', { name: 'Naar de catalogus' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('region', { name: 'Opnieuw bestellen' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Meest besteld' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Paper (120)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acties' })).toBeNull();
  });

  it("never says the company has not ordered beside the user's latest orders (an order without catalogue articles leaves no row to order again)", async () => {
    signedIn();
    await renderShop(<Shop hasOrders />, shopApi({ recent: { body: { items: [] } }, top: { body: { items: [] } }, banners: { body: [] } }), { language: 'nl' });
    expect(await screen.findByRole('link', { name: 'Paper (120)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plaats je eerste bestelling' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Opnieuw bestellen' })).toBeNull();
  });

  it('a row whose call fails says so and the others still show', async () => {
    signedIn();
    await renderShop(<Shop />, shopApi({ promoted: { status: 500, body: { errorCode: 'internalError', message: 'x' } } }), { language: 'fr' });
    const featured = await screen.findByRole('region', { name: 'À la une' });
    expect(await within(featured).findByText("Cette partie du tableau de bord n'a pas pu être chargée.")).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Copy paper A4 (fr)' })).toHaveAttribute('href', '/products/r1');
  });
});

describe('the platform dashboard', () => {
  it('lists the admin screens a super admin may open, each with its number of records and a link', async () => {
    const admin = user({ userType: 1, customerAccess: [], email: 'superadmin@demo.test' });
    writeSession({ loggedIn: true, user: admin, activeCustomerAccessId: null, activeCustomerId: null, permissions: { customerId: null, permissions: [] }, tenantSettings: { defaultContractsCustomerId: null, supportedLanguages: ['NL', 'EN', 'FR'], currency: 'EUR' } });
    const totals: Record<string, number> = { '/api/admin/offers/query': 4, '/api/v2/suppliers': 12 };
    const respond: Respond = (call) => {
      const total = totals[call.url.pathname];
      if (total === undefined) return { status: 403, body: { errorCode: 'forbidden', message: 'no' } };
      return call.method === 'POST' ? { body: { result: { items: [{ id: 'x' }], total, skip: 0, take: 1 } } } : { body: { items: [{ id: 'x' }], total, page: 1, pageSize: 1 } };
    };
    await renderShop(<PlatformDashboard session={readSession()} />, respond, {
      language: 'en', dataProvider: (http, i18n) => createDataProvider({ http, endpoints: RESOURCE_ENDPOINTS, i18nProvider: i18n.i18nProvider }),
    });
    expect(await screen.findByRole('heading', { name: 'Platform administration' })).toBeInTheDocument();
    expect(await screen.findByTestId('platform-count-offers')).toHaveTextContent('4');
    expect(await screen.findByTestId('platform-count-suppliers')).toHaveTextContent('12');
    expect(screen.getByRole('link', { name: 'Open Banners' })).toHaveAttribute('href', '/ycAdmin/offers');
    // A list the server refuses shows no number rather than a wrong one.
    expect(await screen.findByTestId('platform-count-warehouses')).toHaveTextContent('–');
  });
});
