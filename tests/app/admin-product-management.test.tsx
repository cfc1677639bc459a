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

const A_JPG = 'https://img.example.com/a.jpg';
const B_JPG = 'https://img.example.com/b.jpg';
const NEW_PNG = '/api/article-images/aaaaaaaa-0000-4000-8000-000000000009';
const CAT = '0c000000-0000-4000-8000-000000000001';
const S1 = '05000000-0000-4000-8000-000000000001';
const S2 = '05000000-0000-4000-8000-000000000002';

const superAdmin = { signedIn: true, me: user({ id: 'u9', email: 'superadmin@demo.test', userType: 1, customerAccess: [] }) };

const ARTICLE = {
  id: 'a1', customerId: null, createdAt: '2025-03-01T08:00:00.000Z', updatedAt: '2025-03-04T10:00:00.000Z',
  title: { nl: 'Kopieerpapier A4', en: 'Copy paper A4', fr: null }, shortDescription: null, longDescription: null,
  brand: 'Atlas', manufacturer: null, ean: '5412345678900', pnNumber: null, categoryId: CAT, marketplaceId: null, family: null,
  available: true, keywords: ['papier'], image: 'https://img.example.com/a.jpg', images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
  attributes: [],
};
const OTHER = { ...ARTICLE, id: 'a2', title: { nl: null, en: 'Stapler', fr: 'Agrafeuse' }, brand: 'Rapid', ean: '5400000000002', available: false, images: [], image: null };

