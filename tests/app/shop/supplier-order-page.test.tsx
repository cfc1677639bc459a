import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import SupplierOrderPage from '../../../src/app/features/supplier-orders/SupplierOrderPage';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * /supplier-orders/{gcsNumber} as a supplier's user works with it: the steps the server allows, as
 * buttons in the order a supplier works; "Failed to order" only after a dialog with its reason;
 * what the supplier order costs with its shipping; the order PDF.
 */

const GCS = 'DEV-2030-000001-1';
const DETAIL = {
  id: 's0000000-0000-4000-8000-000000000001', gcsNumber: GCS, orderNumber: 'DEV-2030-000001', orderId: 'o1', status: 'WAITFORORDERRESPONSE', orderStatus: 'WAITFORORDERRESPONSE',
  statusReason: null, supplierName: 'Papier NV', customerName: 'Bakkerij Janssens BV', supplierType: 'platform', extraInfo: null,
  totalExcl: '20.00', totalIncl: '24.20', shippingCost: '2.50', shippingCostVat: '0.53', totalCost: '27.23', saveAmount: '0.00', sentAt: null,
  createdAt: '2030-01-10T09:00:00Z', updatedAt: '2030-01-10T09:00:00Z',
  shipTo: { street: 'Kerkstraat', houseNumber: '1', bus: null, zipCode: '9000', city: 'Gent', countryCode: 'BE' },
  contact: { name: 'Bart Koper', email: 'buyer@demo.test', phone: '+32 9 123 45 67' }, requestedDeliveryDate: '2030-01-31',
  deliveries: [], invoices: [],
  lines: [{ id: 'l1', lineNumber: 1, articleNumberSupplier: 'A-1', title: { nl: 'Kopieerpapier', en: 'Copy paper', fr: 'Papier' }, quantity: 2, quantityToBeDelivered: 2, chargedUnitPrice: '10.00', totalLinePriceIncl: '24.20' }],
  followUps: [], allowedStatuses: ['WAITFORDELIVERY', 'DELIVERED', 'FAILEDTOORDER'],
  mayFollowUp: true, mayAnnounce: true, mayOpenOrder: false,
};

eachTestAMinuteLater('2030-01-15T09:00:00Z');

/** The supplier order's server: its page, and each follow-up recorded and answered with the supplier order moved. */
function server(followUps: RecordedCall[]) {
  let detail = DETAIL;
  return (call: RecordedCall) => {
    if (call.url.pathname === '/api/supplier-orders/getByGcsNumber') return { body: { result: detail } };
    if (call.url.pathname === '/api/supplier-orders/addFollowUp') {
      followUps.push(call);
      const { status } = (call.body as { dto: { status: string } }).dto;
      detail = { ...detail, status, orderStatus: status, allowedStatuses: status === 'WAITFORDELIVERY' ? ['DELIVERED'] : [] };
      return { body: { result: { followUp: { id: 'f1', status, fromStatus: 'WAITFORORDERRESPONSE', remark: null, userId: 'u1', userName: 'Sam', createdAt: '2030-01-15T09:00:00Z' }, supplierOrder: detail } } };
    }
    return undefined;
  };
}

async function open(followUps: RecordedCall[]) {
  signedIn();
  await renderShop(<Routes><Route path="/supplier-orders/:gcsNumber" element={<SupplierOrderPage />} /></Routes>, server(followUps), { path: `/supplier-orders/${GCS}` });
  expect(await screen.findByRole('heading', { name: GCS, level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
  return screen.getByRole('region', { name: 'Volgende stap' });
}

describe('the supplier order page (/supplier-orders/{gcsNumber})', () => {
  it('offers the allowed steps as buttons in the order a supplier works; a step is a follow-up with its status', async () => {
    const followUps: RecordedCall[] = [];
    const steps = await open(followUps);
    expect(within(steps).getAllByRole('button').map((b) => b.textContent)).toEqual(['Bestelling bevestigen', 'Als geleverd melden', 'Bestellen mislukt']);
    fireEvent.click(within(steps).getByRole('button', { name: 'Bestelling bevestigen' }));
    await waitFor(() => expect(followUps).toHaveLength(1));
    expect(followUps[0]!.body).toEqual({ dto: { supplierOrderId: DETAIL.id, status: 'WAITFORDELIVERY', remark: null } });
    expect(await screen.findByText('De leveranciersbestelling staat nu op: Wacht op levering.')).toBeInTheDocument();
    // The page shows the supplier order as the server has it now: only "delivered" is left.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Volgende stap' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Als geleverd melden']));
  });

  it('"Failed to order" asks for its reason first: cancelled, nothing is sent; confirmed, the reason goes along', async () => {
    const followUps: RecordedCall[] = [];
    const steps = await open(followUps);
    fireEvent.click(within(steps).getByRole('button', { name: 'Bestellen mislukt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bestellen mislukt' });
    expect(within(dialog).getByText(/met jouw reden/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(followUps).toEqual([]);

    fireEvent.click(within(steps).getByRole('button', { name: 'Bestellen mislukt' }));
    dialog = await screen.findByRole('dialog', { name: 'Bestellen mislukt' });
    const confirm = within(dialog).getByRole('button', { name: 'Bestellen mislukt' });
    // Without a reason it cannot be confirmed, not even with spaces.
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reden' }), { target: { value: '   ' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reden' }), { target: { value: 'Artikel uit assortiment' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(followUps).toHaveLength(1));
    expect(followUps[0]!.body).toEqual({ dto: { supplierOrderId: DETAIL.id, status: 'FAILEDTOORDER', remark: 'Artikel uit assortiment' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Delivered" says first that what is still open is announced as one delivery', async () => {
    const followUps: RecordedCall[] = [];
    const steps = await open(followUps);
    fireEvent.click(within(steps).getByRole('button', { name: 'Als geleverd melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Als geleverd melden' });
    expect(within(dialog).getByText(/als één levering die de klant bevestigt/)).toBeInTheDocument();
    expect(followUps).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Als geleverd melden' }));
    await waitFor(() => expect(followUps).toHaveLength(1));
    expect(followUps[0]!.body).toEqual({ dto: { supplierOrderId: DETAIL.id, status: 'DELIVERED', remark: null } });
  });

  it('shows what it costs with its shipping, where it goes, by when and whom to contact, and the order PDF', async () => {
    await open([]);
    const totals = screen.getByLabelText('Totalen');
    expect(within(totals).getByText('Verzendkosten excl. btw').nextSibling).toHaveTextContent(/^€\s2,50$/);
    expect(within(totals).getByText('Btw op verzendkosten').nextSibling).toHaveTextContent(/^€\s0,53$/);
    expect(within(totals).getByText('Totaal incl. btw').nextSibling).toHaveTextContent(/^€\s27,23$/);
    const delivery = screen.getByRole('region', { name: 'Levering aan de klant' });
    expect(within(delivery).getByText(/Kerkstraat 1/)).toBeInTheDocument();
    expect(within(delivery).getByText('Bart Koper · buyer@demo.test · +32 9 123 45 67')).toBeInTheDocument();
    expect(within(delivery).getByText('Gewenste leverdatum').nextSibling).toHaveTextContent('31 jan 2030');
    expect(screen.getByRole('button', { name: 'Bestel-pdf bekijken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bestel-pdf downloaden' })).toBeInTheDocument();
  });
});
