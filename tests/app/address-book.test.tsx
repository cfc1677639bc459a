import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddressBook } from '../../src/app/features/addresses/AddressBook';
import { AddressDialog } from '../../src/app/features/addresses/AddressDialog';
import { TransporterPage } from '../../src/app/features/basket/checkout/TransporterPage';
import { writeSession } from '../../src/app/session/store';
import type { RecordedCall } from './helpers';
import { basketOf, line, renderShop, signedIn } from './shop/harness';

/**
 * Issue 29 "the address book can be kept where people meet it": the book as cards with edit, make
 * primary and remove for those whose rights allow them, the server's rules in words.
 */

const HQ = { id: 'ad1', name: 'Hoofdkantoor', contactName: 'An Peeters', phone: '+32 9 123 45 67', address: { street: 'Kerkstraat', houseNumber: '1', bus: null, zipCode: '9000', city: 'Gent', countryCode: 'BE' }, isPrimary: true, oneTime: false };
const DEPOT = { id: 'ad2', name: 'Magazijn', contactName: null, phone: null, address: { street: 'Dok', houseNumber: '4', bus: 'B', zipCode: '2000', city: 'Antwerpen', countryCode: 'BE' }, isPrimary: false, oneTime: false };

/** Signed in for c1 with these rights on the company's data (a buyer has addresses:R, a customer admin addresses:RWCD). */
function withRights(permissions: string[]) {
  signedIn(basketOf([line('a', 1, 5)]));
  writeSession({ permissions: { customerId: 'c1', permissions } });
}

/** The company's book as the server keeps it: the calls change it, the list reads it again. */
function bookServer(refuse?: (call: RecordedCall) => { status: number; body: unknown } | undefined) {
  let book = [HQ, DEPOT];
  return (call: RecordedCall) => {
    const refused = refuse?.(call);
    if (refused) return refused;
    const dto = (call.body as { dto?: Record<string, unknown> } | undefined)?.dto ?? {};
    switch (call.url.pathname) {
      case '/api/customeraddressbook/bycustomerid': return { body: { result: book } };
      case '/api/customeraddressbook/update': {
        book = book.map((a) => (a.id === dto.id ? { ...a, ...dto } as typeof a : dto.isPrimary ? { ...a, isPrimary: false } : a))
          .sort((x, y) => Number(y.isPrimary) - Number(x.isPrimary));
        return { body: { result: book.find((a) => a.id === dto.id) } };
      }
      case '/api/customeraddressbook/delete':
        book = book.filter((a) => a.id !== dto.id);
        return { body: { result: true } };
      default: return { body: null };
    }
  };
}

