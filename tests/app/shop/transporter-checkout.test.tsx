import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { LoyaltyPoints } from '../../../src/app/features/basket/checkout/LoyaltyPoints';
import { TransporterPage as Page } from '../../../src/app/features/basket/checkout/TransporterPage';
import { readSession, writeSession } from '../../../src/app/session/store';
import type { ShippingDetails, Transporter } from '../../../src/app/common/types';

type TransporterLine = Transporter['transporterLines'][number];
import type { RecordedCall } from '../helpers';
import { basketOf, line, renderShop, signedIn, eachTestAMinuteLater, appCore } from './harness';

/**
 * Issue 4 "Basket" on /transporter: gift-card details, department and project, the one-time address
 * (feature oneTimeAddresses), loyalty points (feature ycoin), supplier notices and the basket check
 * before ordering. The server is answered at the fetch edge; the basket echoes what it was sent.
 */

const WithCore = appCore();
const TransporterPage = () => <WithCore><Page /></WithCore>;

eachTestAMinuteLater('2026-03-01T10:00:00Z');

const ADDRESSES = [{ id: 'ad1', name: 'Hoofdkantoor', contactName: null, phone: null, address: { street: 'Kerkstraat', houseNumber: '1', city: 'Gent' }, isPrimary: true, oneTime: false }];

const giftLine = (id: string, giftCard: TransporterLine['giftCard'] = null): TransporterLine =>
  ({ ...line(id, 1, null, { type: 'GiftCard', title: { nl: `Cadeaubon ${id}`, en: null, fr: null } }), giftCard });

type Extra = (call: RecordedCall) => { status?: number; body?: unknown } | undefined;

/** A server that stores what PUT /v2/transporters/update sends and answers it; `extra` answers first. */
function serverFor(start: Transporter, extra: Extra = () => undefined) {
  let stored = start;
  const respond = (call: RecordedCall) => {
    const special = extra(call);
    if (special) return special;
    const path = call.url.pathname;
    if (path === '/api/customeraddressbook/bycustomerid') return { body: { result: ADDRESSES } };
    if (path === '/api/v2/transporters/update' && call.method === 'PUT') {
      const sent = (call.body as any).transporter;
      stored = {
        ...stored,
        transporterLines: sent.transporterLines.map((l: any, i: number) => ({ ...stored.transporterLines[i]!, amount: l.amount, giftCard: l.giftCard ?? null })),
        transporterShippingDetails: sent.transporterShippingDetails,
      };
      return { body: { result: stored } };
    }
    if (path === '/api/customer-departments/query') return { body: { items: [{ id: 'd1', name: 'Aankoop' }, { id: 'd2', name: 'Productie' }], total: 2 } };
    if (path === '/api/projects') return { body: { items: [{ id: 'p1', name: 'Renovatie', code: 'R1', active: true }, { id: 'p0', name: 'Oud', active: false }], total: 2 } };
    if (path === '/api/loyalty/getYcoinCount') return { body: { result: { points: 2500 } } };
    if (path === '/api/loyalty/calculateDiscount') {
      const points = Number(call.url.searchParams.get('points'));
      return { body: { result: { discount: (points / 100).toFixed(2), pointsUsed: points, balance: 2500 } } };
    }
    if (path === '/api/v2/transporters/validate') return { body: { result: { valid: true, problems: [] } } };
    if (path === '/api/v2/orders/transporter') return { body: { result: { id: 'o1', orderNumber: 'B-0001', status: 'toApprove', loyaltyDiscount: '0.00' } } };
    if (path === '/api/v2/transporters/load') return { body: { result: basketOf([]) } };
    return { body: null };
  };
  return { respond, stored: () => stored };
}

