import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import InvoicesPage from '../../../src/app/features/invoices/InvoicesPage';
import { type RecordedCall } from '../helpers';
import { invoiceServer, signedInWith } from './invoice-fixtures';
import { eachTestAMinuteLater, renderShop } from './harness';

/**
 * /invoices (flows §2, §5, §7): the company's invoices with status chips and the list's filters; a
 * file that is not a PDF or is past 20 MB is refused here with core §5's messages (Invoice.pdfUpload,
 * Invoice.maxMBFile) before anything is sent, and the server's refusal shows the same messages;
 * finance marks an invoice paid; a credit holder only reads.
 */

const INVOICE = {
  id: 'i0000000-0000-4000-8000-000000000001', customerId: 'c1', number: 'F-2030-000001', gcsNumber: 'DEV-2030-000001-1', orderId: null, orderNumber: null,
  deliveryId: null, supplierId: 's1', supplierName: 'Papier NV', priceExcl: '100.00', priceIncl: '121.00', invoiceDate: '2030-01-10', dueDate: '2030-02-09',
  status: 'open', remarks: null, fileUrl: null, fileName: null, paidAt: null, source: 'manual',
};
const LATE = { ...INVOICE, id: 'i0000000-0000-4000-8000-000000000002', number: 'F-2030-000002', status: 'expired', dueDate: '2030-01-05' };

const as = signedInWith;
const server = (calls: RecordedCall[], extra?: Parameters<typeof invoiceServer>[2]) => invoiceServer([INVOICE, LATE], calls, extra);

const pdfFile = (name = 'factuur.pdf', size?: number) => {
  const bytes = new Uint8Array(size ?? 64);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
};
const choose = (card: HTMLElement, file: File) => {
  const input = card.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

eachTestAMinuteLater('2030-01-15T09:00:00Z');

describe('the invoices page (/invoices)', () => {
  it('lists the invoices with their status and sends the filters as GET /invoices asks them', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: LATE.number })).getByText('Vervallen')).toBeInTheDocument();
    expect(screen.getByText('2 facturen')).toBeInTheDocument();
    expect(within(card).getByText('Nog geen PDF')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Te betalen (open en vervallen)' }));
    fireEvent.change(screen.getByLabelText('Vervalt tot en met'), { target: { value: '2030-02-01' } });
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/invoices').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ status: 'toPay', dueDateFilter: '2030-02-01', page: '1', pageSize: '20' });
    });
  });

  it('refuses a file that is not a PDF or is past 20 MB before sending it, with the translated messages', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    choose(card, new File(['hello'], 'factuur.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await within(card).findByText('Een factuur moet een PDF-bestand zijn.')).toBeInTheDocument();
    // Named a PDF, but its first bytes are not.
    choose(card, new File(['MZ not a pdf'], 'factuur.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByText('Een factuur moet een PDF-bestand zijn.')).toBeInTheDocument();
    choose(card, pdfFile('groot.pdf', 20 * 1024 * 1024 + 1));
    expect(await within(card).findByText('Het bestand mag hoogstens 20 MB groot zijn.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/invoices/upload')).toEqual([]);
  });

  it("uploads a PDF; the server's refusal of its size shows the same message", async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    let refuse = true;
    await renderShop(<InvoicesPage />, server(calls, (call) => {
      if (call.url.pathname !== '/api/invoices/upload') return undefined;
      if (refuse) { refuse = false; return { status: 413, body: { errorCode: 'FileTooLarge', message: 'The file is too large.' } }; }
      return { body: { result: { ...INVOICE, fileUrl: '/upload?containerName=invoices&blobName=b', fileName: 'factuur.pdf', lines: [], paidByName: null, createdByName: null, mayPay: true, mayReopen: false, mayUpdate: true, mayDelete: true } } };
    }), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    choose(card, pdfFile());
    expect(await within(card).findByText('Het bestand mag hoogstens 20 MB groot zijn.')).toBeInTheDocument();
    choose(card, pdfFile());
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/invoices/upload')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/invoices/upload').every((c) => c.method === 'POST')).toBe(true);
    await waitFor(() => expect(within(card).queryByText('Het bestand mag hoogstens 20 MB groot zijn.')).toBeNull());
  });

  it('finance marks an invoice paid through POST /invoices/update; a credit holder only reads', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls, (call) => (call.url.pathname === '/api/invoices/update'
      ? { body: { result: { ...INVOICE, status: 'payed', paidAt: '2030-01-15T09:00:00Z', lines: [], paidByName: 'Fien', createdByName: null, mayPay: false, mayReopen: true, mayUpdate: true, mayDelete: true } } }
      : undefined)), { path: '/invoices' });
    const card = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Markeer als betaald' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/invoices/update')?.body).toEqual({ dto: { id: INVOICE.id, status: 'payed' } }));
    cleanup();

    as(['user', 'creditHolder']);
    await renderShop(<InvoicesPage />, server([]), { path: '/invoices' });
    const readOnly = await screen.findByRole('listitem', { name: INVOICE.number }, { timeout: 15_000 });
    expect(within(readOnly).queryByRole('button', { name: 'Markeer als betaald' })).toBeNull();
    expect(within(readOnly).queryByText('PDF opladen')).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: 'Factuur verwijderen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Factuur ingeven' })).toBeNull();
  });

  it('enters an invoice; a due date before the invoice date is refused here', async () => {
    as(['finance']);
    const calls: RecordedCall[] = [];
    await renderShop(<InvoicesPage />, server(calls, (call) => (call.url.pathname === '/api/invoices/create'
      ? { body: { result: { ...INVOICE, id: 'new', number: 'F-9', lines: [], paidByName: null, createdByName: null, mayPay: true, mayReopen: false, mayUpdate: true, mayDelete: true } } }
      : undefined)), { path: '/invoices' });
    fireEvent.click(await screen.findByRole('button', { name: 'Factuur ingeven' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe factuur' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Factuurnummer/ }), { target: { value: 'F-9' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bedrag excl. btw/ }), { target: { value: '10,00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bedrag incl. btw/ }), { target: { value: '12,10' } });
    fireEvent.change(within(dialog).getByLabelText(/Factuurdatum/), { target: { value: '2030-01-15' } });
    fireEvent.change(within(dialog).getByLabelText(/Vervaldatum/), { target: { value: '2030-01-14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await within(dialog).findByText('De vervaldatum kan niet voor de factuurdatum liggen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/invoices/create')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Vervaldatum/), { target: { value: '2030-02-14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/invoices/create')?.body).toEqual({
      dto: { number: 'F-9', priceExcl: '10,00', priceIncl: '12,10', invoiceDate: '2030-01-15', dueDate: '2030-02-14' },
    }));
  });
});
