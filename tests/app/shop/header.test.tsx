import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MenuList } from '@mui/material';
import type { AuthProvider } from 'react-admin';
import { BasketAwareLogout } from '../../../src/app/features/basket/BasketAwareLogout';
import { BasketButton } from '../../../src/app/features/basket/BasketButton';
import { HeaderSearch } from '../../../src/app/features/marketplace/search/HeaderSearch';
import { writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { basketOf, line, renderShop, signedIn, eachTestAMinuteLater } from './harness';

eachTestAMinuteLater('2026-01-01T10:00:00Z');

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const where = () => screen.getByLabelText('path').textContent;

function hit(n: number) {
  return { objectID: `art-${n}`, articleNumberSupplier: `NR-${n}`, title: { nl: `Papier ${n}`, en: `Paper ${n}`, fr: `Papier ${n}` }, supplierName: 'Papier NV', priceText: '4.95', stock: 10 };
}

/** The API (credentials) and the search index: answers every query with seven hits. */
function searchServer(call: RecordedCall) {
  if (call.url.pathname === '/api/search/credentials') {
    return { body: { result: { appId: 'app', apiKey: 'key', indexName: 'articles', hosts: [{ url: 'search.test', protocol: 'http' }], validUntil: null } } };
  }
  if (call.url.hostname === 'search.test') return { body: { results: [{ hits: [1, 2, 3, 4, 5, 6, 7].map(hit), nbHits: 7, page: 0, nbPages: 1, hitsPerPage: 5 }] } };
  return { body: null };
}
const queries = (calls: RecordedCall[]) => calls.filter((c) => c.url.hostname === 'search.test').map((c) => (c.body as any).requests[0]);

describe('header search (core §2, §5)', () => {
  it('asks for suggestions from 2 characters, 200 ms after the last keystroke, and shows at most 5', async () => {
    signedIn();
    const { net } = await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    fireEvent.change(box, { target: { value: 'p' } });
    await sleep(300);
    expect(queries(net.calls)).toHaveLength(0); // one character: nothing asked

    fireEvent.change(box, { target: { value: 'pa' } });
    await sleep(100);
    fireEvent.change(box, { target: { value: 'pap' } });
    await sleep(100);
    expect(queries(net.calls)).toHaveLength(0); // still typing
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(queries(net.calls)).toEqual([{ indexName: 'articles', query: 'pap', hitsPerPage: 5 }]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options[0]).toHaveTextContent('Papier 1');
  });

  it('goes to /products?search=… on Enter', async () => {
    signedIn();
    await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    fireEvent.change(box, { target: { value: 'a4 papier' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/products?search=a4%20papier'));
  });

  it('opens /products/{id} for the suggestion chosen with the arrow keys', async () => {
    signedIn();
    await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    fireEvent.change(box, { target: { value: 'pap' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/products/art-2'));
  });

  it('is a WAI-ARIA combobox: the input controls the listbox and points at the active option', async () => {
    signedIn();
    await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(box, { target: { value: 'pap' } });
    const options = await screen.findAllByRole('option');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    fireEvent.keyDown(box, { key: 'ArrowUp' }); // from the input up: round to the last suggestion
    expect(box).toHaveAttribute('aria-activedescendant', options[4]!.id);
    expect(options[4]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // past the last: round to the first
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[4]).toHaveAttribute('aria-selected', 'false');
  });

  it('closes the list on Escape and when the box loses the focus, and opens it again on the arrows', async () => {
    signedIn();
    await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    fireEvent.change(box, { target: { value: 'pap' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('pap');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')).toHaveLength(5);
    fireEvent.blur(box);
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.focus(box);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' }); // the list already closed: empties the box
    expect(box).toHaveValue('');
  });

  it('opens /products/{id} for the suggestion clicked, and empties the box', async () => {
    signedIn();
    await renderShop(<HeaderSearch />, searchServer);
    const box = screen.getByRole('combobox', { name: 'Zoek een product' });
    fireEvent.change(box, { target: { value: 'pap' } });
    const options = await screen.findAllByRole('option');
    fireEvent.click(options[2]!);
    await waitFor(() => expect(where()).toBe('/products/art-3'));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('header basket (core §2, §4)', () => {
  it('says a product must be added first and goes to /products when the basket is empty', async () => {
    signedIn();
    await renderShop(<BasketButton />, (call) => (call.url.pathname === '/api/v2/transporters/load' ? { body: { result: basketOf([]) } } : { body: null }));
    const button = await screen.findByRole('button', { name: 'Winkelmandje, leeg' });
    fireEvent.click(button);
    expect(await screen.findByText('Voeg eerst een product toe aan je winkelmandje.')).toBeInTheDocument();
    expect(where()).toBe('/products');
  });

  it('loads the basket, shows the item count and opens /transporter', async () => {
    signedIn();
    const { net } = await renderShop(<BasketButton />,
      (call) => (call.url.pathname === '/api/v2/transporters/load' ? { body: { result: basketOf([line('a', 2, 5), line('b', 1, null)]) } } : { body: null }));
    const button = await screen.findByRole('button', { name: 'Winkelmandje, 3 stuks' });
    expect(button).toHaveTextContent('3');
    const load = net.calls.find((c) => c.url.pathname === '/api/v2/transporters/load')!;
    expect(Object.fromEntries(load.url.searchParams)).toEqual({ customerId: 'c1', userId: 'u1' });
    fireEvent.click(button);
    expect(where()).toBe('/transporter');
  });
});

describe('basket loading (core §4 Active company)', () => {
  it('loads the basket again for the new company after a switch', async () => {
    signedIn();
    const { net } = await renderShop(<BasketButton />, (call) => (call.url.pathname === '/api/v2/transporters/load'
      ? { body: { result: { ...basketOf([line('a', 4, 5)]), customerId: call.url.searchParams.get('customerId') } } }
      : { body: null }));
    expect(await screen.findByRole('button', { name: 'Winkelmandje, 4 stuks' })).toBeInTheDocument();
    // What switchCustomer writes (session/load.ts): the other company, and the basket slot emptied.
    act(() => { writeSession({ activeCustomerAccessId: 'a2', activeCustomerId: 'c2', basket: null }); });
    await waitFor(() => expect(net.calls.filter((c) => c.url.pathname === '/api/v2/transporters/load').map((c) => c.url.searchParams.get('customerId'))).toEqual(['c1', 'c2']));
    expect(await screen.findByRole('button', { name: 'Winkelmandje, 4 stuks' })).toBeInTheDocument();
  });
});

describe('logout with items in the basket (core §4)', () => {
  const auth = (): AuthProvider & { logout: ReturnType<typeof vi.fn> } => ({
    login: vi.fn(async () => undefined), logout: vi.fn(async () => undefined), checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined), getPermissions: vi.fn(async () => undefined),
  });

  it('asks first; cancel keeps the session, confirm logs out', async () => {
    signedIn(basketOf([line('a', 2, 5)]));
    const authProvider = auth();
    await renderShop(<MenuList><BasketAwareLogout /></MenuList>, () => ({ body: null }), { authProvider });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Afmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afmelden?' });
    expect(dialog).toHaveTextContent('Er zitten nog 2 producten in je winkelmandje. Wil je toch afmelden?');
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(authProvider.logout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('menuitem', { name: 'Afmelden' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('logs out at once with an empty basket', async () => {
    signedIn(basketOf([]));
    const authProvider = auth();
    await renderShop(<MenuList><BasketAwareLogout /></MenuList>, () => ({ body: null }), { authProvider });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Afmelden' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