const updates = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/v2/transporters/update');
const lastShipping = (calls: RecordedCall[]) => (updates(calls).at(-1)!.body as any).transporter.transporterShippingDetails as ShippingDetails;

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('gift cards', () => {
  it('shows each gift-card line its own details, blocks until complete and saves them on that line only', async () => {
    const start = basketOf([giftLine('g'), giftLine('g', { recipientName: 'Ann', recipientEmail: 'ann@example.test', value: '25.00' }), line('a', 1, 5)]);
    signedIn(start);
    const server = serverFor(start);
    const { net } = await renderShop(<TransporterPage />, server.respond, { path: '/transporter' });

    const groups = await screen.findAllByRole('group', { name: 'Cadeaubon: Cadeaubon g' });
    expect(groups).toHaveLength(2); // two cards of one article: never merged
    const [first, second] = groups as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('zonder die gegevens kan je niet bestellen');
    expect(second).not.toHaveTextContent('zonder die gegevens kan je niet bestellen');
    expect(within(second).getByRole('textbox', { name: 'Naam ontvanger' })).toHaveValue('Ann');

    // Incomplete: refused here, nothing sent.
    fireEvent.change(within(first).getByRole('textbox', { name: 'Naam ontvanger' }), { target: { value: 'Bob' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Cadeaubon bewaren' }));
    await waitFor(() => expect(within(first).getAllByRole('alert').map((a) => a.textContent)).toContain('Vul de naam en het e-mailadres van de ontvanger en een waarde boven 0 in; zonder die gegevens kan je niet bestellen.'));
    expect(updates(net.calls)).toHaveLength(0);

    fireEvent.change(within(first).getByRole('textbox', { name: 'E-mail ontvanger' }), { target: { value: 'bob@example.test' } });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Waarde in euro' }), { target: { value: '12,5' } });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Boodschap' }), { target: { value: 'Proficiat' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Cadeaubon bewaren' }));
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect((updates(net.calls)[0]!.body as any).transporter.transporterLines).toEqual([
      { amount: 1, giftCard: { recipientName: 'Bob', recipientEmail: 'bob@example.test', message: 'Proficiat', value: '12.50' }, transporterArticle: { id: 'g' } },
      { amount: 1, giftCard: { recipientName: 'Ann', recipientEmail: 'ann@example.test', value: '25.00' }, transporterArticle: { id: 'g' } },
      { amount: 1, transporterArticle: { id: 'a' } },
    ]);
    await waitFor(() => expect(first).not.toHaveTextContent('zonder die gegevens kan je niet bestellen'));
    expect((readSession().basket as Transporter).transporterLines[0]!.giftCard).toMatchObject({ recipientName: 'Bob' });
  });

  it("shows the server's GiftCardDetailsRequired refusal translated in the card", async () => {
    const start = basketOf([giftLine('g')]);
    signedIn(start);
    const server = serverFor(start, (call) => (call.method === 'PUT' ? { status: 400, body: { errorCode: 'GiftCardDetailsRequired', message: 'x', details: [] } } : undefined));
    await renderShop(<TransporterPage />, server.respond, { path: '/transporter' });
    const card = await screen.findByRole('group', { name: 'Cadeaubon: Cadeaubon g' });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Naam ontvanger' }), { target: { value: 'Bob' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'E-mail ontvanger' }), { target: { value: 'bob@example.test' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Waarde in euro' }), { target: { value: '10' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Cadeaubon bewaren' }));
    expect(await within(card).findByText('Vul de gegevens van de cadeaubon in.')).toBeInTheDocument();
  });
});

describe('department and project', () => {
  it("lists the acting customer's departments and active projects and saves the choice with the whole basket", async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    await choose('Afdeling', 'Productie');
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(lastShipping(net.calls)).toMatchObject({ departmentId: 'd2' });
    const departments = net.calls.find((c) => c.url.pathname === '/api/customer-departments/query')!;
    expect(Object.fromEntries(departments.url.searchParams)).toEqual({ page: '1', pageSize: '100', customerId: 'c1' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project' }));
    expect(screen.queryByRole('option', { name: 'Oud' })).toBeNull(); // inactive projects are not offered
    fireEvent.click(await screen.findByRole('option', { name: 'Renovatie (R1)' }));
    await waitFor(() => expect(updates(net.calls)).toHaveLength(2));
    expect(lastShipping(net.calls)).toMatchObject({ departmentId: 'd2', projectId: 'p1' });
    await waitFor(() => expect((readSession().basket as Transporter).transporterShippingDetails).toMatchObject({ departmentId: 'd2', projectId: 'p1' }));
  });

  it('saves about and remark when they are left', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    const about = await screen.findByRole('textbox', { name: 'Betreft' });
    fireEvent.change(about, { target: { value: 'Kantoor' } });
    fireEvent.blur(about);
    await waitFor(() => expect(lastShipping(net.calls)).toMatchObject({ about: 'Kantoor' }));
  });
});

describe('one-time address', () => {
  it('is not offered without the oneTimeAddresses feature', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { ycoin: false } });
    await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    expect(await screen.findByRole('combobox', { name: 'Leveringsadres' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Een eenmalig adres' })).toBeNull();
  });

  it('with the feature: a form whose address is saved without a book entry and sent with the order', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { oneTimeAddresses: true } });
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Een eenmalig adres' }));
    const form = screen.getByRole('group', { name: 'Eenmalig adres' });
    fireEvent.click(within(form).getByRole('button', { name: 'Dit adres gebruiken' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Vul minstens de straat, de postcode en de gemeente in.');
    expect(updates(net.calls)).toHaveLength(0);

    for (const [label, value] of [['Straat', 'Dorpsstraat'], ['Huisnummer', '7'], ['Bus', 'B'], ['Postcode', '1000'], ['Gemeente', 'Brussel']] as const) {
      fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } });
    }
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Land' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['België', 'Nederland', 'Duitsland', 'Frankrijk', 'Verenigd Koninkrijk']);
    fireEvent.click(screen.getByRole('option', { name: 'Verenigd Koninkrijk' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Dit adres gebruiken' }));
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(lastShipping(net.calls)).toMatchObject({
      addressId: null, oneTimeAddress: { street: 'Dorpsstraat', houseNumber: '7', bus: 'B', zipCode: '1000', city: 'Brussel', countryCode: 'EN' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Bestelling plaatsen' }));
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname === '/api/v2/orders/transporter')).toBe(true));
    const order = net.calls.find((c) => c.url.pathname === '/api/v2/orders/transporter')!;
    expect((order.body as any).shippingDetails).toMatchObject({ addressId: null, oneTimeAddress: { city: 'Brussel', countryCode: 'EN' } });
  });
});

describe('loyalty points', () => {
  it('is not offered without the ycoin feature', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    await screen.findByRole('combobox', { name: 'Leveringsadres' });
    expect(screen.queryByRole('textbox', { name: 'In te zetten punten' })).toBeNull();
    expect(net.calls.some((c) => c.url.pathname.startsWith('/api/loyalty/'))).toBe(false);
  });

  it('shows the balance, previews the discount live and stores the points in the shipping details', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { ycoin: true } });
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent('Je hebt 2500 punten.');
    const points = screen.getByRole('textbox', { name: 'In te zetten punten' });
    fireEvent.change(points, { target: { value: '500' } });
    expect(await screen.findByText('Korting: € 5,00 (500 punten gebruikt)')).toBeInTheDocument();
    expect(screen.getByText(/Te betalen na korting: € 10,07/)).toBeInTheDocument(); // 15.07 − 5.00
    const preview = net.calls.find((c) => c.url.pathname === '/api/loyalty/calculateDiscount')!;
    expect(Object.fromEntries(preview.url.searchParams)).toEqual({ cost: '15.07', points: '500', customerId: 'c1' });
    expect(updates(net.calls)).toHaveLength(0);

    fireEvent.blur(points);
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(lastShipping(net.calls)).toMatchObject({ loyaltyPoints: 500 });
    expect(await screen.findByText('De punten worden bij je bestelling verrekend.')).toBeInTheDocument();
  });

  it('says NotEnoughPoints, translated, for more than the balance and sends nothing', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { ycoin: true } });
    const { net } = await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    await screen.findByTestId('loyalty-balance');
    const points = screen.getByRole('textbox', { name: 'In te zetten punten' });
    fireEvent.change(points, { target: { value: '3000' } });
    expect(screen.getByText('Je hebt niet genoeg punten.')).toBeInTheDocument();
    fireEvent.blur(points);
    expect(screen.getByRole('button', { name: 'Punten inzetten' })).toBeDisabled();
    expect(updates(net.calls)).toHaveLength(0);
  });

  it("shows the server's NotEnoughPoints refusal translated", async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { ycoin: true } });
    const server = serverFor(start, (call) => (call.method === 'PUT'
      ? { status: 400, body: { errorCode: 'NotEnoughPoints', message: 'x', details: [{ path: 'transporter.transporterShippingDetails.loyaltyPoints', rule: 'NotEnoughPoints', params: { balance: 100 } }] } }
      : undefined));
    await renderShop(<TransporterPage />, server.respond, { path: '/transporter' });
    await screen.findByTestId('loyalty-balance');
    const points = screen.getByRole('textbox', { name: 'In te zetten punten' });
    fireEvent.change(points, { target: { value: '200' } });
    fireEvent.keyDown(points, { key: 'Enter' });
    await waitFor(() => expect(points).toHaveAccessibleDescription('Je hebt niet genoeg punten.'));
  });
  it('reads the balance again for another stored basket', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    writeSession({ features: { ycoin: true } });
    function NextBasket() {
      const [basket, setBasket] = useState(start);
      return (
        <WithCore>
          <button type="button" onClick={() => setBasket({ ...basket, id: 't2' })}>next basket</button>
          <LoyaltyPoints basket={basket} save={async () => ({ ok: true, basket })} />
        </WithCore>
      );
    }
    const { net } = await renderShop(<NextBasket />, serverFor(start).respond, { path: '/transporter' });
    await screen.findByTestId('loyalty-balance');
    const balanceReads = () => net.calls.filter((c) => c.url.pathname === '/api/loyalty/getYcoinCount').length;
    expect(balanceReads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'next basket' }));
    await waitFor(() => expect(balanceReads()).toBe(2));
  });
});

