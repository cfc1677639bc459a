import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OrderReminders } from '../../../src/app/features/orders/OrderReminders';
import type { OrderDetail } from '../../../src/app/common/types';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * The order's reminders on the generated order-reminders calls: the list as the server answers it;
 * removing one sends its DELETE, reads the list again and closes the dialog; a refused removal keeps
 * the dialog open with its translated failure.
 */

eachTestAMinuteLater('2026-12-02T10:00:00Z');

const order = { id: 'o1' } as OrderDetail;
const reminder = {
  id: 'r1', orderId: 'o1', userId: 'u1', title: 'Call the supplier', description: null, date: '2026-12-20T08:00:00Z', isRecurring: true, frequency: 'weekly',
  nextDueAt: '2026-12-20T08:00:00Z', lastSentAt: null, sentCount: 0, createdAt: '2026-12-01T10:00:00Z', updatedAt: '2026-12-01T10:00:00Z',
};

function server(refuseDelete = false) {
  let reminders = [reminder];
  return (call: RecordedCall) => {
    const path = call.url.pathname;
    if (path === '/api/v2/orders/o1/reminders' && call.method === 'GET') return { body: { result: reminders } };
    if (path === '/api/v2/orders/o1/reminders/r1' && call.method === 'DELETE') {
      if (refuseDelete) return { status: 500, body: { message: 'x' } };
      reminders = [];
      return { body: { result: { id: 'r1' } } };
    }
    return { body: null };
  };
}

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v2/orders/o1/reminders').length;

describe('order reminders', () => {
  it('removes a reminder, reads the list again and closes the dialog', async () => {
    signedIn();
    const { net } = await renderShop(<OrderReminders order={order} />, server(), { language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Call the supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Call the supplier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no reminders on this order yet.')).toBeInTheDocument();
    expect(net.calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/v2/orders/o1/reminders/r1')).toBe(true);
    expect(reads(net.calls)).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the translated failure when the removal is refused', async () => {
    signedIn();
    await renderShop(<OrderReminders order={order} />, server(true), { language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Call the supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Call the supplier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error deleting the reminder');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
