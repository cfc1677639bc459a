import { z } from 'zod';
import { CONSTANTS } from '../../../model';
import { access } from '../../../model/dsl/access';
import type { FieldDef } from '../../../model/dsl/field';
import { orders } from '../../../model/resources/ordering';
import { baseString } from '../field-kinds';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { schemasFor } from '../schema-builder';
import { binaryAnswer, contractsOf } from './define';
import { listAccessOf, listExportCall, modelListExportQuery } from './list-export';
import { orderLineRecordSchema } from '../../../generated/schemas/order-lines.gen';
import { orderRecordSchema } from '../../../generated/schemas/orders.gen';
import {
  historyEntrySchema, idsSchema, movementSchema, orderContextSchema, orderSchema, reasonText, resultOf, shippingSchema, statesSchema, toApproveCountSchema, uuidText, workflowSchema,
} from './shapes';

/**
 * The order calls (flows §3 Order, §4, §5, §7): reading, placing from the basket or by the order
 * form and request, deciding, budgets, changing, splitting, duplicating and locking orders, the
 * order lines' calls and flows §7's older order calls. The work is in src/server/ordering; the
 * handlers in src/server/actions/orders.ts (and order-edits.ts, order-form.ts, warehouse-stock.ts).
 */

const QUOTE = orders.fields.quotes.fields!;
const text = (max: number) => safeString(undefined, false).trim().max(max);

/**
 * A field of the model as a body key, required (or not) whatever the stored field says, validated by
 * the field's own kind (field-kinds.ts); typed here by what that kind parses to (a text, money as a
 * decimal string, an id, a number), optional ones null when left out or empty.
 */
function bodyField<T>(f: FieldDef, required: true): z.ZodType<T, T>;
function bodyField<T>(f: FieldDef, required: false): z.ZodOptional<z.ZodType<T | null, T | null>>;
function bodyField(f: FieldDef, required: boolean): z.ZodType {
  return fieldSchema({ ...f, readOnly: false, required }, 'create');
}

/**
 * A file POST /upload answered for the 'order-attachments' container, named by container and blob
 * name. Which file it is, and whether it may be used, is the server's to say (FileNotFound on the
 * attachment's path), so any other container or name is refused the same way.
 */