describe('supplier notices', () => {
  it('shows how much more gives free shipping and that a supplier below its minimum blocks the order', async () => {
    const start: Transporter = {
      ...basketOf([line('a', 2, 5), line('b', 1, null, { supplierId: 's2', supplierName: 'Kabel BV' })]),
      suppliers: [
        { supplierId: 's1', supplierName: 'Papier NV', productCostExcl: '9.90', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: '50.00', belowMinimum: true },
        { supplierId: 's2', supplierName: 'Kabel BV', productCostExcl: '120.00', shippingCost: '0.00', freeShippingFrom: '100.00', minimumOrderPrice: null, belowMinimum: false },
      ],
    };
    signedIn(start);
    await renderShop(<TransporterPage />, serverFor(start).respond, { path: '/transporter' });
    const papier = await screen.findByRole('region', { name: 'Papier NV' });
    expect(papier).toHaveTextContent('Bestel nog voor € 90,10 bij deze leverancier en de verzending is gratis.');
    expect(papier).toHaveTextContent('Zolang het minimumbedrag niet bereikt is, kan je niet bestellen.');
    const kabel = screen.getByRole('region', { name: 'Kabel BV' });
    expect(kabel).toHaveTextContent('Gratis verzending.');
    expect(kabel).not.toHaveTextContent('Bestel nog voor');
    expect(kabel).not.toHaveTextContent('minimumbedrag');
  });
});

