import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import DeliveryPage from '../../../src/app/features/deliveries/DeliveryPage';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * /deliveries/{id} (core §2, §7): the lines with their amounts; confirming sends each line's delivered
 * amount with its problem; a refusal names the line (the server's lines.N.delivered) and the answer
 * replaces the delivery shown (core §4).
 */

const LINE = { articleNumberSupplier: 'A-1', title: { nl: 'Kopieerpapier', en: 'Copy paper', fr: 'Papier' }, toDeliver: 2, returned: 0, remark: null, problemType: null, delivered: null };
const DELIVERY = {
  id: 'd0000000-0000-4000-8000-000000000001', deliveryNumber: 'DEV-2030-000001-1-L1', status: 'toApprove', gcsNumber: 'DEV-2030-000001-1', orderNumber: 'DEV-2030-000001',
  orderId: 'o1', supplierOrderId: 's1', supplierName: 'Papier NV', expectedDate: '2030-01-15', deliveryDate: null, approvedAt: null, approvedByName: null,
  autoApproved: false, trackingLink: 'https://track.example/1', problemType: null, remark: null,
  lines: [
    { ...LINE, id: 'l1', lineNumber: 1, ordered: 2, supplierConfirmed: 2 },
    { ...LINE, id: 'l2', lineNumber: 2, ordered: 1, supplierConfirmed: 1, title: { nl: 'Nietjes', en: 'Staples', fr: 'Agrafes' } },
  ],
  mayConfirm: true, mayReturn: false, mayUndo: false, mayUpdate: true, mayOpenOrder: true,
};

eachTestAMinuteLater('2030-01-15T09:00:00Z');

describe('the delivery page (/deliveries/{id})', () => {
  it('confirms with a damaged line; a refused amount is named on its line; the answer replaces the delivery', async () => {
    signedIn();
    const confirms: RecordedCall[] = [];
    let refuse = true;
    await renderShop(<Routes><Route path="/deliveries/:id" element={<DeliveryPage />} /></Routes>, (call) => {
      if (call.url.pathname === '/api/deliveries/by-id') return { body: { result: DELIVERY } };
      if (call.url.pathname === '/api/deliveries/confirm' && call.method === 'PATCH') {
        confirms.push(call);
        if (refuse) {
          refuse = false;
          return { status: 400, body: { errorCode: 'validationFailed', message: 'x', details: [{ path: 'lines.1.delivered', rule: 'maxValue', message: 'x', params: { max: 1 } }] } };
        }
        return {
          body: { result: { ...DELIVERY, status: 'approved', mayConfirm: false, mayReturn: true, approvedAt: '2030-01-15T09:01:00Z', approvedByName: 'Mia Manager', deliveryDate: '2030-01-15',
            lines: [{ ...DELIVERY.lines[0], delivered: 2, problemType: 'damagedItems' }, { ...DELIVERY.lines[1], delivered: 1 }] } },
        };
      }
      return undefined;
    }, { path: `/deliveries/${DELIVERY.id}` });

    expect(await screen.findByRole('heading', { name: DELIVERY.deliveryNumber, level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Te bevestigen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar bestelling DEV-2030-000001' })).toHaveAttribute('href', '/order-detail/o1');
    fireEvent.click(screen.getByRole('button', { name: 'Levering bevestigen' }));

    const paper = screen.getByRole('listitem', { name: '1. Kopieerpapier' });
    const staples = screen.getByRole('listitem', { name: '2. Nietjes' });
    expect(within(paper).getByRole('textbox', { name: 'Geleverd' })).toHaveValue('2');
    fireEvent.mouseDown(within(paper).getByRole('combobox', { name: 'Probleem' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beschadigd' }));
    fireEvent.change(within(staples).getByRole('textbox', { name: 'Geleverd' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));

    expect(await within(staples).findByText('De waarde is te groot. hoogstens 1')).toBeInTheDocument();
    expect(confirms[0]!.body).toEqual({
      id: DELIVERY.id,
      lines: [{ id: 'l1', delivered: 2, problemType: 'damagedItems', remark: null }, { id: 'l2', delivered: 3, problemType: null, remark: null }],
    });
    // A typed amount that is no whole number stays here.
    fireEvent.change(within(staples).getByRole('textbox', { name: 'Geleverd' }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await within(staples).findByText(/Enkel cijfers/)).toBeInTheDocument();
    expect(confirms).toHaveLength(1);

    fireEvent.change(within(staples).getByRole('textbox', { name: 'Geleverd' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    // flows §4: approved, the problem on its line.
    expect(await screen.findByText('Bevestigd')).toBeInTheDocument();
    expect(screen.getByText('met probleem')).toBeInTheDocument();
    await waitFor(() => expect(confirms).toHaveLength(2));
    expect(within(screen.getByRole('listitem', { name: '1. Kopieerpapier' })).getByText('Beschadigd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Artikelen terugsturen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Levering bevestigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bevestiging ongedaan maken' })).toBeNull();
  });
});
