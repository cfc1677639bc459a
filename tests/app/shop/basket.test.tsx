import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddToBasket } from '../../../src/app/features/basket/AddToBasket';
import { addToLines, setLineAmount } from '../../../src/app/features/basket/rules';
import { readSession } from '../../../src/app/session/store';
import type { Transporter, TransporterArticle } from '../../../src/app/common/types';
import { basketOf, line, renderShop, signedIn, eachTestAMinuteLater } from './harness';

const article = (id: string, stock: number | null, extra: Partial<TransporterArticle> = {}): TransporterArticle => ({ id, stock, title: { nl: `Artikel ${id}` }, ...extra });
const STOCK_NL = (n: number) => `Je kan niet meer bestellen dan de beschikbare voorraad van ${n} stuks.`;

eachTestAMinuteLater('2026-01-01T10:00:00Z');

describe('basket rules (core §4, §5)', () => {
  it('adds a new line only with an amount above 0 and at most the stock', () => {
    expect(addToLines([], article('a', 5), 5)).toMatchObject({ ok: true, lines: [{ amount: 5, transporterArticle: { id: 'a' } }] });
    expect(addToLines([], article('a', 5), 6)).toEqual({ ok: false, reason: 'stock', stock: 5 });
    expect(addToLines([], article('a', 5), 0)).toEqual({ ok: false, reason: 'quantity' });
    expect(addToLines([], article('a', 5), -1)).toEqual({ ok: false, reason: 'quantity' });
    expect(addToLines([], article('a', null), 1000)).toMatchObject({ ok: true }); // stock not tracked
  });

  it('raises an existing line only while the new total stays at or below the stock', () => {
    const lines = [line('a', 3, 5), line('b', 1, null)];
    const merged = addToLines(lines, article('a', 5), 2);
    expect(merged).toMatchObject({ ok: true });
    expect(merged.ok && merged.lines.map((l) => [l.transporterArticle.id, l.amount])).toEqual([['a', 5], ['b', 1]]);
    expect(addToLines(lines, article('a', 5), 3)).toEqual({ ok: false, reason: 'stock', stock: 5 });
  });

  it('sets a line amount within the same bounds', () => {
    const lines = [line('a', 3, 5)];
    expect(setLineAmount(lines, 0, 5)).toMatchObject({ ok: true, lines: [{ amount: 5 }] });
    expect(setLineAmount(lines, 0, 6)).toEqual({ ok: false, reason: 'stock', stock: 5 });
    expect(setLineAmount(lines, 0, 0)).toEqual({ ok: false, reason: 'quantity' });
  });
});

describe('<AddToBasket>', () => {
  function server(answer: (body: any) => { status?: number; body?: unknown }) {
    return (call: { method: string; url: URL; body: unknown }) => {
      if (call.url.pathname === '/api/v2/transporters/update' && call.method === 'PUT') return answer(call.body);
      return { body: null };
    };
  }
  const updates = (calls: { method: string; url: URL; body: unknown }[]) => calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/v2/transporters/update');

  it('sends the whole basket with the merged line and keeps the answer', async () => {
    signedIn(basketOf([line('a', 3, 5), line('b', 1, null)]));
    const answer: Transporter = basketOf([line('a', 5, 5), line('b', 1, null)]);
    const { net } = await renderShop(<AddToBasket article={article('a', 5)} title="Artikel a" />, server(() => ({ body: { result: answer } })));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Aantal' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'In winkelmandje: Artikel a' }));
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(updates(net.calls)[0]!.body).toEqual({
      customerId: 'c1', userId: 'u1',
      transporter: {
        transporterLines: [{ amount: 5, transporterArticle: { id: 'a' } }, { amount: 1, transporterArticle: { id: 'b' } }],
        transporterShippingDetails: { addressId: null, departmentId: null, projectId: null, about: null, remark: null, loyaltyPoints: null },
      },
    });
    await waitFor(() => expect((readSession().basket as Transporter).itemCount).toBe(6));
    expect(await screen.findByText('Artikel a zit in je winkelmandje.')).toBeInTheDocument();
  });

  it('refuses beyond the stock with the composed message and sends nothing', async () => {
    signedIn(basketOf([line('a', 3, 5)]));
    const { net } = await renderShop(<AddToBasket article={article('a', 5)} title="Artikel a" />, server(() => ({ body: null })));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Aantal' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'In winkelmandje: Artikel a' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_NL(5));
    expect(updates(net.calls)).toHaveLength(0);
    expect((readSession().basket as Transporter).transporterLines[0]!.amount).toBe(3);
  });

  it('shows the server refusal NotEnoughStock with its stock number, and keeps the basket', async () => {
    signedIn(basketOf([]));
    const refusal = { errorCode: 'NotEnoughStock', message: 'x', details: [{ path: 'transporterLines.0.amount', rule: 'stock', message: 'x', params: { stock: 2 } }] };
    await renderShop(<AddToBasket article={article('a', 10)} title="Artikel a" />, server(() => ({ status: 400, body: refusal })));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Aantal' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'In winkelmandje: Artikel a' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_NL(2));
    expect((readSession().basket as Transporter).transporterLines).toEqual([]);
  });

  it('shows other refusals as ErrorMessage.{errorCode}', async () => {
    signedIn(basketOf([]));
    await renderShop(<AddToBasket article={article('a', 10)} title="Artikel a" />,
      server(() => ({ status: 400, body: { errorCode: 'ArticleNotAvailable', message: 'x' } })));
    fireEvent.click(screen.getByRole('button', { name: 'In winkelmandje: Artikel a' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit artikel is niet meer beschikbaar.');
  });

  it('starts at the minimum order quantity and shows out of stock without a button', async () => {
    signedIn(basketOf([]));
    await renderShop(<><AddToBasket article={article('a', 10, { minOrderQuant: 6 })} title="A" /><AddToBasket article={article('b', 0)} title="B" /></>, () => ({ body: null }));
    expect(screen.getByRole('spinbutton', { name: 'Aantal' })).toHaveValue(6);
    expect(screen.getByText('Minimum 6 stuks per bestelling')).toBeInTheDocument();
    expect(screen.getByText('Niet op voorraad')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('reads the stock message in English and French too', async () => {
    signedIn(basketOf([]));
    await renderShop(<AddToBasket article={article('a', 1)} title="A" />, () => ({ body: null }), { language: 'fr' });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantité' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier : A' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Vous ne pouvez pas commander plus que le stock disponible de 1 pièce.')).toBeInTheDocument();
  });
});
