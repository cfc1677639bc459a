import { z } from 'zod';
import { resourceByName } from '../../../model';
import { field, t, type Field } from '../../../model/dsl';
import { ROLES } from '../../../model/catalogue/permissions';
import { LANDING_PAGES } from '../../../model/resources/platform';
import { CURRENCIES } from '../../../model/resources/catalogue';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { fieldsBody } from './define';
import { wireValueSchema } from '../wire-schemas';
import { orderRecordSchema } from '../../../generated/schemas/orders.gen';
import { orderLineRecordSchema } from '../../../generated/schemas/order-lines.gen';
import type { TransporterRecord } from '../../../generated/types/transporters.gen';

/**
 * Pieces of request and answer shapes that several contracts share. What the basket and order calls answer (contract "Basket", "Order"). The answer is serialized
 * through these schemas, so a key missing here never reaches the app: the DTO builders are typed
 * from them (z.input), so adding a key to a builder without adding it here does not compile.
 * Money is a decimal string; a value the database may lack is nullable rather than a 500.
 */

const transporters = resourceByName('transporters');
const text = z.string();
const money = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable();

/** The article of a basket line (small shape of the contract, not the catalogue DTO). */
export const transporterArticleSchema = z.object({
  id: text, articleNumberSupplier: maybe(text),
  title: z.object({ nl: maybe(text), en: maybe(text), fr: maybe(text) }),
  price: money, priceQuantity: z.number(), minOrderQuant: z.number(), type: text, image: maybe(text),
  shortDescriptions: z.array(z.object({ languageCode: text, description: text })),
  stock: maybe(z.number()), supplierId: text, supplierName: maybe(text), tax: z.number(),
  currency: z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES]), available: z.boolean(),
});

const supplierTotalsSchema = z.object({
  supplierId: text, supplierName: maybe(text), productCostExcl: money, shippingCost: money,
  freeShippingFrom: maybe(money), minimumOrderPrice: maybe(money), belowMinimum: z.boolean(),
});

/** A basket line's gift card and the basket's shipping details, as the model's fields (transporters.lines.giftCard, shippingDetails) answer them. */
type GiftCard = NonNullable<NonNullable<TransporterRecord['lines']>[number]['giftCard']>;
type ShippingDetails = NonNullable<TransporterRecord['shippingDetails']>;

/** The Transporter (basket) with its lines and totals. */
export const transporterSchema = z.object({
  id: maybe(text), userId: text, customerId: text,
  transporterLines: z.array(z.object({
    amount: z.number(),
    giftCard: maybe(wireValueSchema<GiftCard>(transporters.fields.lines.fields!.giftCard)),
    transporterArticle: transporterArticleSchema,
    totalLineCostExcl: money, totalLineCostIncl: money,
  })),
  transporterShippingDetails: wireValueSchema<ShippingDetails>(transporters.fields.shippingDetails),
  suppliers: z.array(supplierTotalsSchema),
  totalProductCostExcl: money, totalProductCostIncl: money, totalShippingCost: money, totalShippingCostVat: money,
  totalCost: money, itemCount: z.number(),
});

/** The basket's shipping details as a body sends them (the model's field schemas: a malformed one is a 400 naming its path). */
export const shippingSchema = fieldSchema(transporters.fields.shippingDetails, 'update');

/** The user and customer a basket call names: the caller's own, or it is refused (forbiddenAccess). */
export const idsSchema = z.object({
  customerId: safeString(undefined, false).max(100).nullable().optional(),
  userId: safeString(undefined, false).max(100).nullable().optional(),
});

/** The basket check: valid, and every problem with its message in the caller's language. */
export const basketCheckSchema = z.object({
  valid: z.boolean(),
  problems: z.array(z.object({
    errorCode: text, message: text, lineIndex: z.number().optional(), supplierId: text.optional(),
    params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  })),
});

/** An answer in the contract's `{result}` envelope. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

/**
 * A row's id a body or query names: a uuid's 8-4-4-4-12 hex groups, as the database stores them
 * (the server's UUID_RE); a malformed one is refused (400 invalid) before the handler runs.
 */
export const uuidText = z.guid({ error: 'invalid' });

/** Why an order or a supplier order is rejected or changed: free text (storable: no control characters) of at most 2000 characters. */
export const reasonText = safeString().max(2000);


/** A budget with the period the calls speak of: its amount, spent and remaining (decimal strings). */
export const budgetSchema = z.object({
  id: text, name: text, period: text, amount: money, active: z.boolean(), customerAccessId: maybe(text), holderName: maybe(text),
  periodStart: text, periodEnd: text, spent: money, remaining: money,
});

/**
 * What an approver reads before deciding on an order (the order page above its decision, the
 * approval inbox's rows): who ordered it, the department, the suppliers of its lines, and per budget
 * of its lines what the order takes from it with the period's remaining before and after approval
 * (the same when the approval already charged it, as in financeApproval).
 */
export const orderContextSchema = z.object({
  orderedByName: maybe(text),
  departmentName: maybe(text),
  suppliers: z.array(z.object({ id: maybe(text), name: text })),
  budgetEffects: z.array(z.object({ budgetId: text, name: text, orderAmount: money, remainingBefore: money, remainingAfter: money })),
});