const attachmentRefSchema = z.object({
  containerName: baseString().max(200, { error: 'maxLength' }),
  blobName: baseString().max(200, { error: 'maxLength' }),
}, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') });

/** One quote of the order form: the model's quote fields but `chosen` (the body's `chosenQuote` says which). */
const quoteSchema = z.object({
  supplierName: bodyField<string>(QUOTE.supplierName!, true),
  supplierId: bodyField<string>(QUOTE.supplierId!, false),
  supplierEmail: bodyField<string>(QUOTE.supplierEmail!, true),
  priceExcl: bodyField<string>(QUOTE.priceExcl!, true),
  vatRate: bodyField<number>(QUOTE.vatRate!, true),
  attachment: attachmentRefSchema,
});

/** POST /v2/orders with kind 'orderForm'. */
export const orderFormBody = z.object({
  kind: z.literal('orderForm'),
  description: bodyField<string>(orders.fields.description, true),
  about: bodyField<string>(orders.fields.about, false),
  departmentId: bodyField<string>(orders.fields.departmentId, true),
  addressId: bodyField<string>(orders.fields.addressId, false),
  quotes: z.array(quoteSchema).length(CONSTANTS.orderFormQuotes, { error: 'length' }),
  chosenQuote: z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') })
    .int({ error: 'numerical' }).min(0, { error: 'minValue' }).max(CONSTANTS.orderFormQuotes - 1, { error: 'maxValue' }),
});

const vatField = bodyField<number>(QUOTE.vatRate!, false);

/** POST /v2/orders with kind 'orderRequest'. */
export const orderRequestBody = z.object({
  kind: z.literal('orderRequest'),
  description: bodyField<string>(orders.fields.description, true),
  attachment: attachmentRefSchema.nullish(),
  estimatedAmount: bodyField<string>(QUOTE.priceExcl!, false),
  vatRate: vatField,
  about: bodyField<string>(orders.fields.about, false),
  departmentId: bodyField<string>(orders.fields.departmentId, false),
  addressId: bodyField<string>(orders.fields.addressId, false),
});

/** PATCH /v2/orders/{id}/complete: the amount the request was missing (and its VAT rate; by default the line's). */
export const completeBody = z.object({
  estimatedAmount: bodyField<string>(QUOTE.priceExcl!, true),
  vatRate: vatField,
});

/** The decision on an order: approve, or reject with a reason (flows §4). */
const decision = { approve: z.boolean(), reason: reasonText.nullish() };

/** PATCH /v2/orders/{id}: the keys to change; null clears one. */
const updateBody = z.object({
  about: text(orders.fields.about.max ?? 200).nullish(),
  departmentId: uuidText.nullish(),
  projectId: uuidText.nullish(),
  labels: z.array(text(50)).max(20).nullish(),
  assignedToId: uuidText.nullish(),
});

const page = { skip: z.number().int().min(0).max(1_000_000).optional(), take: z.number().int().min(1).max(1000).optional() };

const money = z.string();
const maybe = <T extends z.ZodType>(s: T) => s.nullable();
const problemSchema = z.object({ errorCode: z.string(), params: z.record(z.string(), z.union([z.number(), z.string()])).optional() });

/** GET /v2/orders/{orderId}/duplicate: the order's lines next to today's articles, the delivery details and totals of ordering it again. */
const previewSchema = z.object({
  orderId: z.string(), orderNumber: maybe(z.string()),
  delivery: z.object({
    addressId: maybe(z.string()), addressName: maybe(z.string()),
    address: maybe(z.object({
      street: maybe(z.string()).optional(), houseNumber: maybe(z.string()).optional(), bus: maybe(z.string()).optional(),
      zipCode: maybe(z.string()).optional(), city: maybe(z.string()).optional(), countryCode: maybe(z.string()).optional(),
    })),
    sameAddress: z.boolean(), departmentId: maybe(z.string()), departmentName: maybe(z.string()), projectId: maybe(z.string()), about: maybe(z.string()),
  }),
  lines: z.array(z.object({
    orderLineId: z.string(), lineNumber: maybe(z.number()), lineType: z.string(),
    title: maybe(z.object({ nl: maybe(z.string()).optional(), en: maybe(z.string()).optional(), fr: maybe(z.string()).optional() })),
    articleNumberSupplier: maybe(z.string()), amount: z.number(), orderedUnitPrice: maybe(money), orderedPriceQuantity: maybe(z.number()),
    orderedLineTotalExcl: maybe(money),
    article: maybe(z.object({
      id: z.string(), price: money, priceQuantity: z.number(), minOrderQuant: z.number(), stock: maybe(z.number()), available: z.boolean(), giftCard: z.boolean(),
    })),
    todayLineTotalExcl: maybe(money),
    problems: z.array(problemSchema),
  })),
  totals: z.object({ totalProductCostExcl: money, totalProductCostIncl: money, totalShippingCost: money, totalShippingCostVat: money, totalCost: money }),
  problems: z.array(problemSchema.extend({ path: z.string() })),
  orderable: z.boolean(),
});

const orderAnswer = resultOf(orderSchema);

/**
 * One order of the approval inbox (GET /v2/orders/to-approve): what an approver needs to decide
 * without opening it (orderContextSchema: who ordered, department, suppliers, the budgets' effect),
 * its total excluding VAT (products and shipping), its status and which decisions are the caller's.
 */
const inboxRowSchema = orderContextSchema.extend({
  orderId: z.string(), orderNumber: maybe(z.string()), orderDate: maybe(z.string()), status: z.string(),
  totalExcl: money, about: maybe(z.string()),
  /** The caller may approve (bulk) or reject it now; an order waiting for its budgets is neither (it is opened to assign them). */
  approve: z.boolean(), reject: z.boolean(),
});
const pageOf = <T extends z.ZodType>(item: T) => resultOf(z.object({ items: z.array(item), total: z.number(), skip: z.number(), take: z.number() }));
const taskUser = z.object({ id: z.string(), name: maybe(z.string()), email: maybe(z.string()) });

/** Refusals of placing an order from lines (the basket, a duplicate): stock, quantities, the article, address, delivery date, points, minimums, limits. */
const PLACING = [
  'NotEnoughStock', 'InvalidQuantity', 'BelowMinimumOrderQuantity', 'ArticleNotAvailable', 'GiftCardDetailsRequired', 'AddressRequired', 'AddressNotFound',
  'OneTimeAddressesDisabled', 'NotDepartmentMember', 'NotEnoughPoints', 'BelowMinimumOrderPrice', 'TenderLimitExceeded', 'SupplierExceededBudget',
  'DeliveryDateInPast',
] as const;
/** Refusals of a decision on an order (ordering/decisions.ts). */
const DECIDING = ['OrderNotFound', 'OrderNotInStep', 'UnauthorizedRole', 'EmptyOrderCantBeApproved', 'BudgetNotEnough', 'SupplierExceededBudget', 'TenderLimitExceeded'] as const;
/** Refusals of a change of an order's lines before the validator's approval (ordering/order-edits.ts). */
const LINES_OPEN = ['OrderIsFinal', 'OrderNotInStep', 'UnauthorizedRole', 'OrderTransactionsLocked'] as const;

/** The orders' calls (model/resources/ordering.ts `orders`; the order lines' calls are declared here too). */
export const orderContracts = contractsOf(orders, {
  get: {
    method: 'GET', path: '/v2/orders/{id}', access: access.customer('orders', 'R'),
    summary: 'One order with its lines and the budgets derived from them.',
    response: orderAnswer,
    errors: ['OrderNotFound'],
  },
  pdf: {
    method: 'GET', path: '/v2/orders/{id}/pdf', access: access.customer('orders', 'R'),
    summary: "The order as a PDF for the buyer to print and archive (made now from what GET /v2/orders/{id} answers, in the caller's language): number, date, status, company, who ordered it, department, delivery address, requested delivery date, budgets, the lines with their suppliers and the totals. application/pdf offered as <orderNumber>.pdf; ?inline=true shows it in the browser. Whoever may not read the order gets OrderNotFound, as for the order.",
    query: z.object({ inline: z.enum(['true', 'false']).optional() }).prefault({}),
    response: binaryAnswer('application/pdf', 'The order as a PDF, offered as <orderNumber>.pdf (inline with ?inline=true).'),
    errors: ['OrderNotFound'],
  },
  fromTransporter: {
    method: 'POST', path: '/v2/orders/transporter', access: access.customer('orders', 'C'),
    summary: "Turns the user's basket into an order and empties the basket, in one transaction. Without budgetId the lines wait for budgets (toApproveBudget with the budgets feature); with budgetId (a budget the user may charge that covers the lines' total excluding VAT) every line gets it and the budgets are confirmed in the same transaction, as assign-budget and validate-budgets would, so the order starts in toApprove. A refused budget leaves no order and the basket as it was.",
    body: idsSchema.extend({ shippingDetails: shippingSchema.optional(), budgetId: uuidText.nullish() }),
    response: orderAnswer,
    errors: ['EmptyTransporter', ...PLACING, 'BudgetNotFound', 'BudgetNotEnough'],
  },
  statusCounts: {
    method: 'GET', path: '/v2/orders/status-counts', access: access.customer('orders', 'R'),
    summary: 'How many of the orders the caller reads match the list filters (those of GET /v2/orders but orderState), per status: the order list\'s counts.',
    query: schemasFor(orders).filters,
    response: resultOf(z.object({ byStatus: z.record(z.string(), z.number()), total: z.number() })),
  },
  export: listExportCall('/v2/orders/export.xlsx', listAccessOf(orders, 'customer'), modelListExportQuery(orders),
    "the orders of GET /v2/orders the caller reads (a buyer their own)", 'order number, order date, status, about, total'),
  toApproveCount: {
    method: 'GET', path: '/v2/orders/to-approve-count', access: access.customer('orders', 'R'),
    summary: "How many of the acting customer's orders wait for a step the user's roles may take (workflow), per status and in all.",
    response: resultOf(toApproveCountSchema),
  },
  toApprove: {
    method: 'GET', path: '/v2/orders/to-approve', access: access.customer('orders', 'R'),
    summary: "The approval inbox: the acting customer's open (not archived) orders waiting for a step the user's roles may take, by the rule of GET /v2/orders/to-approve-count (so as many), oldest first, at most 500 (total: all of them): each with who ordered it, the department, the suppliers, the total excluding VAT, each budget's remaining before and after the order, and whether the caller may approve or reject it now.",
    response: resultOf(z.object({ items: z.array(inboxRowSchema), total: z.number() })),
  },
  validateBulk: {
    method: 'POST', path: '/v2/orders/validate-bulk', access: access.customer('orders', 'R'),
    summary: `Approves several orders at once ({orderIds}, at most ${CONSTANTS.bulkActionMaxIds}): each through the decision of PATCH /v2/orders/{orderId}/validate (same rules, history, mails), each in its own transaction, so one refused order leaves the others approved. Answers per order, in the order sent, {orderId, ok, status?, errorCode?} with the errorCode the single decision would answer (OrderNotFound for an order of another company). Rejections go one by one (they need a reason).`,
    body: z.object({ orderIds: z.array(uuidText).min(1, { error: 'required' }).max(CONSTANTS.bulkActionMaxIds, { error: 'maxLength' }) }),
    response: resultOf(z.array(z.object({ orderId: z.string(), ok: z.boolean(), status: z.string().optional(), errorCode: z.string().optional() }))),
  },
  validate: {
    method: 'PATCH', path: '/v2/orders/{orderId}/validate', access: access.customer('orders', 'R'),
    summary: "Approves or rejects the order ({approve, reason}) as the workflow allows the caller's roles for its status; a rejection needs a reason. Answers the order.",
    body: z.object(decision),
    response: orderAnswer,
    errors: [...DECIDING],
  },
  archive: {
    method: 'PATCH', path: '/v2/orders/{id}/archive', access: access.customer('orders', 'W'),
    summary: 'Archives the order or brings it back ({archived}; without a body it turns the flag around). Archived orders leave the to-approve counts. Answers the order.',
    /** Archive or bring back; without a body the flag turns around. */
    body: z.object({ archived: z.boolean().optional() }).nullish(),
    response: orderAnswer,
    errors: ['OrderNotFound'],
  },
  extraInfo: {
    method: 'PATCH', path: '/v2/orders/{id}/extra-info', access: access.customer('orders', 'R'),
    summary: 'Changes the extra info ({extraInfo}) of an order the caller placed or may decide on, until it is final (approved or rejected: OrderIsFinal). Answers the order.',
    body: z.object({ extraInfo: z.string().max(2000).nullable() }),
    response: orderAnswer,
    errors: ['OrderNotFound', 'OrderIsFinal', 'UnauthorizedRole'],
  },
  assignBudget: {
    method: 'POST', path: '/v2/orders/{id}/assign-budget', access: access.customer('orders', 'R'),
    summary: "Assigns a budget to order lines ({budgetId, orderLineIds}; no ids: every line without a budget) while the order waits for budgets or approval; refused when a line has a budget already (BudgetsAlreadyAssigned), a line is not the order's (OrderLineNotInOrder) or the lines' total exceeds what remains of the budget's period (BudgetNotEnough). Answers the order.",
    body: z.object({ budgetId: uuidText, orderLineIds: z.array(uuidText).max(1000).nullish() }),
    response: orderAnswer,
    errors: ['OrderNotFound', 'BudgetNotFound', 'BudgetsAlreadyAssigned', 'OrderLineNotInOrder', 'NoOrderLinesProvided', 'BudgetNotEnough', 'OrderIsFinal', 'OrderNotInStep', 'UnauthorizedRole', 'OrderTransactionsLocked'],
  },
  removeBudget: {
    method: 'POST', path: '/v2/orders/{id}/remove-budget', access: access.customer('orders', 'R'),
    summary: 'Takes a budget off the order\'s lines ({budgetId}); what it had charged is released and the order waits for budgets again. Answers the order.',
    body: z.object({ budgetId: uuidText }),
    response: orderAnswer,
    errors: ['OrderNotFound', 'BudgetNotFound', 'OrderIsFinal', 'OrderNotInStep', 'UnauthorizedRole', 'OrderTransactionsLocked'],
  },
  validateBudgets: {
    method: 'POST', path: '/v2/orders/{orderId}/validate-budgets', access: access.customer('orders', 'R'),
    summary: 'Confirms the budgets of an order in toApproveBudget: at least one (BudgetsRequired), every line one (BudgetsRequired), no more budgets than lines, each with enough left (BudgetNotEnough); the order moves to toApprove. Answers the order.',
    body: z.object({}).nullish(),
    response: orderAnswer,
    errors: ['OrderNotFound', 'BudgetsRequired', 'BudgetNotEnough', 'OrderNotInStep', 'UnauthorizedRole'],
  },
  updateStock: {
    method: 'GET', path: '/v2/orders/{id}/update-stock', access: access.customer('orders', 'R'),
    summary: "The stock the order's deliveries moved in the company's warehouses, oldest first ({result: {orderId, updates: [movement]}}): each with the warehouse, the article, the quantity (negative: taken back or returned) and the stock after it.",
    response: resultOf(z.object({ orderId: z.string(), updates: z.array(movementSchema) })),
    errors: ['OrderNotFound'],
  },
  history: {
    method: 'GET', path: '/v2/orders/{id}/history', access: access.customer('orders', 'R'),
    summary: 'What happened to the order, oldest first: the action, who, when, the status before and after, and the reason given.',
    response: resultOf(z.array(historyEntrySchema)),
    errors: ['OrderNotFound'],
  },
  adminValidate: {
    method: 'POST', path: '/admin/orders/validate', access: access.platformAdmin('orders', 'X'),
    summary: "A platform admin takes the order's current step on the customer's behalf ({orderId, approve, reason}): approve or reject as the workflow goes on from its status (a rejection needs a reason). Answers the order.",
    body: z.object({ orderId: uuidText, ...decision }),
    response: orderAnswer,
    errors: [...DECIDING],
  },
  // Changing, splitting and duplicating orders (flows §3, §4, §5, §7; src/server/ordering/order-edits.ts, order-split.ts, order-duplicate.ts, order-lock.ts).
  update: {
    method: 'PATCH', path: '/v2/orders/{id}', access: access.customer('orders', 'R'),
    summary: "Changes the order's data ({about, departmentId, projectId, labels, assignedToId}; only the keys sent). About, department (the orderer must be a member: NotDepartmentMember) and project: whoever placed it or a customer admin or validator, until it is final (OrderIsFinal). Labels (the labels feature) and the follow-up user (a user of the company): users who read the company's orders, whatever its status. Answers the order.",
    body: updateBody,
    response: orderAnswer,
    errors: ['OrderNotFound', 'OrderIsFinal', 'UnauthorizedRole', 'NotDepartmentMember', 'UserNotFound'],
  },
  updateLine: {
    method: 'PUT', path: '/v2/order-lines/{id}', access: access.customer('orders', 'R'),
    summary: "Changes the amount of an order line (the line, of which only `amount` changes) before the validator's approval: at least the article's minimum (BelowMinimumOrderQuantity), within today's stock (NotEnoughStock), the tender limit checked again; the line and order totals are computed again. Answers the order.",
    /** The order line as the client has it; only its amount is taken (InvalidQuantity unless a whole number above 0). */
    body: z.object({ amount: z.number() }),
    response: orderAnswer,
    errors: ['OrderLineNotFound', 'InvalidQuantity', 'BelowMinimumOrderQuantity', 'NotEnoughStock', 'ArticleNotAvailable', 'TenderLimitExceeded', ...LINES_OPEN],
  },
  deleteLine: {
    method: 'DELETE', path: '/v2/order-lines/{id}', access: access.customer('orders', 'R'),
    summary: "Removes an order line before the validator's approval; its stock goes back and the totals are computed again. The last line stays (LastOrderLineCantBeDeleted: reject the order instead). Answers the order.",
    response: orderAnswer,
    errors: ['OrderLineNotFound', 'LastOrderLineCantBeDeleted', ...LINES_OPEN],
  },
  extractLines: {
    method: 'POST', path: '/v2/orders/{id}/extract-order-lines', access: access.customer('orders', 'R'),
    summary: "Splits the order before the validator's approval: the lines named ({orderLines: ids}, at least one: NoOrderLinesProvided, not all: CannotExtractAllLines) move to a new order with the same orderer, department, address, about and status; both orders' totals are computed again and the lines keep their budgets. Answers the new order.",
    body: z.object({ orderLines: z.array(uuidText).max(1000) }),
    response: orderAnswer,
    errors: ['OrderNotFound', 'NoOrderLinesProvided', 'CannotExtractAllLines', 'OrderLineNotInOrder', 'ConflictingOrderLineTypes', ...LINES_OPEN],
  },
  duplicatePreview: {
    method: 'GET', path: '/v2/orders/{orderId}/duplicate', access: access.customer('orders', 'R'),
    summary: "What ordering the order again would be today: each line with today's price, stock and availability and what stops it, the delivery details the new order would get and today's totals.",
    response: resultOf(previewSchema),
    errors: ['OrderNotFound'],
  },
  duplicate: {
    method: 'POST', path: '/v2/orders/{orderId}/duplicate', access: access.customer('orders', 'C'),
    summary: "Orders the order's article lines again ({lines: [{orderLineId, amount}]} to choose lines and amounts; no body: every article line as ordered) to its address, department, project and about, through the checks of an order from the basket on today's stock and prices; any problem refuses it whole, naming the lines (orderLines.N). Answers the new order.",
    body: z.object({ lines: z.array(z.object({ orderLineId: uuidText, amount: z.number() })).max(1000).optional() }).nullish(),
    response: orderAnswer,
    errors: ['OrderNotFound', 'NoOrderLinesProvided', 'OrderLineNotInOrder', ...PLACING],
  },
  assignees: {
    method: 'GET', path: '/v2/orders/assignees', access: access.customer('orders', 'R'),
    summary: "Who can follow up the acting customer's orders (users with an active access, by name): the follow-up picker of the users who read the company's orders (UnauthorizedRole for others).",
    response: resultOf(z.array(z.object({ id: z.string(), name: z.string(), email: maybe(z.string()) }))),
    errors: ['UnauthorizedRole'],
  },
  lockTransactions: {
    method: 'PATCH', path: '/v2/orders/{id}/lock-transactions', access: access.customer('orders', 'R'),
    summary: "Locks the order's transactions ({locked: false} unlocks; no body locks): customer admins and finance. A locked order's lines, splits and budgets are refused (OrderTransactionsLocked). Answers the order.",
    body: z.object({ locked: z.boolean().optional() }).nullish(),
    response: orderAnswer,
    errors: ['OrderNotFound', 'UnauthorizedRole'],
  },
  byId: {
    method: 'POST', read: true, path: '/orders/id', access: access.customer('orders', 'R'),
    summary: 'The older call for one order ({id}): as GET /v2/orders/{id}, in {result}.',
    body: z.object({ id: z.string().max(100) }),
    response: orderAnswer,
    errors: ['OrderNotFound'],
  },
  lines: {
    method: 'POST', read: true, path: '/orders/orderLines', access: access.customer('orders', 'R'),
    summary: "The older call for an order's lines ({query: {orderId, skip, take}}): {result: {items, total, skip, take}}, by line number.",
    body: z.object({ query: z.object({ orderId: z.string().max(100), ...page }) }),
    response: pageOf(orderLineRecordSchema),
    errors: ['OrderNotFound'],
  },
  validateDto: {
    method: 'POST', path: '/orders/validate', access: access.customer('orders', 'R'),
    summary: 'The older decision call ({dto: {orderId, approve, reason}}): as PATCH /v2/orders/{orderId}/validate. Answers the order.',
    body: z.object({ dto: z.object({ orderId: uuidText, ...decision }) }),
    response: orderAnswer,
    errors: [...DECIDING],
  },
  byGcsNumber: {
    method: 'POST', read: true, path: '/orders/byGcsNumber', access: access.customer('orders', 'R'),
    summary: "The order a supplier order belongs to ({query: {gcsNumber}}, the supplier order's number): as GET /v2/orders/{id}, in {result}; OrderNotFound when the acting customer has no such supplier order the caller reads.",
    body: z.object({ query: z.object({ gcsNumber: text(100).min(1, { error: 'required' }) }) }),
    response: orderAnswer,
    errors: ['OrderNotFound'],
  },
  waitingPayment: {
    method: 'POST', read: true, path: '/orders/waiting-payment', access: access.customer('orders', 'R'),
    summary: "Orders waiting for payment ({query: {skip, take}}): the acting customer's orders the caller reads with at least one invoice still to pay (open or expired), not archived, newest first: {result: {items, total, skip, take}}.",
    body: z.object({ query: z.object(page).nullish() }).nullish(),
    response: pageOf(orderRecordSchema),
  },
  tasks: {
    method: 'GET', path: '/v2/orders/{id}/tasks', access: access.platformAdmin('orders', 'R'),
    summary: "What the order waits for (platform admins; flows §3): each step of the workflow open from its status, with the roles that may take it and the users of the order's customer who hold them now (the department's validator for 'validator', whoever placed it for 'orderer'): {result: {orderId, status, tasks: [{action, to, needsReason, roles, users: [{id, name, email}]}]}}. OrderNotFound for an order of another tenant.",
    response: resultOf(z.object({
      orderId: z.string(), status: z.string(),
      tasks: z.array(z.object({ action: z.string(), to: z.string(), needsReason: z.boolean(), roles: z.array(z.string()), users: z.array(taskUser) })),
    })),
    errors: ['OrderNotFound'],
  },
  workflow: {
    method: 'GET', path: '/workflows/orders/workflow', access: access.authenticated(),
    summary: 'The order workflow (customerId): statuses with their display name in the caller\'s language, and the transitions.',
    response: resultOf(workflowSchema),
  },
  states: {
    method: 'GET', path: '/workflows/orders/state', access: access.authenticated(),
    summary: 'The order states (name, displayName) for list filters, in the caller\'s language.',
    response: resultOf(statesSchema),
  },
  // Orders not from the basket (flows §1, §2 /order-form and /order-request, §5; src/server/ordering/order-form.ts, order-request.ts).
  place: {
    method: 'POST', path: '/v2/orders', access: access.customer('orders', 'C'),
    summary: "Places an order that is not from the basket, by `kind`. 'orderForm' (feature orderForm): {description, about?, departmentId (the orderer's: NotDepartmentMember), addressId?, quotes: exactly CONSTANTS.orderFormQuotes × {supplierName, supplierId?, supplierEmail, priceExcl, vatRate, attachment: {containerName: 'order-attachments', blobName} uploaded by the caller}, chosenQuote: index}; every quote filled (validationFailed, per field), the order gets one attachment line of the chosen quote and keeps all quotes, the tender limit applies. 'orderRequest' (feature orderRequest): {description, attachment?, estimatedAmount?, vatRate?, departmentId?, addressId?, about?}; without an amount it starts incomplete. Otherwise the status is that of an order from the basket (toApproveBudget with the budgets feature, else toApprove). Answers the new order.",
    body: z.discriminatedUnion('kind', [orderFormBody, orderRequestBody]),
    response: orderAnswer,
    errors: ['NotDepartmentMember', 'AddressNotFound', 'FileNotFound', 'FileAlreadyAdded', 'FileInOrder', 'TenderLimitExceeded', 'SupplierExceededBudget'],
  },
  complete: {
    method: 'PATCH', path: '/v2/orders/{id}/complete', access: access.customer('orders', 'C'),
    summary: "Completes an incomplete order request with its amount ({estimatedAmount, vatRate?}): only whoever placed it (UnauthorizedRole), only while incomplete (OrderNotInStep); the tender limit applies and the order enters the workflow as a new order does (toApproveBudget or toApprove, the deciders' mail). Answers the order.",
    body: completeBody,
    response: orderAnswer,
    errors: ['OrderNotFound', 'UnauthorizedRole', 'OrderNotInStep', 'ConflictingOrderLineTypes', 'TenderLimitExceeded', 'SupplierExceededBudget'],
  },
});
