import { add, dec, decimalsOf, equal, formatDec, round, sub, sum, ZERO, type Dec } from '../../../shared/money';
import type { Paths } from './paths';
import { violation, type RuleId } from './rules';
import type { DecimalString, ParsedInvoice, RuleViolation } from './types';

/** Document totals (BG-22): BR-CO-10 … BR-CO-16, exact to the cent as CEN's schematron has them, and their decimals. */
export function checkTotals(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  const t = invoice.totals;
  const opt = (value: DecimalString | null): Dec => (value === null ? ZERO : dec(value));
  const sums = (isCharge: boolean) => invoice.allowanceCharges.filter((ac) => ac.isCharge === isCharge);
  const expect = (rule: RuleId, path: string, actual: DecimalString | null, expected: Dec) => {
    const wanted = formatDec(round(expected, 2));
    if (actual === null || !equal(dec(actual), round(expected, 2))) {
      out.push(violation(rule, path, `Found ${actual ?? 'nothing'}, expected ${wanted}.`));
    }
  };

  expect('BR-CO-10', p.totals('LineExtensionAmount'), t.lineExtension, sum(invoice.lines.map((l) => dec(l.netAmount))));
  for (const [isCharge, rule, field, actual] of [
    [false, 'BR-CO-11', 'AllowanceTotalAmount', t.allowanceTotal],
    [true, 'BR-CO-12', 'ChargeTotalAmount', t.chargeTotal],
  ] as const) {
    const list = sums(isCharge);
    // Both absent is fine; a total without any allowance (charge) must then be zero.
    if (actual !== null || list.length > 0) expect(rule, p.totals(field), actual, sum(list.map((ac) => opt(ac.amount))));
  }
  expect('BR-CO-13', p.totals('TaxExclusiveAmount'), t.taxExclusive, add(sub(dec(t.lineExtension), opt(t.allowanceTotal)), opt(t.chargeTotal)));
  if (invoice.vatBreakdown.length > 0) {
    expect('BR-CO-14', p.root('cac:TaxTotal/cbc:TaxAmount'), t.vat, sum(invoice.vatBreakdown.map((v) => opt(v.taxAmount))));
  }
  if (t.vat === null) {
    out.push(violation('BR-CO-15', p.root('cac:TaxTotal/cbc:TaxAmount'), 'The Invoice total VAT amount (BT-110) in the invoice currency is missing.'));
  } else {
    expect('BR-CO-15', p.totals('TaxInclusiveAmount'), t.taxInclusive, add(dec(t.taxExclusive), dec(t.vat)));
  }
  expect('BR-CO-16', p.totals('PayableAmount'), t.payable, add(sub(dec(t.taxInclusive), opt(t.prepaid)), opt(t.payableRounding)));
  out.push(...checkDecimals(invoice, p));
  return out;
}

function checkDecimals(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  const atMost2 = (rule: RuleId, value: DecimalString | null, path: string, lineId?: string) => {
    if (value !== null && decimalsOf(value) > 2) out.push(violation(rule, path, `Found ${value}.`, lineId !== undefined ? { lineId } : {}));
  };
  const t = invoice.totals;
  atMost2('BR-DEC-09', t.lineExtension, p.totals('LineExtensionAmount'));
  atMost2('BR-DEC-10', t.allowanceTotal, p.totals('AllowanceTotalAmount'));
  atMost2('BR-DEC-11', t.chargeTotal, p.totals('ChargeTotalAmount'));
  atMost2('BR-DEC-12', t.taxExclusive, p.totals('TaxExclusiveAmount'));
  atMost2('BR-DEC-13', t.vat, p.root('cac:TaxTotal/cbc:TaxAmount'));
  atMost2('BR-DEC-14', t.taxInclusive, p.totals('TaxInclusiveAmount'));
  atMost2('BR-DEC-16', t.prepaid, p.totals('PrepaidAmount'));
  atMost2('BR-DEC-17', t.payableRounding, p.totals('PayableRoundingAmount'));
  atMost2('BR-DEC-18', t.payable, p.totals('PayableAmount'));
  invoice.vatBreakdown.forEach((v, i) => {
    atMost2('BR-DEC-19', v.taxableAmount, p.vat(i, 'cbc:TaxableAmount'));
    atMost2('BR-DEC-20', v.taxAmount, p.vat(i, 'cbc:TaxAmount'));
  });
  invoice.allowanceCharges.forEach((ac, i) => atMost2(ac.isCharge ? 'BR-DEC-05' : 'BR-DEC-01', ac.amount, p.allowanceCharge(i, 'cbc:Amount')));
  invoice.lines.forEach((line, i) => atMost2('BR-DEC-23', line.netAmount, p.line(i, 'cbc:LineExtensionAmount'), line.id));
  return out;
}
