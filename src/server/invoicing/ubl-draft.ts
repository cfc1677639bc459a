/**
 * What a checked UBL invoice or credit note becomes in the product (pure): the invoice's number,
 * dates and totals, its lines with the price actually charged per unit, the order reference that
 * links it to a supplier order (BT-13), and the seller's identifiers to check it comes from that
 * order's supplier. A credit note becomes an invoice with negative amounts and quantities: it gives
 * back what an earlier invoice of the order charged.
 */
import type { Attachment, ParsedInvoice } from './ubl';
import { compare, dec, formatDec, ZERO } from '../../shared/money';
import { unitPriceOf } from './match';

export interface UblDraftLine {
  readonly lineNumber: number;
  /** BT-126 as written (line numbers are ours: 1, 2, … in document order). */
  readonly ublLineId: string;
  readonly orderLineReference: string | null;
  readonly articleNumberSupplier: string | null;
  readonly description: string;
  readonly quantity: string;
  /** What one unit costs on this line: the net amount (after line allowances and charges) over the quantity. */
  readonly unitPriceExcl: string;
  readonly vatPercent: string | null;
  readonly lineTotalExcl: string;
}

/** A party as the checks need it: its name, VAT id and Belgian enterprise number (from the 0208 company id, else the VAT id). */
export interface DraftParty { readonly name: string | null; readonly vatId: string | null; readonly enterpriseNumber: string | null }

export interface UblDraft {
  readonly kind: 'invoice' | 'creditNote';
  readonly number: string;
  readonly orderReference: string | null;
  readonly invoiceDate: string;
  readonly dueDate: string | null;
  readonly currency: string;
  readonly priceExcl: string;
  readonly priceIncl: string;
  readonly remarks: string | null;
  readonly seller: DraftParty;
  readonly buyer: DraftParty;
  readonly lines: readonly UblDraftLine[];
  readonly pdf: Attachment | null;
}

const negate = (text: string) => formatDec({ ...dec(text), units: -dec(text).units });

/** The enterprise number (10 digits) in a Belgian VAT id or a 0208 company id: how a seller is recognised. */
export function enterpriseNumberOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/^BE/i, '').replace(/\D/g, '');
  return digits.length === 10 ? digits : digits.length === 9 ? `0${digits}` : null;
}

export function draftFromUbl(doc: ParsedInvoice): UblDraft {
  const credit = doc.kind === 'CreditNote';
  const sign = (text: string) => (credit ? negate(text) : formatDec(dec(text)));
  const lines = doc.lines.map((line, index): UblDraftLine => {
    const quantity = dec(line.quantity);
    // Net amount over quantity: the price per unit with the line's allowances and charges in it.
    const unitPrice = compare(quantity, ZERO) === 0
      ? unitPriceOf(line.price.amount, line.price.baseQuantity)
      : unitPriceOf(line.netAmount, line.quantity);
    const name = line.item.name ?? line.item.description ?? line.item.sellersId ?? line.id;
    return {
      lineNumber: index + 1,
      ublLineId: line.id,
      orderLineReference: line.orderLineReference,
      articleNumberSupplier: line.item.sellersId,
      description: name.slice(0, 500),
      quantity: sign(line.quantity),
      unitPriceExcl: unitPrice.startsWith('-') ? unitPrice.slice(1) : unitPrice,
      vatPercent: line.vat.percent,
      lineTotalExcl: sign(line.netAmount),
    };
  });
  const party = (p: ParsedInvoice['seller']): DraftParty => ({
    name: p.name ?? p.tradingName,
    vatId: p.vatId,
    enterpriseNumber: enterpriseNumberOf(p.companyId?.schemeId === '0208' ? p.companyId.id : null) ?? enterpriseNumberOf(p.vatId),
  });
  return {
    kind: credit ? 'creditNote' : 'invoice',
    number: doc.number,
    orderReference: doc.orderReference?.trim() || null,
    invoiceDate: doc.issueDate,
    dueDate: doc.dueDate,
    currency: doc.currency,
    priceExcl: sign(doc.totals.taxExclusive),
    priceIncl: sign(doc.totals.taxInclusive),
    remarks: doc.notes.length ? doc.notes.join('\n').slice(0, 2000) : null,
    seller: party(doc.seller),
    buyer: party(doc.buyer),
    lines,
    pdf: doc.pdf,
  };
}
