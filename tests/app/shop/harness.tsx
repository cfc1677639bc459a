import type { ComponentType, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore, Notification, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppServicesProvider, useCoreServices } from '../../../src/app/bootstrap/context';
import { defaultDomain } from '../../../src/app/bootstrap/domain';
import type { AppServices } from '../../../src/app/bootstrap/services';
import { createDataProvider } from '../../../src/app/data';
import { createAppQueryClient } from '../../../src/app/data/query-client';
import { RESOURCE_ENDPOINTS } from '../../../generated/app/endpoints.gen';
import { createAppI18n, type AppI18n } from '../../../src/app/i18n';
import { AppToasts } from '../../../src/app/notify/AppToasts';
import { resetBasketQueue } from '../../../src/app/features/basket/store';
import { resetShopSearch } from '../../../src/app/features/marketplace/search/client';
import type { Transporter } from '../../../src/app/common/types';
import { writeSession } from '../../../src/app/session/store';
import { fakeFetch, testHttp, user, type RecordedCall } from '../helpers';

export type Respond = (call: RecordedCall) => { status?: number; body?: unknown } | undefined | Promise<{ status?: number; body?: unknown } | undefined>;

function Where() {
  const location = useLocation();
  return <output aria-label="path">{location.pathname + location.search}</output>;
}

/** Signed in as the buyer acting for c1, with the given basket and tenant currency. */
export function signedIn(basket: Transporter | null = null, currency: 'EUR' | 'POINTS' = 'EUR') {
  writeSession({
    loggedIn: true, user: user(), activeCustomerAccessId: 'a1', activeCustomerId: 'c1',
    permissions: { customerId: 'c1', permissions: [] },
    tenantSettings: { defaultContractsCustomerId: null, supportedLanguages: ['NL', 'EN', 'FR'], currency },
    basket,
  });
}

type AnswerLine = Transporter['transporterLines'][number];

/** A basket answer's line, as the server sends it. */
export function line(id: string, amount: number, stock: number | null, extra: Partial<AnswerLine['transporterArticle']> = {}): AnswerLine {
  return {
    amount, giftCard: null,
    transporterArticle: {
      id, articleNumberSupplier: `A-${id}`, title: { nl: `Artikel ${id}`, en: `Article ${id}`, fr: `Article ${id}` }, price: '4.95', priceQuantity: 1,
      minOrderQuant: 1, type: 'Regular', image: null, shortDescriptions: [], stock, supplierId: 's1', supplierName: 'Papier NV', tax: 21, currency: 'EUR', available: true, ...extra,
    },
    totalLineCostExcl: '4.95', totalLineCostIncl: '5.99',
  };
}

export function basketOf(lines: AnswerLine[]): Transporter {
  return {
    id: 't1', userId: 'u1', customerId: 'c1', transporterLines: lines,
    transporterShippingDetails: { addressId: null, departmentId: null, projectId: null, about: null, remark: null, loyaltyPoints: null },
    suppliers: [{ supplierId: 's1', supplierName: 'Papier NV', productCostExcl: '4.95', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: null, belowMinimum: false }],
    totalProductCostExcl: '4.95', totalProductCostIncl: '5.99', totalShippingCost: '7.50', totalShippingCostVat: '1.58', totalCost: '15.07',
    itemCount: lines.reduce((n, l) => n + l.amount, 0),
  };
}

/**
 * One shop component at a path, inside react-admin's context (i18n nl, notifications shown), with
 * the API and the search index answered by `respond` at the fetch edge (also the global fetch the
 * search client's requester uses).
 */
export async function renderShop(ui: ReactNode, respond: Respond, opts: { path?: string; language?: 'nl' | 'en' | 'fr'; authProvider?: AuthProvider; dataProvider?: (http: AppServices['http'], i18n: AppServices['i18n']) => DataProvider; session?: Partial<AppServices['session']> } = {}) {
  resetBasketQueue();
  resetShopSearch();
  // The browser's address too: the marketplace asks it whether the URL is still its own.
  window.history.replaceState(null, '', opts.path ?? '/dashboard');
  const net = fakeFetch(respond);
  vi.stubGlobal('fetch', net.fetch);
  const http = testHttp(net.fetch, opts.language ?? 'nl');
  const i18n = await createAppI18n(opts.language ?? 'nl');
  await i18n.loadAdminTexts(); // react-admin's context, as in an area (areas/use-ra-services.ts)
  const { i18nProvider } = i18n;
  // The app's data provider and its one query client, as in the shop area (bootstrap/services.ts).
  const dataProvider = createDataProvider({ http, endpoints: RESOURCE_ENDPOINTS, i18nProvider });
  const queryClient = createAppQueryClient();
  const services = { domain: defaultDomain(), domainFallback: false, http, i18n, dataProvider, queryClient, session: opts.session } as unknown as AppServices;
  const view = render(
    <AppServicesProvider value={services}>
      <MemoryRouter initialEntries={[opts.path ?? '/dashboard']}>
        <AdminContext i18nProvider={i18nProvider} authProvider={opts.authProvider} dataProvider={opts.dataProvider?.(http, i18n) ?? dataProvider} queryClient={queryClient} store={memoryStore({ locale: opts.language ?? 'nl' })}>
          <Where />
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Notification />
          <AppToasts />
        </AdminContext>
      </MemoryRouter>
    </AppServicesProvider>,
  );
  return { net, http, view };
}

/**
 * Each test of the file starts a minute after the previous one on a fake clock (Date only), so the
 * app-wide 5 s toast window never drops a test's toast because of an earlier test's; afterwards the
 * real clock and globals come back.
 */
export function eachTestAMinuteLater(start: string): void {
  let clock = Date.parse(start);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((clock += 60_000));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/**
 * A wrapper giving its children the app's own i18n in `language` (the core services' one, made anew
 * before each test of the file) and its snackbar, as the shop renders a page of its own (the basket's checkout).
 */
export function appCore(language: 'nl' | 'en' | 'fr' = 'nl'): ComponentType<{ children: ReactNode }> {
  let i18n: AppI18n;
  beforeEach(async () => {
    i18n = await createAppI18n(language);
    await i18n.loadAdminTexts(); // react-admin's context, as in an area (areas/use-ra-services.ts)
  });
  return function WithCore({ children }: { children: ReactNode }) {
    const outer = useCoreServices();
    return <AppServicesProvider value={{ ...outer, i18n }}>{children}<AppToasts /></AppServicesProvider>;
  };
}
