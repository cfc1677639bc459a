import { sql, type Kysely, type Transaction } from 'kysely';
import { resourceByName, type ORDER_STATUSES } from '../../../model';
import { checkReferences } from '../crud/references';
import { insertColumns, toColumns } from '../db/records';
import { todayInShopZone } from '../../shared/shop-clock';
import { ApiError, type ErrorDetail } from '../errors';
import { fromCents, toCents } from '../../shared/money';
import type { Acting } from './acting';
import { problemsError, tenderProblems } from './basket';
import { NO_SHIPPING_DETAILS } from './basket-store';
import { newOrderNumber, postal } from './new-order';
import type { OrderAttachment } from './order-attachments';
import { deliveryChoice } from './shipping';
import { supplierBudgetProblems } from './supplier-budget';
import { lineMoney, type LineMoney } from './totals';
import type { DB } from '../../../generated/db/database.gen';

/**
 * An order of one attachment line (flows §3 "article lines or attachment PDF lines"), what an
 * order form (order-form.ts) and an order request (order-request.ts) have in common: the
 * orderer's department, the delivery address from the book, the tender limit on the price, and
 * the order row with its line. The line is the thing bought: one supplier's price excluding VAT
 * with its VAT rate, a title and the file it is described in; its money is a basket line's
 * arithmetic (one unit at that price), so totals computed again later come out the same.
 */

type Status = keyof typeof ORDER_STATUSES;
type Db = Kysely<DB> | Transaction<DB>;

const orders = resourceByName('orders');
const orderLines = resourceByName('order-lines');

/** The longest line title (a line's title is the first words of what was asked for). */
const TITLE_MAX = 200;

/** A quote of an order form as the order keeps it (model: ORDER_QUOTE_FIELDS). */
export interface StoredQuote {
  supplierName: string;
  supplierId: string | null;
  supplierEmail: string;
  priceExcl: string;
  vatRate: number;
  attachment: OrderAttachment;
  chosen: boolean;
}

/** The one line of such an order; `priceExcl` null: not known yet (an incomplete order request). */
export interface AttachmentLine {
  supplierId: string | null;
  title: string;
  attachment: OrderAttachment | null;
  priceExcl: string | null;
  vatRate: number;
}

export interface AttachmentOrder {
  status: Status;
  description: string;
  about: string | null;
  departmentId: string | null;
  address: { id: string | null; address: ReturnType<typeof postal> | null };
  quotes: StoredQuote[];
  line: AttachmentLine;
}

/** One unit at `priceExcl` with VAT at `vatRate`, rounded as a basket line is. */
export function attachmentMoney(priceExcl: string, vatRate: number): LineMoney {
  return lineMoney({ price: priceExcl, priceQuantity: 1, amount: 1, tax: vatRate });
}

/** A line's title: the first line of the text, cut at TITLE_MAX characters. */
export function titleOf(text: string): string {
  const first = text.trim().split(/\r?\n/)[0]!.trim();
  return first.length > TITLE_MAX ? `${first.slice(0, TITLE_MAX - 1)}…` : first;
}

/**
 * Where the order goes, as for an order from the basket (shipping.ts deliveryChoice): the chosen
 * entry of the address book, else the customer's primary address, else none. A chosen entry that
 * is not (or no longer) in the book, or a one-time entry without that feature, is AddressNotFound.
 */
export async function addressOf(db: Db, acting: Acting, addressId: string | null, path: string): Promise<AttachmentOrder['address'] | ErrorDetail> {
  const choice = await deliveryChoice(db as Kysely<DB>, acting, { ...NO_SHIPPING_DETAILS, addressId });
  if (choice.kind === 'book') return { id: choice.address.id, address: postal(choice.address.address) };
  if (choice.kind === 'none') return { id: null, address: null };
  return { path, rule: 'AddressNotFound' };
}

