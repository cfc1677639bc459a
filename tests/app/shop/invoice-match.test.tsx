import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import InvoicesPage from '../../../src/app/features/invoices/InvoicesPage';
import { type RecordedCall } from '../helpers';
import { invoiceServer, signedInWith } from './invoice-fixtures';
import { eachTestAMinuteLater, renderShop } from './harness';

/**
 * The three-way match on /invoices: an invoice whose match found a mismatch says so, offers no
 * "mark as paid", shows per line what was ordered, received and invoiced with the problems, and lets
 * finance accept it with a reason (POST /invoices/accept-mismatch); a UBL e-invoice is uploaded
 * (POST /invoices/upload-ubl) after the page's own check, and a refusal names the rules it broke.
 */

const ROW = {
  id: 'i0000000-0000-4000-8000-000000000009', customerId: 'c1', number: 'UBL-77', gcsNumber: 'DEV-2030-000001-1', orderId: 'o1', orderNumber: 'DEV-2030-000001',
  deliveryId: null, supplierId: 's1', supplierName: 'Papier NV', priceExcl: '36.50', priceIncl: '44.17', invoiceDate: '2030-01-10', dueDate: '2030-02-09',
  status: 'open', remarks: null, fileUrl: null, fileName: null, paidAt: null, source: 'ubl', matchStatus: 'mismatch',
};
const MATCH = {
  status: 'mismatch', tolerance: { pricePercent: '1', quantityPercent: '0' },
  lines: [
    { lineNumber: 1, supplierOrderLineId: 'sl1', ordered: 3, received: 3, invoicedTotal: '3', agreedUnitPrice: '10', invoicedUnitPrice: '10.5', problems: [{ code: 'priceAboveAgreed', expected: '10', actual: '10.5' }] },
    { lineNumber: 2, supplierOrderLineId: 'sl2', ordered: 2, received: 2, invoicedTotal: '1', agreedUnitPrice: '5', invoicedUnitPrice: '5', problems: [] },
  ],
};
const DETAIL = {
  ...ROW, lines: [], paidByName: null, createdByName: 'Fien Finance', mayPay: false, mayReopen: false, mayUpdate: true, mayDelete: true, mayAcceptMismatch: true,
  match: MATCH, matchAcceptReason: null, matchAcceptedAt: null, matchAcceptedByName: null,
};

const as = signedInWith;
const server = (calls: RecordedCall[], extra: Parameters<typeof invoiceServer>[2] = () => undefined) =>
  invoiceServer([ROW], calls, (call) => extra?.(call) ?? (call.url.pathname === '/api/invoices/by-id' ? { body: { result: DETAIL } } : undefined));

eachTestAMinuteLater('2030-01-15T09:00:00Z');

describe('the three-way match on /invoices', () => {
  it('a mismatch blocks paying; the lines show what is wrong; finance accepts it with a reason', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls, (call) => (call.url.pathname === '/api/invoices/accept-mismatch'
      ? { body: { result: { ...DETAIL, matchStatus: 'accepted', mayPay: true, mayAcceptMismatch: false, match: { ...MATCH, status: 'accepted' }, matchAcceptReason: 'Prijs aangekondigd', matchAcceptedAt: '2030-01-15T09:01:00Z', matchAcceptedByName: 'Fien Finance' } } }
      : undefined)), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: ROW.number }, { timeout: 15_000 });
    expect(within(card).getByText('Verschil')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Markeer als betaald' })).toBeNull();
    expect(within(card).getByText('Betalen wacht tot een financieel medewerker het verschil aanvaardt.')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    const match = await within(card).findByRole('region', { name: 'Controle: besteld, ontvangen, gefactureerd' });
    expect(within(match).getByText(/Prijs hoger dan afgesproken/)).toBeInTheDocument();
    expect(within(match).getByText('Klopt')).toBeInTheDocument();
    expect(within(card).getByText(/met 1 % speling op de prijs en 0 % op het aantal/)).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Verschil aanvaarden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verschil van factuur UBL-77 aanvaarden' });
    // Too short a reason is refused here, nothing is sent.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reden' }), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanvaarden' }));
    expect(await within(dialog).findByText('Te kort.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/invoices/accept-mismatch')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reden' }), { target: { value: 'Prijs aangekondigd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanvaarden' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/invoices/accept-mismatch')?.body).toEqual({ invoiceId: ROW.id, reason: 'Prijs aangekondigd' }));
    expect(await screen.findByText(/Aanvaard door Fien Finance op .*: “Prijs aangekondigd”/)).toBeInTheDocument();
  });

  it('a credit holder sees the mismatch but cannot accept it or upload e-invoices', async () => {
    as(['creditHolder']);
    await renderShop(<InvoicesPage />, server([], (call) => (call.url.pathname === '/api/invoices/by-id' ? { body: { result: { ...DETAIL, mayAcceptMismatch: false, mayUpdate: false } } } : undefined)), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: ROW.number }, { timeout: 15_000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    await within(card).findByRole('region', { name: 'Controle: besteld, ontvangen, gefactureerd' });
    expect(within(card).queryByRole('button', { name: 'Verschil aanvaarden' })).toBeNull();
    expect(screen.queryByText('E-factuur opladen (UBL)')).toBeNull();
  });

  it('uploads a UBL e-invoice after checking it is XML; the server’s refusal names the broken rules', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    let refuse = true;
    await renderShop(<InvoicesPage />, server(calls, (call) => {
      if (call.url.pathname !== '/api/invoices/upload-ubl') return undefined;
      if (refuse) return { status: 422, body: { errorCode: 'UblInvoiceInvalid', message: 'x', details: [{ path: '/Invoice', rule: 'BR-CO-16', params: { message: 'Amount due for payment = total with VAT - paid amount + rounding' } }] } };
      return { body: { result: DETAIL } };
    }), { path: '/invoices' });
    const input = (await screen.findByLabelText('Kies een UBL-bestand (XML)', {}, { timeout: 15_000 })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'factuur.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Een e-factuur moet een XML-bestand (UBL) zijn.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/invoices/upload-ubl')).toBe(false);
    const xml = () => new File(['<?xml version="1.0"?><Invoice/>'], 'factuur.xml', { type: 'application/xml' });
    fireEvent.change(input, { target: { files: [xml()] } });
    expect(await screen.findByText(/BR-CO-16: Amount due for payment/)).toBeInTheDocument();
    refuse = false;
    fireEvent.change(input, { target: { files: [xml()] } });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/invoices/upload-ubl')).toHaveLength(2));
    // Booked: the refusal is gone and the list is read again.
    await waitFor(() => expect(screen.queryByText(/BR-CO-16/)).toBeNull());
    expect(calls.filter((c) => c.url.pathname === '/api/invoices').length).toBeGreaterThan(1);
  });
});
