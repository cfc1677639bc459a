import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { OrderReferences } from '../../../src/app/features/basket/checkout/OrderReferences';
import type { ShippingDetails } from '../../../src/app/common/types';
import { todayInShopZone } from '../../../src/shared/shop-clock';
import { renderShop, signedIn } from './harness';

/**
 * The basket's requested delivery date (optional): shown as the basket has it, not before today,
 * and saved with the basket when the field is left, not while a date is typed.
 */
describe("the basket's requested delivery date", () => {
  it('shows the stored day, offers none before today and saves the new one when left', async () => {
    signedIn();
    const saved: Partial<ShippingDetails>[] = [];
    const details = { addressId: null, departmentId: null, projectId: null, about: null, remark: null, loyaltyPoints: null, requestedDeliveryDate: '2099-03-01' } as ShippingDetails;
    await renderShop(<OrderReferences details={details} save={(patch) => saved.push(patch)} />, (call) => (call.method === 'GET' ? { body: [], } : undefined));
    const field = await screen.findByLabelText('Gewenste leverdatum');
    expect(field).toHaveValue('2099-03-01');
    expect(field).toHaveAttribute('min', todayInShopZone());
    expect(screen.getByText('Optioneel: de leveranciers zien ze bij hun bestelling.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2099-03-15' } });
    expect(saved).toEqual([]);
    fireEvent.blur(field);
    expect(saved).toEqual([{ requestedDeliveryDate: '2099-03-15' }]);
    // Emptied: no date asked any more.
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(saved.at(-1)).toEqual({ requestedDeliveryDate: null });
  });
});