/** An order as GET /v2/orders/{id} and the order from the basket answer it: the record, its lines and budgets. */
export const orderSchema = orderRecordSchema.extend({
  orderLines: z.array(orderLineRecordSchema),
  /** The distinct budgets of the lines, each with what is left of the period the order was placed in. */
  budgets: z.array(budgetSchema),
  /** The follow-up user's name (assignedToId), for everyone who reads the order. */
  assignedToName: maybe(text).optional(),
  /** Who ordered it, the department, the suppliers and the budgets' effect (orderContextSchema), for the decision. */
  context: orderContextSchema.optional(),
  /**
   * What the caller may do on the order now (flows §4: the workflow and the caller's roles):
   * approve, reject, change its budgets, confirm them (validate-budgets), change its extra info, archive it.
   */
  decisions: z.object({
    approve: z.boolean(), reject: z.boolean(), budgets: z.boolean(), confirmBudgets: z.boolean(), extraInfo: z.boolean(), archive: z.boolean(),
    // Changing, splitting, locking and ordering again (ordering/order-edits.ts editDecisions).
    edit: z.boolean(), labels: z.boolean(), assign: z.boolean(), editLines: z.boolean(), split: z.boolean(), lockTransactions: z.boolean(), duplicate: z.boolean(),
  }).optional(),
});

/** The dashboard's count of orders waiting for the caller, per status. */
export const toApproveCountSchema = z.object({ count: z.number(), byStatus: z.record(z.string(), z.number()) });

const statusSchema = z.object({ name: text, displayName: text });

/** The order workflow with its status names in the caller's language. */
export const workflowSchema = z.object({
  initial: text,
  statuses: z.array(statusSchema),
  transitions: z.array(z.object({ action: text, from: z.array(text), to: text, by: z.array(text), needs: z.literal('reason').optional() })),
});
export const statesSchema = z.array(statusSchema);

/** One entry of an order's history (GET /v2/orders/{id}/history). */
export const historyEntrySchema = z.object({
  id: text, action: text, userId: maybe(text), userName: maybe(text),
  fromStatus: maybe(text), toStatus: maybe(text), reason: maybe(text), createdAt: text,
});

/** Roles an access may hold (model/catalogue/permissions.ts ROLES), at most each once. */
const ROLE_NAMES = Object.keys(ROLES) as [keyof typeof ROLES, ...(keyof typeof ROLES)[]];
export const roleNames = z.array(z.enum(ROLE_NAMES)).max(ROLE_NAMES.length);
/** Departments an access holds (ids of the customer's departments). */
export const departmentIdList = z.array(uuidText).max(500);
export const landingPageChoice = z.enum(Object.keys(LANDING_PAGES) as [keyof typeof LANDING_PAGES, ...(keyof typeof LANDING_PAGES)[]]);
export const languageCodeChoice = z.enum(['NL', 'EN', 'FR', 'Undefined']);
/** A person's name part in a user body: plain text of at most `max` characters. */
export const nameText = (max: number) => safeString(undefined, false).trim().max(max);

/**
 * The body of a user search: {query:{skip, take (at most 100), search, …extra}} (flows §7 Users), in
 * the model's field language ('' and null are absent; a boolean left out is false).
 */
export const userSearchBody = <X extends object = object>(extra: Record<string, Field> = {}) => fieldsBody({
  query: field.object(t('Zoekopdracht', 'Query', 'Requête'), {
    skip: field.integer(t('Overslaan', 'Skip', 'Sauter')).min(0),
    take: field.integer(t('Aantal', 'Take', 'Nombre')).min(1).max(100),
    search: field.text(t('Zoeken', 'Search', 'Rechercher')).max(200),
    ...extra,
  }),
}) as z.ZodType<{ query?: ({ skip?: number | null; take?: number | null; search?: string | null } & X) | null }>;

/** A page of users as the user searches answer it: {result:{items, total, skip, take}}, each item with its id, e-mail, name, active flag and `extra`. */
export const userPage = <E extends z.ZodRawShape>(extra: E) => resultOf(z.object({
  items: z.array(z.object({ id: z.string().meta({ format: 'uuid' }), email: z.string(), displayname: z.string().nullable().optional(), ...extra, active: z.boolean() })),
  total: z.number(), skip: z.number(), take: z.number(),
}));
/** One stock movement of a warehouse article (a warehouse's activity, an order's stock updates). */
export const movementSchema = z.object({
  id: text, kind: text, quantity: z.number(), stockAfter: maybe(z.number()),
  warehouseId: text, warehouseName: maybe(text), warehouseInstanceId: maybe(text), supplierArticleId: maybe(text),
  articleNumberSupplier: maybe(text), articleTitle: z.object({ nl: maybe(text), en: maybe(text), fr: maybe(text) }).nullable(),
  orderId: maybe(text), orderNumber: maybe(text), deliveryId: maybe(text), deliveryNumber: maybe(text), userName: maybe(text), remark: maybe(text), createdAt: text,
});