/** The suppliers (`quotes.N.supplierId`, …) named in a body that are not the customer's or the platform's (SupplierNotFound). */
export async function supplierProblems(db: Db, acting: Acting, named: readonly { path: string; supplierId: string | null }[]): Promise<ErrorDetail[]> {
  const owner = { tenantId: acting.tenantId, customerId: acting.customerId, side: 'customer' as const };
  const out: ErrorDetail[] = [];
  for (const { path, supplierId } of named) {
    if (!supplierId) continue;
    for (const d of await checkReferences(db, orderLines, owner, { supplierId })) out.push({ ...d, path });
  }
  return out;
}

/**
 * flows §9 tender limit: one supplier's total in one order (excl. VAT) above CONSTANTS.tenderLimitEur
 * blocks it (TenderLimitExceeded, naming the supplier with its total on `path`), as for an order
 * from the basket. A supplier that is only a name counts as one supplier all the same.
 */
export function assertWithinTenderLimit(supplier: { supplierId: string | null; supplierName: string | null }, priceExcl: string, path: string): void {
  const [over] = tenderProblems([{ supplierId: supplier.supplierId ?? '', supplierName: supplier.supplierName, cents: toCents(priceExcl) }]);
  if (over) throw new ApiError('TenderLimitExceeded', [{ path, rule: 'TenderLimitExceeded', ...(over.params ? { params: over.params } : {}) }]);
}

/**
 * Writes the order and its one attachment line in the caller's transaction (after every check):
 * the tenant's next number, no shipping and no points, totals from the line (none while its price is
 * unknown). Answers the new order's id; its history and mail are the caller's (new-order.ts orderEntered).
 */
export async function insertAttachmentOrder(trx: Transaction<DB>, acting: Acting, o: AttachmentOrder): Promise<string> {
  // flows §5 "articles or attachments, not both": the order gets this one attachment line and no other.
  const money = o.line.priceExcl == null ? null : attachmentMoney(o.line.priceExcl, o.line.vatRate);
  const cents = (v: bigint | undefined) => (v == null ? null : fromCents(v));
  const orderNumber = await newOrderNumber(trx, acting);
  const order = await trx.insertInto('orders').values({
    ...toColumns(orders, {
      orderNumber, orderedById: acting.userId, status: o.status,
      departmentId: o.departmentId, projectId: null, addressId: o.address.id, address: o.address.address,
      about: o.about, extraInfo: null, labels: [], archived: false, description: o.description, quotes: o.quotes,
      totalProductCostExcl: cents(money?.excl), totalProductCostIncl: cents(money?.incl),
      shippingCost: '0.00', shippingCostVat: '0.00', loyaltyDiscount: '0.00', totalCost: cents(money?.incl),
    }),
    orderDate: sql`now()`, tenantId: acting.tenantId, customerId: acting.customerId,
  }).returning('id').executeTakeFirstOrThrow();
  const orderId = String(order.id);
  await trx.insertInto('orderLines').values({
    ...insertColumns('orderLines', orderLines, {
      orderId, lineNumber: 1, lineType: 'attachment', supplierId: o.line.supplierId, title: { nl: o.line.title, en: o.line.title, fr: o.line.title },
      unitPrice: o.line.priceExcl, priceQuantity: 1, tax: o.line.vatRate, amount: 1, attachment: o.line.attachment,
      totalLineCostExcl: cents(money?.excl), totalLineCostIncl: cents(money?.incl),
    }),
    tenantId: acting.tenantId, customerId: acting.customerId,
  }).execute();
  return orderId;
}

/**
 * Charges the supplier's budget_spent with the price excluding VAT, as an order from the basket
 * charges each of its suppliers (flows §5), when the line names a supplier of the book; refused
 * (SupplierExceededBudget) when the order `orderId` takes the supplier past its finance budget.
 */
export async function chargeSupplier(trx: Transaction<DB>, acting: Acting, supplierId: string | null, priceExcl: string, orderId: string): Promise<void> {
  if (!supplierId) return;
  const over = await supplierBudgetProblems(trx, acting.tenantId, [{ supplierId, cents: toCents(priceExcl) }], todayInShopZone(), orderId);
  if (over.length) throw problemsError(over);
  await trx.updateTable('suppliers').set({ budgetSpent: sql`coalesce(budget_spent, 0) + ${priceExcl}::numeric` })
    .where('id', '=', supplierId).where('tenantId', '=', acting.tenantId).execute();
}