const offer = (id: string, supplierId: string, supplierName: string, number: string, price: string) => ({
  id, customerId: null, createdAt: ARTICLE.createdAt, updatedAt: ARTICLE.updatedAt, articleId: 'a1', supplierId, supplierName,
  articleNumberSupplier: number, price, priceQuantity: 1, minOrderQuant: 1, currency: 'EUR', tax: 21, stock: 12, estimateDeliveryDays: 2,
  supplierShippingCost: null, minimumOrderPrice: null, type: 'Regular', title: ARTICLE.title,
});
const OFFERS = [offer('o1', S1, 'Papyrus NV', 'PAP-A4', '4.50'), offer('o2', S2, 'Office Depot', 'OD-123', '4.90')];
const SUPPLIERS = [
  { id: S1, name: 'Papyrus NV', productUrlTemplate: 'https://papyrus.example.com/p/{articleNumber}' },
  { id: S2, name: 'Office Depot', productUrlTemplate: null },
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
      if (p === '/api/admin/product-categories/query') return { body: { result: { items: [{ id: CAT, name: { nl: 'Papier', en: 'Paper', fr: 'Papier' } }], total: 1 } } };
      if (p === '/api/admin/marketplaces/query') return { body: { result: { items: [{ id: 'm1', name: 'Kantoor' }], total: 1 } } };
      if (p === '/api/admin/supplier-articles/per-article/a1') return { body: { result: OFFERS } };
      if (p === '/api/admin/suppliers/query') {
        const { ids, search } = (call.body as { query?: { ids?: string[]; search?: string } }).query ?? {};
        const items = SUPPLIERS.filter((s) => (!ids || ids.includes(s.id)) && (!search || s.name.toLowerCase().includes(search.toLowerCase())));
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
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas', available: false, categoryId: CAT }));

    // the next visit, without the filters in the address: the remembered "superadmin product management" filter
    fireEvent.click(screen.getByRole('link', { name: 'Kopieerpapier A4' }));
    const back = await screen.findByRole('link', { name: 'Terug naar productbeheer' });
    expect(back).toHaveAttribute('href', '/ycAdmin/product-management');
    fireEvent.click(back);
    await waitFor(() => expect(window.location.pathname).toBe('/ycAdmin/product-management'));
    await screen.findByRole('table', { name: 'Productbeheer' });
    expect(lastQueryTo(calls, '/api/admin/articles/query')).toMatchObject({ search: 'atlas', available: false, categoryId: CAT });
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

const offerRow = (number: string) => within(screen.getByRole('table', { name: 'Aanbiedingen' })).getByText(number).closest('tr')!;
const priceRows = () => within(screen.getByRole('table', { name: 'Prijs per aanbieding' })).getAllByRole('row').slice(1);

describe('an article (/ycAdmin/product-management/{id})', () => {
  beforeAll(loadAdminArea, 120_000);
  afterEach(() => { vi.unstubAllGlobals(); });

  async function openArticle(answer: Answer = () => undefined) {
    const calls = await open('/ycAdmin/product-management/a1', answer);
    expect(await screen.findByRole('heading', { name: 'Kopieerpapier A4', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Aanbiedingen' });
    return calls;
  }

  it("saves the article's data: its titles and the rest as the form holds them", async () => {
    const calls = await openArticle((call) => (call.url.pathname === '/api/admin/articles/update'
      ? { body: { result: { ...ARTICLE, title: { ...ARTICLE.title, nl: 'Printpapier A4' }, updatedAt: '2025-03-05T10:00:00.000Z' } } } : undefined));
    const title = screen.getByRole('textbox', { name: /^Titel \(NL\)/ });
    expect(title).toHaveValue('Kopieerpapier A4');
    expect(screen.getByRole('textbox', { name: /^Titel \(EN\)/ })).toHaveValue('Copy paper A4');
    expect(screen.getByRole('textbox', { name: /^Merk/ })).toHaveValue('Atlas');
    fireEvent.change(title, { target: { value: 'Printpapier A4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/articles/update')).toHaveLength(1));
    const { dto } = bodiesTo(calls, '/api/admin/articles/update')[0]!;
    expect(dto).toMatchObject({ id: 'a1', title: { nl: 'Printpapier A4', en: 'Copy paper A4' }, brand: 'Atlas', ean: '5412345678900', categoryId: CAT, available: true,
      keywords: ['papier'] });
    expect(dto).not.toHaveProperty('createdAt');
    // the images are saved apart: the form's save never undoes an image change made meanwhile
    expect(dto).not.toHaveProperty('images');
    expect(dto).not.toHaveProperty('image');
    expect(await screen.findByText('Het artikel is opgeslagen.')).toBeInTheDocument();
  });

  it('makes an image the main one, reorders and removes them, each saved at once with the article; what the form has typed stays', async () => {
    // the server keeps each change: the article read again is the changed one
    let current = ARTICLE;
    const calls = await openArticle((call) => {
      if (call.url.pathname === '/api/admin/articles/update') {
        const { dto } = call.body as { dto: Partial<typeof ARTICLE> };
        current = { ...current, ...dto, updatedAt: new Date(Date.parse(current.updatedAt) + 1000).toISOString() };
        return { body: { result: current } };
      }
      return call.url.pathname === '/api/admin/articles/a1' ? { body: { result: current } } : undefined;
    });
    const images = screen.getByRole('region', { name: 'Afbeeldingen' });
    const list = within(images).getByRole('list', { name: 'Afbeeldingen van het artikel' });
    expect(within(list).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([A_JPG, B_JPG]);
    expect(within(list).getByRole('listitem', { name: 'Afbeelding 1, Hoofdafbeelding' })).toBeInTheDocument();
    // a change typed in the form, not saved yet
    fireEvent.change(screen.getByRole('textbox', { name: /^Merk/ }), { target: { value: 'Atlas Pro' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Hoofdafbeelding maken: Afbeelding 2' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/articles/update')).toHaveLength(1));
    expect(bodiesTo(calls, '/api/admin/articles/update')[0]).toEqual({ dto: { id: 'a1', images: [B_JPG, A_JPG], image: B_JPG } });
    expect(await screen.findByText('De afbeeldingen zijn opgeslagen.')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Verwijderen: Afbeelding 2' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/articles/update')).toHaveLength(2));
    expect(bodiesTo(calls, '/api/admin/articles/update')[1]).toEqual({ dto: { id: 'a1', images: [B_JPG], image: B_JPG } });
    await waitFor(() => expect(within(list).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([B_JPG]));
    expect(screen.getByRole('textbox', { name: /^Merk/ })).toHaveValue('Atlas Pro');
  });

  it("uploads an image through the article's first offer, and shows it once the article is read again", async () => {
    let uploaded = false;
    const calls = await openArticle((call) => {
      if (call.url.pathname === '/api/admin/supplier-articles/o1/upload') {
        uploaded = true;
        return { body: { result: { ...OFFERS[0], image: A_JPG, images: [A_JPG, B_JPG, NEW_PNG] } } };
      }
      if (call.url.pathname === '/api/admin/articles/a1' && uploaded) return { body: { result: { ...ARTICLE, images: [A_JPG, B_JPG, NEW_PNG], updatedAt: '2025-03-06T10:00:00.000Z' } } };
      return undefined;
    });
    const images = screen.getByRole('region', { name: 'Afbeeldingen' });
    fireEvent.change(within(images).getByLabelText('Kies een afbeelding om toe te voegen'), { target: { files: [new File([new Uint8Array(20)], 'nieuw.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/upload'))).toHaveLength(1));
    const [sent] = calls.filter((c) => c.url.pathname.endsWith('/upload'));
    expect(sent!.url.pathname).toBe('/api/admin/supplier-articles/o1/upload');
    expect((sent!.form?.get('file') as File).name).toBe('nieuw.png');
    const list = within(images).getByRole('list', { name: 'Afbeeldingen van het artikel' });
    await waitFor(() => expect(within(list).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([A_JPG, B_JPG, NEW_PNG]));
    expect(bodiesTo(calls, '/api/admin/articles/update')).toEqual([]);
  });

  it('says in words that an article without an offer cannot take an upload; its images can still be ordered and removed', async () => {
    const calls = await open('/ycAdmin/product-management/a1', (call) => (call.url.pathname === '/api/admin/supplier-articles/per-article/a1' ? { body: { result: [] } }
      : call.url.pathname === '/api/admin/articles/update' ? { body: { result: ARTICLE } } : undefined));
    const images = await screen.findByRole('region', { name: 'Afbeeldingen' }, { timeout: 15_000 });
    expect(await within(images).findByText(/Een afbeelding wordt opgeladen via een aanbieding van dit artikel, en het heeft er nog geen/)).toBeInTheDocument();
    expect(within(images).queryByLabelText('Kies een afbeelding om toe te voegen')).toBeNull();
    expect(within(images).queryByText('Afbeelding toevoegen')).toBeNull();
    fireEvent.click(within(images).getByRole('button', { name: 'Verwijderen: Afbeelding 1' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/articles/update')).toEqual([{ dto: { id: 'a1', images: [B_JPG], image: B_JPG } }]));
  });

  it('adds an attribute with its name and value in the languages', async () => {
    const calls = await openArticle((call) => (call.url.pathname === '/api/admin/articles/update' ? { body: { result: ARTICLE } } : undefined));
    const attributes = screen.getByRole('group', { name: 'Kenmerken' });
    fireEvent.click(within(attributes).getByRole('button', { name: 'Kenmerk toevoegen' }));
    fireEvent.change(await within(attributes).findByRole('textbox', { name: /^Kenmerk/ }), { target: { value: 'format' } });
    fireEvent.change(within(attributes).getByRole('textbox', { name: /^Naam \(NL\)/ }), { target: { value: 'Formaat' } });
    fireEvent.change(within(attributes).getByRole('textbox', { name: /^Omschrijving \(NL\)/ }), { target: { value: 'A4' } });
    fireEvent.change(within(attributes).getByRole('textbox', { name: /^Omschrijving \(FR\)/ }), { target: { value: 'A4 (FR)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/articles/update')).toHaveLength(1));
    expect(bodiesTo(calls, '/api/admin/articles/update')[0]!.dto.attributes).toEqual([
      { productAttributeId: 'format', name: expect.objectContaining({ nl: 'Formaat' }), description: expect.objectContaining({ nl: 'A4', fr: 'A4 (FR)' }) },
    ]);
  });

  it("shows the server's refusal of a field under it, in the user's language", async () => {
    await openArticle((call) => (call.url.pathname === '/api/admin/articles/update'
      ? { status: 400, body: { errorCode: 'validationFailed', message: 'Validation failed', details: [{ path: 'dto.ean', rule: 'maxLength', message: 'too long' }] } } : undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const ean = screen.getByRole('textbox', { name: /^EAN/ });
    await waitFor(() => expect(ean).toHaveAttribute('aria-invalid', 'true'));
    expect(ean).toHaveAccessibleDescription(/te lang/i);
  });

  it('lists the offers; what a buyer pays per offer follows the quantity asked, cheapest first', async () => {
    const calls = await openArticle();
    const papyrus = offerRow('PAP-A4');
    expect(within(papyrus).getByText('Papyrus NV')).toBeInTheDocument();
    expect(within(papyrus).getByText('€ 4,50')).toBeInTheDocument();
    expect(lastQueryTo(calls, '/api/admin/supplier-articles/queryEvaluatedPrices')).toEqual({ articleId: 'a1' });
    await waitFor(() => expect(priceRows()).toHaveLength(2));
    expect(within(priceRows()[0]!).getByText('Goedkoopst')).toBeInTheDocument();
    expect(within(priceRows()[0]!).getByText('Papyrus NV')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Aantal' }), { target: { value: '10' } });
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/supplier-articles/queryEvaluatedPrices')).toEqual({ articleId: 'a1', quantity: 10 }));
    // 10 × 4.50 + 5.00 shipping, 21 % VAT
    await waitFor(() => expect(within(priceRows()[0]!).getByText('€ 60,50')).toBeInTheDocument());
    expect(within(priceRows()[0]!).getByText('€ 5,00')).toBeInTheDocument();
  });

  it("adds an offer; a number the supplier already has is refused in the user's language", async () => {
    let refuse = true;
    const calls = await openArticle((call) => {
      if (call.url.pathname !== '/api/admin/supplier-articles/create') return undefined;
      if (refuse) return { status: 409, body: { errorCode: 'SupplierArticleAlreadyExists', message: 'exists' } };
      return { body: { result: offer('o3', S2, 'Office Depot', 'OD-999', '3.99') } };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aanbieding toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanbieding toevoegen' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Leverancier/ }), { target: { value: 'Office' } });
    await waitFor(() => expect(lastQueryTo(calls, '/api/admin/suppliers/query')).toMatchObject({ search: 'Office' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office Depot' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Artikelnummer leverancier/ }), { target: { value: 'OD-999' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Prijs/ }), { target: { value: '3,99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Dit leveranciersartikelnummer bestaat al.')).toBeInTheDocument();
    expect(bodiesTo(calls, '/api/admin/supplier-articles/create')[0]).toEqual({
      dto: expect.objectContaining({ articleId: 'a1', supplierId: S2, articleNumberSupplier: 'OD-999', price: '3.99', priceQuantity: 1, minOrderQuant: 1, tax: 21, estimateDeliveryDays: 1 }),
    });
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aanbieding toevoegen' })).toBeNull());
    expect(bodiesTo(calls, '/api/admin/supplier-articles/create')).toHaveLength(2);
  });

  it("changes an offer's price, and what a buyer pays is read again", async () => {
    const calls = await openArticle((call) => (call.url.pathname === '/api/admin/supplier-articles/update'
      ? { body: { result: { ...OFFERS[1], price: '3.90' } } } : undefined));
    await waitFor(() => expect(priceRows()).toHaveLength(2));
    const pricesAsked = bodiesTo(calls, '/api/admin/supplier-articles/queryEvaluatedPrices').length;
    fireEvent.click(within(offerRow('OD-123')).getByRole('button', { name: 'Aanbieding OD-123 wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanbieding OD-123 wijzigen' });
    const price = within(dialog).getByRole('textbox', { name: /^Prijs/ });
    expect(price).toHaveValue('4.90');
    fireEvent.change(price, { target: { value: '3,90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(calls, '/api/admin/supplier-articles/update')).toEqual([{ dto: expect.objectContaining({ id: 'o2', price: '3.90', supplierId: S2, articleNumberSupplier: 'OD-123' }) }]);
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/supplier-articles/queryEvaluatedPrices').length).toBeGreaterThan(pricesAsked));
  });

  it('says an offer is re-indexed only once the server did it, and why not when it refused', async () => {
    let answer!: (reply: Reply) => void;
    const calls = await openArticle((call) => (call.url.pathname === '/api/admin/supplier-articles/set-as-modified'
      ? new Promise<Reply>((resolve) => { answer = resolve; }) : undefined));
    fireEvent.click(within(offerRow('PAP-A4')).getByRole('button', { name: 'Aanbieding PAP-A4 opnieuw indexeren' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/supplier-articles/set-as-modified')).toEqual([{ id: 'o1' }]));
    expect(within(offerRow('PAP-A4')).getByRole('button', { name: 'Aanbieding PAP-A4 opnieuw indexeren' })).toBeDisabled();
    expect(screen.queryByText(/wordt opnieuw in de zoekindex geschreven/)).toBeNull();
    await act(async () => { answer({ body: { result: true } }); });
    expect(await screen.findByText('Aanbieding PAP-A4 wordt opnieuw in de zoekindex geschreven.')).toBeInTheDocument();

    fireEvent.click(within(offerRow('OD-123')).getByRole('button', { name: 'Aanbieding OD-123 opnieuw indexeren' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/admin/supplier-articles/set-as-modified')).toEqual([{ id: 'o1' }, { id: 'o2' }]));
    await act(async () => { answer({ status: 404, body: { errorCode: 'SupplierArticleNotFound', message: 'not found' } }); });
    expect(await screen.findByText('Leveranciersartikel niet gevonden.')).toBeInTheDocument();
    expect(screen.queryByText(/wordt opnieuw in de zoekindex geschreven/)).toBeNull();
  });

  it("opens an offer's page on the supplier's site from the supplier's template; a supplier without one has no link", async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const calls = await openArticle((call) => (call.url.pathname === '/api/admin/supplier-articles/eval-url-template'
      ? { body: { result: { url: 'https://papyrus.example.com/p/PAP-A4', placeholders: ['articleNumber'] } } } : undefined));
    const link = await within(offerRow('PAP-A4')).findByRole('button', { name: 'Productpagina van PAP-A4 bij de leverancier' });
    expect(within(offerRow('OD-123')).queryByRole('button', { name: /Productpagina/ })).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://papyrus.example.com/p/PAP-A4', '_blank', 'noopener,noreferrer'));
    expect(bodiesTo(calls, '/api/admin/supplier-articles/eval-url-template')).toEqual([{ template: 'https://papyrus.example.com/p/{articleNumber}', supplierArticleId: 'o1' }]);
    expect(within(offerRow('PAP-A4')).getByRole('link', { name: /papyrus\.example\.com\/p\/PAP-A4/ })).toHaveAttribute('href', 'https://papyrus.example.com/p/PAP-A4');
  });

  it('tests a URL template: its placeholders, or the refusal of an unknown one in the user\'s language', async () => {
    const calls = await openArticle((call) => {
      if (call.url.pathname !== '/api/admin/supplier-articles/eval-url-template') return undefined;
      const { template } = call.body as { template: string };
      return template.includes('{sku}')
        ? { status: 400, body: { errorCode: 'UrlTemplatePlaceholderUnknown', message: 'unknown' } }
        : { body: { result: { url: null, placeholders: ['articleNumber', 'ean'] } } };
    });
    const tester = screen.getByRole('region', { name: 'URL-sjabloon testen' });
    fireEvent.change(within(tester).getByRole('textbox', { name: 'Sjabloon' }), { target: { value: 'https://x.example.com/{sku}' } });
    fireEvent.click(within(tester).getByRole('button', { name: 'Testen' }));
    expect(await within(tester).findByText(/De URL-sjabloon bevat een onbekende plaatshouder/)).toBeInTheDocument();
    fireEvent.change(within(tester).getByRole('textbox', { name: 'Sjabloon' }), { target: { value: 'https://x.example.com/{articleNumber}?ean={ean}' } });
    fireEvent.click(within(tester).getByRole('button', { name: 'Testen' }));
    expect(await within(tester).findByText('Plaatshouders: articleNumber, ean')).toBeInTheDocument();
    expect(within(tester).queryByText(/onbekende plaatshouder/)).toBeNull();
    expect(bodiesTo(calls, '/api/admin/supplier-articles/eval-url-template').at(-1)).toEqual({ template: 'https://x.example.com/{articleNumber}?ean={ean}' });
  });
});
