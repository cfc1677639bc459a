import type { z } from 'zod';
import type { basketSchema } from '../../shared/contracts/transporters';
import { NO_SHIPPING_DETAILS, type GiftCard, type ShippingDetails, type StoredLine } from './basket-store';

/**
 * The basket and order calls' bodies (validated by their contracts: src/shared/contracts/transporters.ts,
 * orders.ts) as the basket code takes them: lines and shipping details with every key present.
 */

/** Shipping details as stored: every key present, absent ones null, points 0. */
export function shippingOf(value: unknown): ShippingDetails {
  const d = (value ?? {}) as Partial<ShippingDetails>;
  return {
    addressId: d.addressId ?? null, oneTimeAddress: (d.oneTimeAddress as Record<string, unknown> | null | undefined) ?? null,
    departmentId: d.departmentId ?? null, projectId: d.projectId ?? null, about: d.about ?? null, remark: d.remark ?? null,
    requestedDeliveryDate: d.requestedDeliveryDate ?? null,
    loyaltyPoints: d.loyaltyPoints ?? NO_SHIPPING_DETAILS.loyaltyPoints,
  };
}

export interface BasketInput { lines: StoredLine[]; shipping: ShippingDetails }

/** A transporter the route's schema validated (`transporter` of PUT, `dto` of POST) as lines and shipping details. */
export function basketInput(parsed: z.output<typeof basketSchema>): BasketInput {
  return {
    lines: parsed.transporterLines.map((l) => ({
      supplierArticleId: l.transporterArticle.id,
      amount: typeof l.amount === 'number' ? l.amount : Number.NaN,
      giftCard: (l.giftCard ?? null) as GiftCard | null,
    })),
    shipping: shippingOf(parsed.transporterShippingDetails),
  };
}

/** Optional shipping details (POST /v2/orders/transporter), validated by the route's schema. */
export function shippingInput(value: unknown): ShippingDetails | undefined {
  return value === undefined || value === null ? undefined : shippingOf(value);
}
