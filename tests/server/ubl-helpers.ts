import { readFileSync } from 'node:fs';
import { parseUblInvoice, validateEn16931, type ParsedInvoice } from '../../src/server/invoicing/ubl';

/** The sample documents (tests/server/fixtures/ubl), and ways to break them one rule at a time. */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/ubl/${name}`, import.meta.url), 'utf8');
export const INVOICE_XML = fixture('invoice-be.xml');
export const CREDIT_NOTE_XML = fixture('credit-note-be.xml');

/** `xml` with `from` replaced by `to`; throws when `from` is not there, so a changed fixture fails loudly. */
export function edit(xml: string, from: string | RegExp, to: string): string {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`The sample has no ${String(from)}`);
  return changed;
}

export type Mutable<T> = T extends Uint8Array ? T : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

const invoice = parseUblInvoice(INVOICE_XML);
const creditNote = parseUblInvoice(CREDIT_NOTE_XML);

/** A fresh, changeable copy of the parsed sample invoice (or credit note). */
export function sample(kind: 'invoice' | 'creditNote' = 'invoice'): Mutable<ParsedInvoice> {
  return structuredClone(kind === 'invoice' ? invoice : creditNote) as Mutable<ParsedInvoice>;
}

/** The distinct rule identifiers an invoice breaks, sorted; `severity` narrows to fatal or warning ones. */
export function rulesBroken(doc: ParsedInvoice, severity?: 'fatal' | 'warning'): string[] {
  const violations = validateEn16931(doc).filter((v) => !severity || v.severity === severity);
  return [...new Set(violations.map((v) => v.rule))].sort();
}

/**
 * The sample invoice with its 6% part (the coffee line and the discount) moved to VAT category
 * `code` at 0%, every total adjusted: valid as it stands, ready to break one category rule.
 */
export function sampleWithZeroRatedPart(code: 'Z' | 'E' | 'AE', exemption?: { reason?: string; code?: string }): Mutable<ParsedInvoice> {
  const doc = sample();
  doc.lines[2].vat = { categoryCode: code, percent: '0' };
  doc.allowanceCharges[1].vatCategory = code;
  doc.allowanceCharges[1].vatPercent = '0';
  Object.assign(doc.vatBreakdown[1], {
    categoryCode: code, percent: '0', taxableAmount: '60.00', taxAmount: '0.00',
    exemptionReason: exemption?.reason ?? null, exemptionReasonCode: exemption?.code ?? null,
  });
  Object.assign(doc.totals, { vat: '13.65', taxInclusive: '138.65', payable: '128.65' });
  return doc;
}
