import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CreateInvoiceFromDelivery } from '../../../src/app/features/invoices/CreateInvoiceFromDelivery';
import { InvoiceView } from '../../../src/app/features/invoices/InvoicePanel';
import type { InvoiceDetail } from '../../../src/app/features/invoices/invoice-api';
import { writeSession } from '../../../src/app/session/store';
import { user, type RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * The platform admin's side of invoices: the admin delivery page offers "create invoice" for a
 * confirmed delivery without one (POST /admin/invoices/create-yc-invoice) and lands on the new
 * invoice; the admin invoice page shows amounts, dates and lines and marks an invoice paid.
 */

const DETAIL: InvoiceDetail = {
  id: 'i1', createdAt: '2030-01-15T08:00:00Z', updatedAt: '2030-01-15T08:00:00Z', deleted: false, customerId: 'c1', number: 'F-2030-000007', gcsNumber: 'DEV-1', orderId: 'o1', orderNumber: 'DEV', deliveryId: 'd1', supplierId: 's1', supplierName: 'Papier NV',
  priceExcl: '35.00', priceIncl: '42.35', invoiceDate: '2030-01-15', dueDate: '2030-02-14', status: 'open', remarks: null, fileUrl: null, fileName: null, paidAt: null, source: 'platform', matchStatus: 'matched',
  lines: [{ id: 'l1', createdAt: '2030-01-15T08:00:00Z', updatedAt: '2030-01-15T08:00:00Z', customerId: 'c1', lineNumber: 1, articleNumberSupplier: 'A-1', description: 'Kopieerpapier', quantity: 3, unitPriceExcl: '10.00', vatPercent: 21, lineTotalExcl: '30.00' }],
  paidByName: null, createdByName: 'Ada Admin', mayPay: true, mayReopen: false, mayUpdate: true, mayDelete: true, mayAcceptMismatch: false,
  match: { status: 'matched', tolerance: { pricePercent: '1', quantityPercent: '0' }, lines: [{ lineNumber: 1, supplierOrderLineId: 'sl1', ordered: 3, received: 3, invoicedTotal: '3', agreedUnitPrice: '10', invoicedUnitPrice: '10', problems: [] }] },
  matchAcceptReason: null, matchAcceptedAt: null, matchAcceptedByName: null,
};

eachTestAMinuteLater('2030-01-15T09:00:00Z');

/** A platform user: super admin (1) or platform admin (2, without extra privileges: the invoice pages are closed to them). */
const platformUser = (userType: 1 | 2) => writeSession({
  loggedIn: true, user: user({ userType, customerAccess: [] }), activeCustomerAccessId: null, activeCustomerId: null,
  permissions: { customerId: null, permissions: [] }, tenantSettings: { defaultContractsCustomerId: 'c1', supportedLanguages: ['NL', 'EN', 'FR'], currency: 'EUR' },
} as never);

describe('invoices for platform admins', () => {
  it('creates the invoice of a confirmed delivery and opens it', async () => {
    platformUser(1);
    const calls: RecordedCall[] = [];
    await renderShop(<CreateInvoiceFromDelivery delivery={{ id: 'd1', status: 'approved', hasInvoice: false }} />, (call) => {
      calls.push(call);
      return call.url.pathname === '/api/admin/invoices/create-yc-invoice' ? { body: { result: { ...DETAIL, id: 'new-invoice' } } } : undefined;
    }, { path: '/ycAdmin/delivery-details/d1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Factuur maken' }, { timeout: 15_000 }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/ycAdmin/invoice-details/new-invoice'));
    expect(calls.find((c) => c.url.pathname === '/api/admin/invoices/create-yc-invoice')?.body).toEqual({ deliveryId: 'd1' });
  });

  it('a platform admin without extra privileges stays on the delivery, told the number', async () => {
    platformUser(2);
    await renderShop(<CreateInvoiceFromDelivery delivery={{ id: 'd1', status: 'approved', hasInvoice: false }} />, (call) => (
      call.url.pathname === '/api/admin/invoices/create-yc-invoice' ? { body: { result: { ...DETAIL, id: 'new-invoice' } } } : undefined), { path: '/ycAdmin/delivery-details/d1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Factuur maken' }, { timeout: 15_000 }));
    expect(await screen.findByText('Factuur F-2030-000007 is aangemaakt.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/ycAdmin/delivery-details/d1');
  });

  it('offers nothing for a delivery that waits, and says so for an invoiced one', async () => {
    signedIn();
    await renderShop(<><CreateInvoiceFromDelivery delivery={{ id: 'd1', status: 'toApprove', hasInvoice: false }} /><CreateInvoiceFromDelivery delivery={{ id: 'd2', status: 'approved', hasInvoice: true }} /></>, () => undefined);
    expect(await screen.findByText(/Deze levering is gefactureerd\./, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Factuur maken' })).toBeNull();
  });

  it('shows the invoice with its lines and marks it paid', async () => {
    signedIn();
    const calls: RecordedCall[] = [];
    await renderShop(<InvoiceView detail={DETAIL} />, (call) => {
      calls.push(call);
      if (call.url.pathname === '/api/invoices/by-id') return { body: { result: DETAIL } };
      if (call.url.pathname === '/api/invoices/update') return { body: { result: { ...DETAIL, status: 'payed', mayPay: false, mayReopen: true } } };
      return undefined;
    });
    const lines = await screen.findByRole('region', { name: 'Lijnen' }, { timeout: 15_000 });
    expect(within(lines).getByText('Kopieerpapier')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Markeer als betaald' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/invoices/update')?.body).toEqual({ dto: { id: 'i1', status: 'payed' } }));
  });
});