describe('the basket check before ordering', () => {
  it('lists the problems, translated with their params, instead of placing the order', async () => {
    const start: Transporter = {
      ...basketOf([line('a', 2, 5), giftLine('g')]),
      suppliers: [{ supplierId: 's1', supplierName: 'Papier NV', productCostExcl: '9.90', shippingCost: '7.50', freeShippingFrom: null, minimumOrderPrice: '50.00', belowMinimum: true }],
    };
    signedIn(start);
    const problems = [
      { errorCode: 'NotEnoughStock', message: 'x', lineIndex: 0, params: { stock: 1 } },
      { errorCode: 'GiftCardDetailsRequired', message: 'x', lineIndex: 1 },
      { errorCode: 'BelowMinimumOrderPrice', message: 'x', supplierId: 's1', params: { minimumOrderPrice: '50.00' } },
      { errorCode: 'TenderLimitExceeded', message: 'x', supplierId: 's1', params: { supplier: 'Papier NV', total: '31250.00', limit: 30000 } },
      { errorCode: 'NotEnoughPoints', message: 'x', params: { balance: 10 } },
    ];
    const server = serverFor(start, (call) => (call.url.pathname === '/api/v2/transporters/validate' ? { body: { result: { valid: false, problems } } } : undefined));
    const { net } = await renderShop(<TransporterPage />, server.respond, { path: '/transporter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Bestelling plaatsen' }));
    const alert = await screen.findByRole('alert', { name: 'Je bestelling kan nog niet geplaatst worden' });
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Artikel a: Je kan niet meer bestellen dan de beschikbare voorraad van 1 stuk.', // i18next's plural: 1 stuk, 2 stuks
      'Cadeaubon g: Vul de gegevens van de cadeaubon in.',
      'Papier NV: Het bedrag bij deze leverancier ligt onder zijn minimale bestelbedrag. (minimum €\u00a050,00)',
      'Papier NV: De aanbestedingsgrens van EUR 30.000 per leverancier is overschreden. (totaal bij deze leverancier: €\u00a031.250,00)',
      'Je hebt niet genoeg punten. (je hebt 10 punten)',
    ]);
    const validate = net.calls.find((c) => c.url.pathname === '/api/v2/transporters/validate')!;
    expect(validate.body).toEqual({ customerId: 'c1', userId: 'u1' });
    expect(net.calls.some((c) => c.url.pathname === '/api/v2/orders/transporter')).toBe(false);
  });

  it('places the order after a clean check and says the points discount', async () => {
    const start = basketOf([line('a', 2, 5)]);
    signedIn(start);
    const server = serverFor(start, (call) => (call.url.pathname === '/api/v2/orders/transporter'
      ? { body: { result: { id: 'o9', orderNumber: 'GLX-0009', status: 'toApprove', loyaltyDiscount: '5.00' } } } : undefined));
    const { net } = await renderShop(<TransporterPage />, server.respond, { path: '/transporter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Bestelling plaatsen' }));
    expect(await screen.findByText('Je bestelling GLX-0009 is geplaatst, met € 5,00 korting dankzij je punten.')).toBeInTheDocument();
    const paths = net.calls.map((c) => c.url.pathname);
    expect(paths.indexOf('/api/v2/transporters/validate')).toBeLessThan(paths.indexOf('/api/v2/orders/transporter'));
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/order-detail/o9'));
  });
});
