import { describe, expect, test } from 'vitest';
import { fromCents } from '../../src/shared/money';
import { basketMoney, lineMoney, supplierMoney } from '../../src/server/ordering/totals';
import { discountFor } from '../../src/server/ordering/loyalty';

/** DESIGN §6 basket money, as pure arithmetic on cents. */

const terms = (over: Partial<Parameters<typeof supplierMoney>[0]> = {}) => ({
  supplierId: 's1', supplierName: 'S', shippingCost: '7.50', freeShippingFrom: '100.00', minimumOrderPrice: null, ...over,
});

describe('line totals', () => {
  test('excl = price × amount / priceQuantity, incl adds VAT at the article rate (21 and 6)', () => {
    expect(lineMoney({ price: '4.95', priceQuantity: 1, amount: 3, tax: 21 })).toEqual({ excl: 1485n, vat: 312n, incl: 1797n });
    expect(lineMoney({ price: '4.95', priceQuantity: 1, amount: 3, tax: 6 })).toEqual({ excl: 1485n, vat: 89n, incl: 1574n });
    expect(lineMoney({ price: '10.00', priceQuantity: 1, amount: 1, tax: 0 })).toEqual({ excl: 1000n, vat: 0n, incl: 1000n });
  });

  test('a price per 10 is divided by 10 and rounded half up to cents', () => {
    // 12.35 per 10, 3 pieces = 3.705 → 3.71; VAT 21% of 3.71 = 0.7791 → 0.78
    expect(lineMoney({ price: '12.35', priceQuantity: 10, amount: 3, tax: 21 })).toEqual({ excl: 371n, vat: 78n, incl: 449n });
    // 0.05 per 10, 1 piece = 0.005 → 0.01 (half up)
    expect(lineMoney({ price: '0.05', priceQuantity: 10, amount: 1, tax: 21 }).excl).toBe(1n);
    // 0.04 per 10, 1 piece = 0.004 → 0.00
    expect(lineMoney({ price: '0.04', priceQuantity: 10, amount: 1, tax: 21 }).excl).toBe(0n);
    // VAT 6% of 0.25 = 0.015 → 0.02 (half up)
    expect(lineMoney({ price: '0.25', priceQuantity: 1, amount: 1, tax: 6 }).vat).toBe(2n);
  });
});

describe('supplier shipping and minimum order price', () => {
  test('shipping is charged below free-shipping-from and free from exactly that amount', () => {
    expect(supplierMoney(terms(), 9999n).shippingCost).toBe(750n);
    expect(supplierMoney(terms(), 10000n).shippingCost).toBe(0n);
    expect(supplierMoney(terms(), 10001n).shippingCost).toBe(0n);
  });

  test('without a free-shipping threshold shipping is always charged; without a cost never', () => {
    expect(supplierMoney(terms({ freeShippingFrom: null }), 1_000_000n).shippingCost).toBe(750n);
    expect(supplierMoney(terms({ shippingCost: null, freeShippingFrom: null }), 100n).shippingCost).toBe(0n);
  });

  test('belowMinimum while the product total excl. VAT is under the minimum order price', () => {
    expect(supplierMoney(terms({ minimumOrderPrice: '50.00' }), 4999n).belowMinimum).toBe(true);
    expect(supplierMoney(terms({ minimumOrderPrice: '50.00' }), 5000n).belowMinimum).toBe(false);
    expect(supplierMoney(terms(), 1n).belowMinimum).toBe(false);
  });
});

describe('basket totals', () => {
  test('per supplier product costs, shipping with 21% VAT, total and item count', () => {
    const m = basketMoney([
      { supplierId: 'a', price: '12.35', priceQuantity: 10, amount: 3, tax: 21 }, // 3.71 / 4.49
      { supplierId: 'b', price: '20.00', priceQuantity: 1, amount: 5, tax: 6 }, // 100.00 / 106.00
      { supplierId: 'a', price: '1.00', priceQuantity: 1, amount: 2, tax: 21 }, // 2.00 / 2.42
    ], (id) => terms({ supplierId: id, shippingCost: id === 'a' ? '7.50' : '5.00', freeShippingFrom: '100.00' }));
    expect(m.suppliers.map((s) => [s.supplierId, fromCents(s.productCostExcl), fromCents(s.shippingCost)])).toEqual([['a', '5.71', '7.50'], ['b', '100.00', '0.00']]);
    expect(fromCents(m.totalProductCostExcl)).toBe('105.71');
    expect(fromCents(m.totalProductCostIncl)).toBe('112.91');
    expect(fromCents(m.totalShippingCost)).toBe('7.50');
    expect(fromCents(m.totalShippingCostVat)).toBe('1.58'); // 1.575 → 1.58
    expect(fromCents(m.totalCost)).toBe('121.99');
    expect(m.itemCount).toBe(10);
  });
});

describe('points discount', () => {
  test('min(cost, points × value, balance × value); only the points needed are used', () => {
    expect(discountFor(1000n, 500, 2500)).toEqual({ discountCents: 500n, pointsUsed: 500 });
    expect(discountFor(1000n, 5000, 2500)).toEqual({ discountCents: 1000n, pointsUsed: 1000 });
    expect(discountFor(100000n, 5000, 2500)).toEqual({ discountCents: 2500n, pointsUsed: 2500 });
    expect(discountFor(1000n, 0, 2500)).toEqual({ discountCents: 0n, pointsUsed: 0 });
  });
});
