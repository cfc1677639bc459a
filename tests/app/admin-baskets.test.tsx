import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultEndDate } from '../../src/app/features/basket/admin/AdminBaskets';
import { loadAdminArea, renderApp } from './app-harness';
import { user, type RecordedCall } from './helpers';

/**
 * The platform admin's baskets (/ycAdmin/transporters; core §7 POST /admin/transporters/query, GET
 * /admin/transporters/{id}; core §3 the transporters' dateFilter): whose basket, for which company,
 * when it last changed and how many lines; the period filter sent only while it is on, its end
 * one day after now unless chosen; a basket's lines by article number and title.
 */

const superAdmin = { signedIn: true, me: user({ id: 'u9', email: 'superadmin@demo.test', userType: 1, customerAccess: [] }) };

const BASKETS = [
  {
    id: 'b1', customerId: 'c1', userId: 'u1', createdAt: '2025-03-01T08:00:00.000Z', updatedAt: '2025-03-04T10:00:00.000Z',
    lines: [{ supplierArticleId: 'sa1', amount: 3 }, { supplierArticleId: 'sa2', amount: 1 }], shippingDetails: null,
  },
  { id: 'b2', customerId: 'c2', userId: 'u2', createdAt: '2025-03-01T08:00:00.000Z', updatedAt: '2025-03-02T10:00:00.000Z', lines: [], shippingDetails: null },
];
const USERS = [{ id: 'u1', displayname: 'Bea Buyer', email: 'bea@demo.test' }, { id: 'u2', displayname: 'Carl Clerk', email: 'carl@demo.test' }];
const CUSTOMERS = [{ id: 'c1', name: 'Acme NV' }, { id: 'c2', name: 'Globex BV' }];
const ARTICLES = [
  { id: 'sa1', articleNumberSupplier: 'PAP-A4-500', title: { nl: 'Papier A4', en: 'Paper A4', fr: null } },
  { id: 'sa2', articleNumberSupplier: 'PEN-BL', title: { nl: 'Balpen blauw', en: null, fr: null } },
];

const byIds = <T extends { id: string }>(rows: T[], call: RecordedCall) => {
  const ids = ((call.body as { query?: { ids?: string[] } }).query?.ids) ?? rows.map((r) => r.id);
  const items = rows.filter((r) => ids.includes(r.id));
  return { body: { result: { items, total: items.length } } };
};

async function open(path: string) {
  const calls: RecordedCall[] = [];
  await renderApp(path, {
    ...superAdmin,
    respond: (call) => {
      const p = call.url.pathname;
      if (p === '/api/admin/transporters/query') {
        calls.push(call);
        return { body: { result: { items: BASKETS, total: BASKETS.length } } };
      }
      if (p === '/api/admin/transporters/b1') return { body: { result: BASKETS[0] } };
      if (p === '/api/admin/users/query') return byIds(USERS, call);
      if (p === '/api/admin/customers/query') return byIds(CUSTOMERS, call);
      if (p === '/api/admin/supplier-articles/query') return byIds(ARTICLES, call);
      return undefined;
    },
  });
  return calls;
}

const lastQuery = (calls: RecordedCall[]) => (calls.at(-1)!.body as { query: Record<string, unknown> }).query;

describe('the baskets of the platform (/ycAdmin/transporters)', () => {
  beforeAll(loadAdminArea, 120_000);
  afterEach(() => { vi.useRealTimers(); });

  it('lists each basket with its user, company, last change and number of lines, from the admin menu', async () => {
    const calls = await open('/ycAdmin/transporters');
    const row = (await screen.findByText('Bea Buyer', {}, { timeout: 15_000 })).closest('tr')!;
    expect(await within(row).findByText('Acme NV')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('4 mrt 2025, 11:00')).toBeInTheDocument();
    const other = screen.getByText('Carl Clerk').closest('tr')!;
    expect(within(other).getByText('Globex BV')).toBeInTheDocument();
    expect(within(other).getByText('0')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Gebruiker', 'Klant', 'Gewijzigd op', 'Aantal lijnen']);
    expect(screen.getByRole('menuitem', { name: /Winkelmandjes/ })).toHaveAttribute('href', '/ycAdmin/transporters');
    // no period asked while the date filter is off
    expect(lastQuery(calls)).not.toHaveProperty('startDate');
    expect(lastQuery(calls)).not.toHaveProperty('endDate');
    expect(lastQuery(calls)).toMatchObject({ sort: 'updatedAt', order: 'DESC' });
  });

  it('asks for the baskets changed in a period only while the date filter is on, up to one day after now unless an end is chosen', async () => {
    const calls = await open('/ycAdmin/transporters');
    await screen.findByText('Bea Buyer', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('switch', { name: 'Op wijzigingsdatum' }));
    const tomorrow = defaultEndDate();
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ endDate: tomorrow }));
    expect(lastQuery(calls)).not.toHaveProperty('startDate');
    expect(screen.getByRole('group', { name: /Gewijzigd vanaf/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Gewijzigd tot en met/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Op wijzigingsdatum' }));
    await waitFor(() => expect(lastQuery(calls)).not.toHaveProperty('endDate'));
    expect(screen.queryByRole('group', { name: /Gewijzigd vanaf/ })).toBeNull();
  });

  it('sends a chosen period as the bounds of the last change', async () => {
    const filter = encodeURIComponent(JSON.stringify({ startDate: '2025-03-01', endDate: '2025-03-03' }));
    const calls = await open(`/ycAdmin/transporters?filter=${filter}`);
    await screen.findByText('Bea Buyer', {}, { timeout: 15_000 });
    expect(lastQuery(calls)).toMatchObject({ startDate: '2025-03-01', endDate: '2025-03-03' });
    expect(screen.getByRole('switch', { name: 'Op wijzigingsdatum' })).toBeChecked();
  });

  it("ends the period by default on the day after today in the shop's time zone", () => {
    expect(defaultEndDate(new Date('2025-03-04T22:30:00.000Z'))).toBe('2025-03-05'); // 23:30 in Brussels
    expect(defaultEndDate(new Date('2025-03-04T23:30:00.000Z'))).toBe('2025-03-06'); // already the 5th in Brussels
  });

  it("shows a basket's lines by article number, title and amount", async () => {
    await open('/ycAdmin/transporters/b1/show');
    expect(await screen.findByText('PAP-A4-500', {}, { timeout: 15_000 })).toBeInTheDocument();
    const paper = screen.getByText('PAP-A4-500').closest('tr')!;
    expect(within(paper).getByText('Papier A4')).toBeInTheDocument();
    expect(within(paper).getByText('3')).toBeInTheDocument();
    const pen = screen.getByText('PEN-BL').closest('tr')!;
    expect(within(pen).getByText('Balpen blauw')).toBeInTheDocument();
    expect(within(pen).getByText('1')).toBeInTheDocument();
    expect(await screen.findByText('Bea Buyer')).toBeInTheDocument();
    expect(await screen.findByText('Acme NV')).toBeInTheDocument();
    // named after its user, not the user's id the model represents it by
    expect(await screen.findByText('Winkelmandje van Bea Buyer')).toBeInTheDocument();
  });
});
