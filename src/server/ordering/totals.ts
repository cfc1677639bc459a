import { CONSTANTS } from '../../../model';
import { fromCents, mulDivHalfUp, toCents } from '../../shared/money';

/**
 * Basket money (DESIGN §6): prices and shipping costs are excluding VAT; VAT is added per line at
 * the article's rate and on shipping at the standard rate; a supplier's free-shipping threshold and
 * minimum order price compare with that supplier's product total excluding VAT. Everything is
 * integer cents (bigint), rounded half up once per line, so totals never drift through floats.
 * Articles priced in POINTS go through the same arithmetic (their "cents" are hundredths of points).
 */

export interface LineMoneyInput {
  /** Unit price excluding VAT, as stored ('4.95'). */
  price: string;
  /** How many units the price is for (price per 10, …); at least 1. */
  priceQuantity: number;
  amount: number;
  /** VAT rate in percent. */
  tax: number;
}

export interface LineMoney { excl: bigint; vat: bigint; incl: bigint }

/** One line: excl = price × amount / priceQuantity, incl = excl + VAT at the article's rate. */
export function lineMoney(line: LineMoneyInput): LineMoney {
  const excl = mulDivHalfUp(toCents(line.price), BigInt(line.amount), BigInt(Math.max(1, line.priceQuantity)));
  const vat = mulDivHalfUp(excl, BigInt(line.tax), 100n);
  return { excl, vat, incl: excl + vat };
}

export interface SupplierTerms {
  supplierId: string;
  supplierName: string | null;
  shippingCost: string | null;
  freeShippingFrom: string | null;
  minimumOrderPrice: string | null;
}

export interface SupplierMoney {
  supplierId: string;
  supplierName: string | null;
  productCostExcl: bigint;
  shippingCost: bigint;
  freeShippingFrom: string | null;
  minimumOrderPrice: string | null;
  belowMinimum: boolean;
}

/** One supplier's share: shipping is charged unless the product total reaches free-shipping-from. */
export function supplierMoney(terms: SupplierTerms, productCostExcl: bigint): SupplierMoney {
  const free = terms.freeShippingFrom != null && productCostExcl >= toCents(terms.freeShippingFrom);
  const shippingCost = free || terms.shippingCost == null ? 0n : toCents(terms.shippingCost);
  const belowMinimum = terms.minimumOrderPrice != null && productCostExcl < toCents(terms.minimumOrderPrice);
  return {
    supplierId: terms.supplierId, supplierName: terms.supplierName, productCostExcl, shippingCost,
    freeShippingFrom: terms.freeShippingFrom == null ? null : fromCents(toCents(terms.freeShippingFrom)),
    minimumOrderPrice: terms.minimumOrderPrice == null ? null : fromCents(toCents(terms.minimumOrderPrice)),
    belowMinimum,
  };
}

/** Each supplier's shipping cost as the order keeps it (the orders' supplierShipping): the shares of its shippingCost. */
export const supplierShippingOf = (suppliers: readonly Pick<SupplierMoney, 'supplierId' | 'shippingCost'>[]) =>
  suppliers.map((s) => ({ supplierId: s.supplierId, shippingCost: fromCents(s.shippingCost) }));

export interface BasketMoney {
  lines: LineMoney[];
  suppliers: SupplierMoney[];
  totalProductCostExcl: bigint;
  totalProductCostIncl: bigint;
  totalShippingCost: bigint;
  totalShippingCostVat: bigint;
  totalCost: bigint;
  itemCount: number;
}

/** The whole basket: lines, then one entry per supplier in the order they first appear. */
export function basketMoney(lines: (LineMoneyInput & { supplierId: string })[], termsOf: (supplierId: string) => SupplierTerms): BasketMoney {
  const money = lines.map(lineMoney);
  const perSupplier = new Map<string, bigint>();
  lines.forEach((l, i) => perSupplier.set(l.supplierId, (perSupplier.get(l.supplierId) ?? 0n) + money[i].excl));
  const suppliers = [...perSupplier].map(([id, excl]) => supplierMoney(termsOf(id), excl));
  const totalProductCostExcl = money.reduce((s, m) => s + m.excl, 0n);
  const totalProductCostIncl = money.reduce((s, m) => s + m.incl, 0n);
  const totalShippingCost = suppliers.reduce((s, m) => s + m.shippingCost, 0n);
  const totalShippingCostVat = mulDivHalfUp(totalShippingCost, BigInt(CONSTANTS.standardVat), 100n);
  return {
    lines: money, suppliers, totalProductCostExcl, totalProductCostIncl, totalShippingCost, totalShippingCostVat,
    totalCost: totalProductCostIncl + totalShippingCost + totalShippingCostVat,
    itemCount: lines.reduce((s, l) => s + l.amount, 0),
  };
}
