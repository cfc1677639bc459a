import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddToBasket } from '../../../src/app/features/basket/AddToBasket';
import { checkGiftCard, EMPTY_GIFT_CARD, giftCardValue } from '../../../src/app/features/basket/giftCard';
import { addToLines } from '../../../src/app/features/basket/rules';
import { articleOfHit } from '../../../src/app/features/marketplace/ProductCard';
import { readSession } from '../../../src/app/session/store';
import type { Transporter, TransporterArticle, TransporterLine } from '../../../src/app/common/types';
import type { RecordedCall } from '../helpers';
import { basketOf, line, renderShop, signedIn, eachTestAMinuteLater } from './harness';

const giftCardArticle: TransporterArticle = { id: 'g', stock: null, type: 'GiftCard', title: { nl: 'Bon a' } };
const regularArticle: TransporterArticle = { id: 'a', stock: 10, type: 'Regular', title: { nl: 'Artikel a' } };
const ann = { recipientName: 'Ann', recipientEmail: 'ann@example.test', value: '12.50', message: 'Proficiat' };

eachTestAMinuteLater('2026-02-01T10:00:00Z');

const updates = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/v2/transporters/update');
const sentLines = (call: RecordedCall) => (call.body as { transporter: { transporterLines: unknown[] } }).transporter.transporterLines;

/** The server: keeps the lines it was sent (gift card lines of article g), or refuses with `refusal`. */
function server(refusal?: { status: number; body: unknown }) {
  return (call: RecordedCall) => {
    if (call.url.pathname !== '/api/v2/transporters/update' || call.method !== 'PUT') return { body: null };
    if (refusal) return refusal;
    const lines = (sentLines(call) as { amount: number; giftCard?: TransporterLine['giftCard']; transporterArticle: { id: string } }[])
      .map((l) => ({ ...line(l.transporterArticle.id, l.amount, null, { type: l.transporterArticle.id === 'g' ? 'GiftCard' : 'Regular' }), giftCard: l.giftCard ?? null }));
    return { body: { result: basketOf(lines) } };
  };
}

const addButton = (title: string) => screen.getByRole('button', { name: `In winkelmandje: ${title}` });
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label });

async function openDialog() {
  fireEvent.click(addButton('Bon a'));
  return screen.findByRole('dialog', { name: 'Cadeaubon: Bon a' });
}

function fill(dialog: HTMLElement, card: Partial<typeof ann>) {
  if (card.recipientName !== undefined) fireEvent.change(field(dialog, /^Naam ontvanger/), { target: { value: card.recipientName } });
  if (card.recipientEmail !== undefined) fireEvent.change(field(dialog, /^E-mail ontvanger/), { target: { value: card.recipientEmail } });
  if (card.value !== undefined) fireEvent.change(field(dialog, /^Waarde in euro/), { target: { value: card.value } });
  if (card.message !== undefined) fireEvent.change(field(dialog, /^Boodschap/), { target: { value: card.message } });
}

const submitDialog = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen aan winkelmandje' }));

describe('gift card rules', () => {
  it('accepts a recipient, a valid e-mail and a value above 0 with comma or dot, the message optional', () => {
    expect(checkGiftCard({ recipientName: ' Ann ', recipientEmail: 'ann@example.test ', value: '12,5', message: '  ' }))
      .toEqual({ ok: true, card: { recipientName: 'Ann', recipientEmail: 'ann@example.test', value: '12.50' } });
    expect(checkGiftCard({ ...ann, value: '25' })).toEqual({ ok: true, card: { ...ann, value: '25.00' } });
    expect(giftCardValue('0.05')).toBe('0.05');
  });

  it('says which field is wrong', () => {
    expect(checkGiftCard(EMPTY_GIFT_CARD)).toEqual({ ok: false, problems: { recipientName: 'required', recipientEmail: 'required', value: 'required' } });
    expect(checkGiftCard({ ...ann, recipientEmail: 'ann@' })).toEqual({ ok: false, problems: { recipientEmail: 'email' } });
    for (const value of ['0', '0,00', '-5', '12.345', 'tien', '1.2.3']) {
      expect(checkGiftCard({ ...ann, value })).toEqual({ ok: false, problems: { value: 'value' } });
    }
  });

  it('never merges a gift card line, and counts every line of the article against its stock', () => {
    const first = line('g', 1, 3, { type: 'GiftCard' });
    first.giftCard = { recipientName: 'Bob', recipientEmail: 'bob@example.test', value: '5.00' };
    const added = addToLines([first], { ...giftCardArticle, stock: 3 }, 1, ann);
    expect(added.ok && added.lines.map((l) => [l.amount, l.giftCard?.recipientName])).toEqual([[1, 'Bob'], [1, 'Ann']]);
    expect(addToLines([first], { ...giftCardArticle, stock: 3 }, 3, ann)).toEqual({ ok: false, reason: 'stock', stock: 3 });
  });

  it('keeps the type of a search hit, so the product card knows a gift card', () => {
    expect(articleOfHit({ objectID: 'g', articleNumberSupplier: 'G-1', title: { nl: 'Bon' }, priceText: '0.00', stock: null, type: 'GiftCard' }).type).toBe('GiftCard');
  });
});