const cards = (name = 'Adresboek') => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('the address book (settings and basket)', () => {
  it('shows each address as a card, the primary first and marked, and makes another one primary', async () => {
    withRights(['addresses:RWCD']);
    const { net } = await renderShop(<AddressBook />, bookServer());
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toHaveTextContent('Hoofdkantoor');
    expect(within(cards()[0]!).getByText('Primair adres')).toBeInTheDocument();
    expect(cards()[0]).toHaveTextContent('Kerkstraat 19000 GentAn Peeters · +32 9 123 45 67');
    expect(cards()[1]).toHaveTextContent('Dok 4 bus B2000 Antwerpen');
    // The primary address has no remove button: why is said instead.
    expect(within(cards()[0]!).queryByRole('button', { name: /^Verwijderen/ })).toBeNull();
    expect(cards()[0]).toHaveTextContent('Het primaire adres kan niet verwijderd worden');

    fireEvent.click(screen.getByRole('button', { name: 'Primair maken: Magazijn' }));
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Magazijn'));
    expect(net.calls.find((c) => c.url.pathname === '/api/customeraddressbook/update')!.body).toEqual({ dto: { id: 'ad2', isPrimary: true } });
    expect(await screen.findByText('"Magazijn" is nu het primaire adres.')).toBeInTheDocument();
  });

  it('removes an address only after a confirmation', async () => {
    withRights(['addresses:RWCD']);
    const { net } = await renderShop(<AddressBook />, bookServer());
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen: Magazijn' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Het adres "Magazijn" uit het adresboek verwijderen?');
    expect(net.calls.some((c) => c.url.pathname === '/api/customeraddressbook/delete')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(net.calls.find((c) => c.url.pathname === '/api/customeraddressbook/delete')!.body).toEqual({ dto: { id: 'ad2' } });
  });

  it("edits an address in a dialog filled with it; the server's refusal (used by an order) shows there in the user's language", async () => {
    withRights(['addresses:RWCD']);
    const { net } = await renderShop(<AddressBook />, bookServer((call) => (call.url.pathname === '/api/customeraddressbook/update'
      ? { status: 409, body: { errorCode: 'AddressUsedByOrder', message: 'x' } } : undefined)), { language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Hoofdkantoor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Gent');
    expect(within(dialog).getByRole('textbox', { name: 'Contact person' })).toHaveValue('An Peeters');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'City' }), { target: { value: 'Gent-Zwijnaarde' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This address is used by an order and can no longer be changed.');
    expect(net.calls.find((c) => c.url.pathname === '/api/customeraddressbook/update')!.body).toMatchObject({
      dto: { id: 'ad1', name: 'Hoofdkantoor', contactName: 'An Peeters', address: { street: 'Kerkstraat', city: 'Gent-Zwijnaarde', countryCode: 'BE' } },
    });
    expect(screen.getByRole('dialog', { name: 'Edit address' })).toBeInTheDocument();
  });

  it('offers a buyer who may only read the book no buttons, and says who changes it', async () => {
    withRights(['addresses:R']);
    await renderShop(<AddressBook />, bookServer(), { language: 'fr' });
    await waitFor(() => expect(cards("Carnet d'adresses")).toHaveLength(2));
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText("Vous pouvez consulter le carnet d'adresses ; un administrateur de votre entreprise le modifie.")).toBeInTheDocument();
  });

  it("in the basket, offers neither 'add address' nor the book to a buyer who may only read it", async () => {
    withRights(['addresses:R', 'orders:RC']);
    await renderShop(<TransporterPage />, bookServer(), { path: '/transporter' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Leveringsadres' })).toHaveTextContent('Hoofdkantoor'));
    expect(screen.queryByRole('button', { name: 'Adres toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adresboek beheren' })).toBeNull();
  });

  it('in the basket, keeps the book beside the address choice; an address chosen and then removed from the book is no longer the choice', async () => {
    withRights(['addresses:RWCD', 'orders:RC']);
    await renderShop(<TransporterPage />, bookServer(), { path: '/transporter' });
    expect(await screen.findByRole('button', { name: 'Adres toevoegen' })).toBeInTheDocument();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Leveringsadres' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Magazijn/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Leveringsadres' })).toHaveTextContent('Magazijn'));
    fireEvent.click(screen.getByRole('button', { name: 'Adresboek beheren' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Adresboek' })).findByRole('button', { name: 'Verwijderen: Magazijn' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: /Magazijn/ })).getByRole('button', { name: 'Verwijderen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Adresboek' })).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Leveringsadres' })).toHaveTextContent('Hoofdkantoor'));
  });
});

describe('the add-address dialog', () => {
  it('sends addNew {dto} and shows a refusal such as DuplicateAddress in the dialog', async () => {
    signedIn(basketOf([]));
    const saved = vi.fn();
    const { net } = await renderShop(<AddressDialog open onClose={() => undefined} onSaved={saved} />,
      () => ({ status: 409, body: { errorCode: 'DuplicateAddress', message: 'x' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Adres toevoegen' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Naam' }), { target: { value: 'Magazijn' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Straat' }), { target: { value: 'Dok 4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dit adres bestaat al.');
    expect(net.calls.find((c) => c.url.pathname === '/api/customeraddressbook/addNew')!.body)
      .toMatchObject({ dto: { name: 'Magazijn', address: { street: 'Dok 4', countryCode: 'BE' } } });
    expect(saved).not.toHaveBeenCalled();
  });
});
