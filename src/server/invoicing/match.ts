/**
 * The three-way match (pure, no database): what was ordered (the supplier order's lines), what was
 * received (the confirmed deliveries' delivered minus returned amounts) and what is invoiced (this
 * invoice's lines, plus what earlier invoices of the same supplier order already charged). Each
 * invoice line is matched to an ordered line; the quantities and unit prices must agree within the
 * customer's tolerance. Amounts are exact decimals (src/shared/money.ts), never floats: a tolerance check
 * `invoiced ≤ expected × (100 + percent) / 100` is written as `invoiced × 100 ≤ expected × (100 + percent)`.
 */
import { add, compare, dec, formatDec as formatScaled, mul, round, sum, ZERO, type Dec } from '../../shared/money';

/** A decimal without trailing zeros ('2.000' → '2', '7.50' → '7.5'): one value always reads the same. */
function formatDec(d: Dec): string {
  const text = formatScaled(d);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** One line of the supplier order, with the unit price agreed (charged price, else catalogue price). */
export interface OrderedLine {
  readonly id: string;
  readonly lineNumber: number | null;
  readonly articleNumberSupplier: string | null;
  readonly quantity: number;
  /** Excl. VAT, a decimal string; null when the order line carries no price. */
  readonly unitPriceExcl: string | null;
}

/** One line of the invoice being matched. */
export interface InvoicedLine {
  readonly lineNumber: number;
  /** The ordered line it invoices, when known (set by hand, by create-yc-invoice or resolved before). */
  readonly supplierOrderLineId: string | null;
  /** UBL BT-132: the buyer's order line reference, our supplier-order line number. */
  readonly orderLineReference?: string | null;
  readonly articleNumberSupplier: string | null;
  /** Decimal strings. A credit note's lines are negative. */
  readonly quantity: string;
  readonly unitPriceExcl: string;
}

/** Per customer: how far (in percent) an invoice may be above what was received and agreed. */
export interface MatchTolerance {
  readonly pricePercent: string;
  readonly quantityPercent: string;
}

export interface MatchInput {
  readonly ordered: readonly OrderedLine[];
  /** Per ordered line id: delivered minus returned over the supplier order's confirmed deliveries. */
  readonly received: ReadonlyMap<string, number>;
  /** Per ordered line id: the quantity the supplier order's other (not deleted) invoices charge. */
  readonly invoicedBefore: ReadonlyMap<string, string>;
  readonly lines: readonly InvoicedLine[];
  /** The invoice's total excl. VAT: matched against what was received when the invoice has no lines. */
  readonly totalExcl: string | null;
  readonly tolerance: MatchTolerance;
}

export const MATCH_PROBLEMS = ['notOrdered', 'moreThanOrdered', 'moreThanReceived', 'priceAboveAgreed', 'totalAboveReceived'] as const;
export type MatchProblemCode = (typeof MATCH_PROBLEMS)[number];

export interface MatchProblem {
  readonly code: MatchProblemCode;
  /** What the order or the deliveries allow (before tolerance) and what the invoice says. */
  readonly expected: string;
  readonly actual: string;
}

export interface LineMatch {
  /** The invoice line, or null for the document-level check of an invoice without lines. */
  readonly lineNumber: number | null;
  readonly supplierOrderLineId: string | null;
  readonly ordered: number | null;
  readonly received: number | null;
  /** With the earlier invoices of the supplier order. */
  readonly invoicedTotal: string;
  readonly agreedUnitPrice: string | null;
  readonly invoicedUnitPrice: string | null;
  readonly problems: readonly MatchProblem[];
}

export interface MatchResult {
  readonly status: 'matched' | 'mismatch';
  readonly lines: readonly LineMatch[];
  /** Identifies the set of problems: an acceptance holds while the problems it accepted stay the same. */
  readonly fingerprint: string;
}

const HUNDRED = dec('100');

/** value × 100 ≤ limit × (100 + percent): value is within `percent` above limit. */
function within(value: Dec, limit: Dec, percent: Dec): boolean {
  return compare(mul(value, HUNDRED), mul(limit, add(HUNDRED, percent))) <= 0;
}

/** The ordered line an invoice line invoices: its id, else BT-132 as line number, else the article number (when unique). */
export function resolveOrderedLine(line: InvoicedLine, ordered: readonly OrderedLine[]): OrderedLine | null {
  if (line.supplierOrderLineId) return ordered.find((o) => o.id === line.supplierOrderLineId) ?? null;
  const reference = line.orderLineReference?.trim();
  if (reference && /^\d+$/.test(reference)) {
    const byNumber = ordered.find((o) => o.lineNumber === Number(reference));
    if (byNumber) return byNumber;
  }
  const article = line.articleNumberSupplier?.trim().toLowerCase();
  if (article) {
    const byArticle = ordered.filter((o) => o.articleNumberSupplier?.trim().toLowerCase() === article);
    if (byArticle.length === 1) return byArticle[0];
  }
  return null;
}

export function matchInvoice(input: MatchInput): MatchResult {
  const pricePercent = dec(input.tolerance.pricePercent);
  const quantityPercent = dec(input.tolerance.quantityPercent);
  const lines: LineMatch[] = [];

  if (input.lines.length === 0) {
    // No lines to match one by one: the invoice's total may not exceed what was received at the agreed prices.
    const receivedValue = sum(input.ordered.map((o) => mul(dec(String(input.received.get(o.id) ?? 0)), dec(o.unitPriceExcl ?? '0'))));
    const total = dec(input.totalExcl ?? '0');
    const problems: MatchProblem[] = within(total, receivedValue, pricePercent)
      ? []
      : [{ code: 'totalAboveReceived', expected: formatDec(receivedValue), actual: formatDec(total) }];
    lines.push({ lineNumber: null, supplierOrderLineId: null, ordered: null, received: null, invoicedTotal: formatDec(total), agreedUnitPrice: null, invoicedUnitPrice: null, problems });
  } else {
    // Several invoice lines may charge one ordered line: quantities add up per ordered line, in line order.
    const charged = new Map<string, Dec>();
    for (const line of input.lines) {
      const orderedLine = resolveOrderedLine(line, input.ordered);
      const quantity = dec(line.quantity);
      const price = dec(line.unitPriceExcl);
      if (!orderedLine) {
        lines.push({
          lineNumber: line.lineNumber, supplierOrderLineId: null, ordered: null, received: null,
          invoicedTotal: formatDec(quantity), agreedUnitPrice: null, invoicedUnitPrice: formatDec(price),
          problems: [{ code: 'notOrdered', expected: '0', actual: formatDec(quantity) }],
        });
        continue;
      }
      const before = charged.get(orderedLine.id) ?? dec(input.invoicedBefore.get(orderedLine.id) ?? '0');
      const total = add(before, quantity);
      charged.set(orderedLine.id, total);
      const received = input.received.get(orderedLine.id) ?? 0;
      const problems: MatchProblem[] = [];
      if (!within(total, dec(String(orderedLine.quantity)), quantityPercent)) {
        problems.push({ code: 'moreThanOrdered', expected: String(orderedLine.quantity), actual: formatDec(total) });
      }
      if (!within(total, dec(String(received)), quantityPercent)) {
        problems.push({ code: 'moreThanReceived', expected: String(received), actual: formatDec(total) });
      }
      // A credit (negative quantity) gives money back: its price is never above what was agreed.
      if (orderedLine.unitPriceExcl !== null && compare(quantity, ZERO) > 0 && !within(price, dec(orderedLine.unitPriceExcl), pricePercent)) {
        problems.push({ code: 'priceAboveAgreed', expected: formatDec(dec(orderedLine.unitPriceExcl)), actual: formatDec(price) });
      }
      lines.push({
        lineNumber: line.lineNumber, supplierOrderLineId: orderedLine.id, ordered: orderedLine.quantity, received,
        invoicedTotal: formatDec(total), agreedUnitPrice: orderedLine.unitPriceExcl, invoicedUnitPrice: formatDec(price),
        problems,
      });
    }
  }

  const problemLines = lines.filter((l) => l.problems.length > 0);
  const fingerprint = problemLines
    .map((l) => `${l.lineNumber ?? '-'}:${l.problems.map((p) => `${p.code}=${p.expected}/${p.actual}`).join(',')}`)
    .join(';');
  return { status: problemLines.length ? 'mismatch' : 'matched', lines, fingerprint };
}

/** The price of one unit from UBL's price per base quantity (BT-146 / BT-149), to at most 4 decimals (halves away from zero). */
export function unitPriceOf(amount: string, baseQuantity: string | null): string {
  const a = dec(amount);
  if (!baseQuantity || compare(dec(baseQuantity), ZERO) === 0) return formatDec(a);
  const b = dec(baseQuantity);
  const SCALE = 10;
  // a / b at SCALE decimals, then rounded: (a.units / 10^a.scale) / (b.units / 10^b.scale).
  const quotient = (a.units * 10n ** BigInt(SCALE + b.scale)) / (b.units * 10n ** BigInt(a.scale));
  return formatDec(round({ units: quotient, scale: SCALE }, 4));
}