describe('<AddToBasket> for a gift card', () => {
  it('adds a regular article at once, without a dialog', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<AddToBasket article={regularArticle} title="Artikel a" />, server());
    fireEvent.click(addButton('Artikel a'));
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(sentLines(updates(net.calls)[0]!)).toEqual([{ amount: 1, transporterArticle: { id: 'a' } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a labelled dialog with the focus on the recipient name; Escape closes it and nothing is sent', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server());
    const dialog = await openDialog();
    await waitFor(() => expect(field(dialog, /^Naam ontvanger/)).toHaveFocus());
    expect(field(dialog, /^E-mail ontvanger/)).toBeRequired();
    expect(field(dialog, /^Boodschap/)).not.toBeRequired();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates(net.calls)).toHaveLength(0);
  });

  it('blocks sending while a field is wrong and says why', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server());
    const dialog = await openDialog();
    submitDialog(dialog);
    expect(await within(dialog).findAllByText('Vul dit veld in.')).toHaveLength(3);
    expect(field(dialog, /^Naam ontvanger/)).toHaveAttribute('aria-invalid', 'true');

    fill(dialog, { recipientName: 'Ann', recipientEmail: 'ann-at-example', value: '0' });
    submitDialog(dialog);
    expect(await within(dialog).findByText('Vul een geldig e-mailadres in, bv. naam@voorbeeld.be.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een bedrag boven 0 in, bv. 25 of 12,50.')).toBeInTheDocument();
    expect(field(dialog, /^E-mail ontvanger/)).toHaveFocus();
    expect(updates(net.calls)).toHaveLength(0);
  });

  it('sends a valid card as its own line with its details; a second card is a separate line', async () => {
    signedIn(basketOf([line('a', 2, null)]));
    const { net } = await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server());
    let dialog = await openDialog();
    fill(dialog, { ...ann, value: '12,5' });
    submitDialog(dialog);
    await waitFor(() => expect(updates(net.calls)).toHaveLength(1));
    expect(sentLines(updates(net.calls)[0]!)).toEqual([
      { amount: 2, transporterArticle: { id: 'a' } },
      { amount: 1, giftCard: ann, transporterArticle: { id: 'g' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Bon a zit in je winkelmandje.')).toBeInTheDocument();

    // The second card, two of them: the dialog starts empty and the card does not join the first one.
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Aantal' }), { target: { value: '2' } });
    dialog = await openDialog();
    expect(field(dialog, /^Naam ontvanger/)).toHaveValue('');
    fill(dialog, { recipientName: 'Bob', recipientEmail: 'bob@example.test', value: '25' });
    submitDialog(dialog);
    await waitFor(() => expect(updates(net.calls)).toHaveLength(2));
    expect(sentLines(updates(net.calls)[1]!)).toEqual([
      { amount: 2, transporterArticle: { id: 'a' } },
      { amount: 1, giftCard: ann, transporterArticle: { id: 'g' } },
      { amount: 2, giftCard: { recipientName: 'Bob', recipientEmail: 'bob@example.test', value: '25.00' }, transporterArticle: { id: 'g' } },
    ]);
    await waitFor(() => expect((readSession().basket as Transporter).transporterLines).toHaveLength(3));
  });

  it('shows a refusal of the server translated in the dialog and keeps the basket', async () => {
    signedIn(basketOf([]));
    await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />,
      server({ status: 400, body: { errorCode: 'GiftCardDetailsRequired', message: 'x' } }));
    const dialog = await openDialog();
    fill(dialog, ann);
    submitDialog(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Vul de gegevens van de cadeaubon in.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((readSession().basket as Transporter).transporterLines).toEqual([]);
  });

  it('keeps what was typed after Cancel, and sends nothing', async () => {
    signedIn(basketOf([]));
    const { net } = await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server());
    let dialog = await openDialog();
    fill(dialog, { recipientName: 'Ann' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    expect(field(dialog, /^Naam ontvanger/)).toHaveValue('Ann');
    expect(updates(net.calls)).toHaveLength(0);
  });

  it('asks for a quantity above 0 before opening the dialog', async () => {
    signedIn(basketOf([]));
    await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server());
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Aantal' }), { target: { value: '0' } });
    fireEvent.click(addButton('Bon a'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Geef een aantal groter dan 0.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French too', async () => {
    signedIn(basketOf([]));
    await renderShop(<AddToBasket article={giftCardArticle} title="Bon a" />, server(), { language: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier : Bon a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carte cadeau : Bon a' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter au panier' }));
    expect(await within(dialog).findAllByText('Remplissez ce champ.')).toHaveLength(3);
  });
});
