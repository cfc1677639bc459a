import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src/app/App';
import { CHAT_BOT_FEATURE } from '../../src/app/shell/assistant/help';
import { createAppI18n, type AppI18n } from '../../src/app/i18n';
import { createSessionLoader } from '../../src/app/session/load';
import { writeSession } from '../../src/app/session/store';
import type { SupplierArticleDto } from '../../src/app/common/types';
import { appServices } from './app-services';
import { fakeFetch, testHttp, user, type RecordedCall } from './helpers';

/**
 * The two tiers of messages (src/app/i18n/index.ts) in the running app: the light shop pages live on
 * the base tier alone and show no untranslated key; a react-admin area renders only once the admin
 * tier (react-admin's texts, resource labels) is loaded.
 */

const ARTICLE = {
  id: 'art-1', customerId: 'c1', articleNumberSupplier: 'NR-1', title: { nl: 'Papier 1', en: 'Paper 1', fr: 'Papier 1' },
  price: '4.95', priceQuantity: 1, minOrderQuant: 5, currency: 'EUR', tax: 21, manufacturer: null, brand: 'Bic', supplierId: 's1',
  supplierName: 'Papier NV', supplierShippingCost: null, minimumOrderPrice: null, stock: 25, estimateDeliveryDays: 2, type: null,
  image: null, images: null, shortDescriptions: [], longDescriptions: [{ languageCode: 'nl', description: 'Wit papier' }],
  categoryId: null, categoryHierarchy: null, available: true, promoted: false, ean: '5400000000001',
} as unknown as SupplierArticleDto;

function hit(n: number) {
  return {
    objectID: `art-${n}`, articleNumberSupplier: `NR-${n}`, title: { nl: `Papier ${n}`, en: `Paper ${n}`, fr: `Papier ${n}` },
    supplierName: 'Papier NV', brand: 'Bic', priceText: '4.95', price: 4.95, priceQuantity: 1, stock: n === 2 ? 0 : 25, available: true,
  };
}

/** The API and the search index at the fetch edge: a signed-in buyer with the chat bot, an empty basket, two hits, one article. */
function server(call: RecordedCall) {
  const path = call.url.pathname;
  if (call.url.hostname === 'search.test') {
    const requests = (call.body as { requests: unknown[] }).requests;
    return {
      body: {
        results: requests.map(() => ({
          hits: [hit(1), hit(2)], nbHits: 2, page: 0, nbPages: 1, hitsPerPage: 30, processingTimeMS: 1, exhaustiveNbHits: true, query: '', params: '',
          facets: { brand: { Bic: 2 }, supplierName: { 'Papier NV': 2 } },
        })),
      },
    };
  }
  if (path === '/api/users/me') return { body: user() };
  if (path.endsWith('/permissions')) return { body: { customerId: 'c1', permissions: [] } };
  if (path.endsWith('/features')) return { body: { features: { [CHAT_BOT_FEATURE]: true } } };
  if (path === '/api/search/credentials') {
    return { body: { result: { appId: 'app', apiKey: 'key', indexName: 'articles', hosts: [{ url: 'search.test', protocol: 'http' }], validUntil: null } } };
  }
  if (path === '/api/v2/transporters/load') return { body: { result: { customerId: 'c1', userId: 'u1', transporterLines: [], itemCount: 0 } } };
  if (path === '/api/supplier-articles/id') return { body: { result: ARTICLE } };
  return { body: null };
}

/** The whole app at `path`, signed in, with the OIDC part faked at the auth provider's edge. */
async function renderApp(path: string, adjust: (i18n: AppI18n) => void = () => {}) {
  window.history.replaceState(null, '', path);
  const net = fakeFetch(server);
  vi.stubGlobal('fetch', net.fetch);
  const http = testHttp(net.fetch);
  const i18n = await createAppI18n('nl');
  adjust(i18n);
  const base = { login: async () => {}, logout: async () => undefined, checkAuth: async () => {}, checkError: async () => {}, getAccessToken: async () => 'token' };
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => true });
  writeSession({ loggedIn: true, user: user() });
  const services = appServices({ http, i18n, session, auth: base });
  render(<App services={services} />);
  return i18n;
}

const LABELS = ['aria-label', 'alt', 'title', 'placeholder', 'aria-valuetext'];

/**
 * Every text and label the page shows from now on, transient ones (spinners) included: a
 * MutationObserver records each text node and labelling attribute as it appears or changes.
 */
function recordTexts(): { texts: Set<string>; stop: () => void } {
  const texts = new Set<string>();
  const note = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) texts.add(node.textContent!.trim());
    if (node instanceof Element) {
      for (const name of LABELS) if (node.hasAttribute(name)) texts.add(node.getAttribute(name)!.trim());
      node.childNodes.forEach(note);
    }
  };
  note(document.body);
  const observer = new MutationObserver((records) => records.forEach((r) => {
    if (r.type === 'childList') r.addedNodes.forEach(note);
    else note(r.target);
  }));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: LABELS });
  return { texts, stop: () => observer.disconnect() };
}

/** A text that is a message key rather than a message: 'ra.page.loading', 'resources.orders.name', 'shop.product.brand'. */
const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the light shop on the base tier of messages', () => {
  it('shows /products, its header, user menu and assistant without one untranslated key, and never loads the admin tier', async () => {
    const recorder = recordTexts();
    const adminLoads = vi.fn();
    await renderApp('/products', (i18n) => {
      const load = i18n.loadAdminTexts;
      i18n.loadAdminTexts = () => { adminLoads(); return load(); };
    });
    expect(await screen.findByRole('article', { name: 'Papier 1' }, { timeout: 10_000 })).toBeInTheDocument();
    // The assistant comes a second after the page; its chat offers the help topics.
    fireEvent.click(await screen.findByRole('button', { name: 'Open de hulpassistent' }, { timeout: 3000 }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sluit de hulpassistent' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /profiel/i }));
    expect(await screen.findByRole('menuitem', { name: /afmelden/i })).toBeInTheDocument();
    recorder.stop();
    expect(recorder.texts).toContain('Laden'); // the page's spinner, recorded while it showed
    expect(recorder.texts).toContain('Menu sluiten');
    expect([...recorder.texts].filter((text) => KEY.test(text))).toEqual([]);
    expect(adminLoads).not.toHaveBeenCalled();
  });

  it('shows /products/{id} without one untranslated key', async () => {
    const recorder = recordTexts();
    await renderApp('/products/art-1');
    expect(await screen.findByRole('heading', { name: 'Papier 1', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Wit papier')).toBeInTheDocument();
    recorder.stop();
    expect([...recorder.texts].filter((text) => KEY.test(text))).toEqual([]);
  });
});

describe('a react-admin area', () => {
  it('renders only once the admin tier of messages is loaded', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const asked = vi.fn();
    const i18n = await renderApp('/dashboard', (i18n) => {
      const load = i18n.loadAdminTexts;
      let gated: Promise<void> | null = null;
      i18n.loadAdminTexts = () => { asked(); return (gated ??= gate.then(load)); };
    });
    // The shop area's chunk loads, asks for the admin tier, and waits for it.
    await waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 10_000 });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByRole('heading', { name: 'Welkom, Bea Buyer' })).toBeNull();
    expect(i18n.i18nProvider.translate('ra.action.save')).toBe('ra.action.save');
    open();
    expect(await screen.findByRole('heading', { name: 'Welkom, Bea Buyer' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(i18n.i18nProvider.translate('ra.action.save')).toBe('Opslaan');
  });
});
