import { z } from 'zod';
import { resourceByName } from '../../../model';
import { fieldSchema } from '../../shared/field-schemas';
import { safeString } from '../../shared/safe-text';
import { NO_SHIPPING_DETAILS, type GiftCard, type ShippingDetails, type StoredLine } from './basket-store';

/**
 * Request bodies of the basket and order calls, parsed with the model's own field schemas (the
 * shipping details and gift card of model/resources/ordering.ts) so a malformed body is a 400 with
 * the path that is wrong, never a 500. Quantities are checked by the basket rules (InvalidQuantity).
 */

const transporters = resourceByName('transporters');
export const shippingSchema = fieldSchema(transporters.fields.shippingDetails, 'update');
const giftCardSchema = fieldSchema(transporters.fields.lines.fields!.giftCard, 'update');

const lineSchema = z.object({
  amount: z.unknown().optional(),
  giftCard: giftCardSchema,
  transporterArticle: z.object({ id: safeString(undefined, false).max(100) }),
});

/** A transporter (basket) as the contract sends it. */
export const basketSchema = z.object({
  transporterLines: z.array(lineSchema).max(1000).default([]),
  transporterShippingDetails: shippingSchema,
});

export const idsSchema = z.object({
  customerId: safeString(undefined, false).max(100).nullable().optional(),
  userId: safeString(undefined, false).max(100).nullable().optional(),
});

/** Shipping details as stored: every key present, absent ones null, points 0. */
export function shippingOf(value: unknown): ShippingDetails {
  const d = (value ?? {}) as Partial<ShippingDetails>;
  return {
    addressId: d.addressId ?? null, oneTimeAddress: (d.oneTimeAddress as Record<string, unknown> | null | undefined) ?? null,
    departmentId: d.departmentId ?? null, projectId: d.projectId ?? null, about: d.about ?? null, remark: d.remark ?? null,
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
