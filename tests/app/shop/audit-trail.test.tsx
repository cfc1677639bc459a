import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminAuditTrailPage, AuditTrailPage } from '../../../src/app/features/audit/AuditTrailPage';
import type { RecordedCall } from '../helpers';
import { renderShop, signedIn } from './harness';

/**
 * The audit trail page (issue 30, docs/audit-trail.md): the company admin's /users/audit-trail reads
 * GET /v2/audit-entries and shows each entry's time, who (and as whom), the record, the action and
 * the fields before and after; a click on a user or a record filters on it, the period and the table
 * are filters, and the export takes the same query. The platform admins' page reads the admin list.
 */

const ENTRY = {
  id: 'e1', customerId: 'c1', tableName: 'budgets', recordId: 'b0000000-0000-4000-8000-000000000001', action: 'update',
  changes: [{ field: 'amount', before: '500.00', after: '750.00' }], actorUserId: 'u-super', impersonatedUserId: 'u-manager',
  actor: 'Sam Super', impersonatedName: 'Mia Manager', at: '2030-01-15T08:30:00Z', createdAt: '2030-01-15T08:30:00Z', updatedAt: '2030-01-15T08:30:00Z',
};
const JOB = { ...ENTRY, id: 'e2', tableName: 'contracts', recordId: 'k1', action: 'insert', changes: [{ field: 'status', before: null, after: 'active' }],
  actorUserId: null, impersonatedUserId: null, actor: 'job:contracts.status', impersonatedName: null };

const params = (call: RecordedCall) => Object.fromEntries(call.url.searchParams);
let clicked: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => { clicked.mockRestore(); });

describe('/users/audit-trail', () => {
  it("shows who changed what, filters by user, record and period, and exports the same query", async () => {
    signedIn();
    const { net } = await renderShop(<AuditTrailPage />, (call) => {
      if (call.url.pathname === '/api/v2/audit-entries') return { body: { items: [ENTRY, JOB], total: 2, page: 1, pageSize: 50 } };
      if (call.url.pathname === '/api/v2/audit-entries/export.xlsx') return { body: 'xlsx' };
      return undefined;
    }, { path: '/users/audit-trail', language: 'en' });
    const table = await screen.findByRole('table', { name: 'Audit trail' }, { timeout: 15_000 });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Sam Super');
    expect(first).toHaveTextContent('as Mia Manager');
    expect(first).toHaveTextContent('Changed');
    expect(first).toHaveTextContent('amount500.00 → 750.00');
    expect(second).toHaveTextContent('job:contracts.status');
    expect(second).toHaveTextContent('Added');
    expect(second).toHaveTextContent('statusactive');
    // A company admin's trail is their company's: no company column.
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).toBeNull();

    const last = () => params(net.calls.filter((c) => c.url.pathname === '/api/v2/audit-entries').at(-1)!);
    fireEvent.click(within(first!).getByRole('button', { name: 'Sam Super' }));
    await waitFor(() => expect(last()).toMatchObject({ actorUserId: 'u-super' }));
    expect(await screen.findByText('User: Sam Super')).toBeInTheDocument();
    fireEvent.click(within(first!).getByRole('button', { name: 'budgets' }));
    await waitFor(() => expect(last()).toMatchObject({ tableName: 'budgets', recordId: ENTRY.recordId, actorUserId: 'u-super' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    await waitFor(() => expect(last()).toMatchObject({ from: '2030-01-01' }));

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(net.calls.filter((c) => c.url.pathname === '/api/v2/audit-entries/export.xlsx').map(params)).toEqual([{
      tableName: 'budgets', recordId: ENTRY.recordId, actorUserId: 'u-super', from: '2030-01-01', sort: 'at', order: 'DESC',
    }]);
  });
});

describe('/ycAdmin/audit-trail', () => {
  it("reads the tenant's trail from the admin list, with each entry's company by name; a click on it keeps that company's entries", async () => {
    signedIn();
    const PLATFORM = { ...JOB, id: 'e3', customerId: null, tableName: 'users', recordId: 'u9' };
    const { net } = await renderShop(<AdminAuditTrailPage />, (call) => {
      if (call.url.pathname === '/api/admin/audit-entries') return { body: { items: [ENTRY, PLATFORM], total: 2, page: 1, pageSize: 50 } };
      if (call.url.pathname === '/api/admin/customers/query') return { body: { result: { items: [{ id: 'c1', name: 'Acme Logistics NV' }], total: 1 } } };
      if (call.url.pathname === '/api/admin/audit-entries/export.xlsx') return { body: 'xlsx' };
      return undefined;
    }, { path: '/ycAdmin/audit-trail', language: 'nl' });
    const table = await screen.findByRole('table', { name: 'Audittrail' }, { timeout: 15_000 });
    expect(table).toHaveTextContent('als Mia Manager');
    expect(net.calls.some((c) => c.url.pathname === '/api/v2/audit-entries')).toBe(false);
    expect(within(table).getByRole('columnheader', { name: 'Bedrijf' })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    // The company's name, never its id; an entry of no company says so.
    const company = await within(first!).findByRole('button', { name: 'Acme Logistics NV' });
    expect(first).not.toHaveTextContent('c1');
    expect(second).toHaveTextContent('geen bedrijf');

    const last = () => params(net.calls.filter((c) => c.url.pathname === '/api/admin/audit-entries').at(-1)!);
    fireEvent.click(company);
    await waitFor(() => expect(last()).toMatchObject({ customerId: 'c1' }));
    expect(await screen.findByText('Bedrijf: Acme Logistics NV')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(net.calls.filter((c) => c.url.pathname === '/api/admin/audit-entries/export.xlsx').map(params)).toEqual([
      { customerId: 'c1', sort: 'at', order: 'DESC' },
    ]);
  });
});
