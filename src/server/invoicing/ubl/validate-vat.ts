import { abs, compare, dec, equal, formatDec, mul, round, sub, sum, ZERO, type Dec } from '../../../shared/money';
import type { Paths } from './paths';
import { violation, type RuleId } from './rules';
import type { ParsedInvoice, RuleViolation, VatBreakdown } from './types';

/**
 * The VAT breakdown (BG-23). CEN's schematron lets a standard rated breakdown's taxable amount
 * (BR-S-08) and tax amount (BR-S-09, BR-CO-17) differ by less than 1.00 from the computed value
 * (VAT may be rounded per line); those differences are fatal from 1.00 and reported below it as
 * warnings, since a three-way match should see them. The other categories' amounts are exact.
 */

const ONE: Dec = { units: 100n, scale: 2 };

/** Categories checked: S standard, Z zero rated, E exempt, AE reverse charge (Belgian "medecontractant"). */
const CATEGORIES = {
  S: { line: 'BR-S-05', taxable: 'BR-S-08', tax: 'BR-S-09', exemption: 'BR-S-10', exemptionRequired: false },
  Z: { line: 'BR-Z-05', taxable: 'BR-Z-08', tax: 'BR-Z-09', exemption: 'BR-Z-10', exemptionRequired: false },
  E: { line: 'BR-E-05', taxable: 'BR-E-08', tax: 'BR-E-09', exemption: 'BR-E-10', exemptionRequired: true },
  AE: { line: 'BR-AE-05', taxable: 'BR-AE-08', tax: 'BR-AE-09', exemption: 'BR-AE-10', exemptionRequired: true },
} as const satisfies Record<string, { line: RuleId; taxable: RuleId; tax: RuleId; exemption: RuleId; exemptionRequired: boolean }>;

type Category = keyof typeof CATEGORIES;
const isCategory = (code: string | null): code is Category => code !== null && code in CATEGORIES;

/** Taxable × rate / 100, rounded to the cent (halves away from zero). */
export function vatOf(taxable: Dec, percent: Dec): Dec {
  const product = mul(taxable, percent);
  return round({ units: product.units, scale: product.scale + 2 }, 2);
}

/** Σ line net amounts + charges − allowances of `category` (and, when given, at `percent`). */
function basis(invoice: ParsedInvoice, category: string, percent: Dec | null): { total: Dec; used: boolean } {
  const rateMatches = (rate: string | null) => percent === null || (rate !== null && equal(dec(rate), percent));
  const lines = invoice.lines.filter((l) => l.vat.categoryCode === category && rateMatches(l.vat.percent));
  const acs = invoice.allowanceCharges.filter((ac) => ac.vatCategory === category && rateMatches(ac.vatPercent));
  const signed = acs.map((ac) => {
    const amount = ac.amount === null ? ZERO : dec(ac.amount);
    return ac.isCharge ? amount : { units: -amount.units, scale: amount.scale };
  });
  return { total: sum([...lines.map((l) => dec(l.netAmount)), ...signed]), used: lines.length + acs.length > 0 };
}

/** A fatal violation from a difference of 1.00, a warning below it (see above). */
function tolerated(out: RuleViolation[], rule: RuleId, path: string, found: Dec, expected: Dec, what: string) {
  const diff = abs(sub(found, expected));
  if (diff.units === 0n) return;
  const severity = compare(diff, ONE) >= 0 ? 'fatal' : 'warning';
  const note = severity === 'warning' ? ' Peppol tolerates a difference below 1.00.' : '';
  out.push(violation(rule, path, `${what} is ${formatDec(found)}, computed ${formatDec(expected)}.${note}`, { severity }));
}

function checkBreakdown(invoice: ParsedInvoice, v: VatBreakdown, i: number, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (v.taxableAmount === null) out.push(violation('BR-45', p.vat(i, 'cbc:TaxableAmount')));
  if (v.taxAmount === null) out.push(violation('BR-46', p.vat(i, 'cbc:TaxAmount')));
  if (!v.categoryCode) out.push(violation('BR-47', p.vat(i, 'cac:TaxCategory/cbc:ID')));
  if (v.percent === null && v.categoryCode !== 'O') out.push(violation('BR-48', p.vat(i, 'cac:TaxCategory/cbc:Percent')));
  if (v.taxableAmount === null || v.taxAmount === null) return out;
  const taxable = dec(v.taxableAmount);
  const tax = dec(v.taxAmount);
  if (v.percent !== null) {
    const percent = dec(v.percent);
    // BR-CO-17 compares magnitudes, so a credit correction with negative amounts is judged alike.
    if (round(percent, 0).units === 0n) {
      if (round(tax, 0).units !== 0n) out.push(violation('BR-CO-17', p.vat(i, 'cbc:TaxAmount'), `Found ${v.taxAmount} at rate ${v.percent}.`));
    } else {
      tolerated(out, 'BR-CO-17', p.vat(i, 'cbc:TaxAmount'), abs(tax), vatOf(abs(taxable), percent), 'BT-117');
    }
  }
  if (!isCategory(v.categoryCode)) return out;
  const rules = CATEGORIES[v.categoryCode];
  const hasExemption = Boolean(v.exemptionReason || v.exemptionReasonCode);
  if (hasExemption !== rules.exemptionRequired) {
    const detail = hasExemption ? `Found '${v.exemptionReasonCode ?? v.exemptionReason}'.` : undefined;
    out.push(violation(rules.exemption, p.vat(i, 'cac:TaxCategory/cbc:TaxExemptionReason'), detail));
  }
  if (v.categoryCode === 'S') {
    if (v.percent === null) return out;
    const percent = dec(v.percent);
    const { total, used } = basis(invoice, 'S', percent);
    if (!used) out.push(violation('BR-S-08', p.vat(i, 'cbc:TaxableAmount'), `No line, allowance or charge is standard rated at ${v.percent}%.`));
    else tolerated(out, 'BR-S-08', p.vat(i, 'cbc:TaxableAmount'), taxable, total, 'BT-116');
    // Only the fatal part: BR-CO-17 already warns about a smaller difference of the same amounts.
    const expected = vatOf(abs(taxable), percent);
    if (compare(abs(sub(abs(tax), expected)), ONE) >= 0) {
      out.push(violation('BR-S-09', p.vat(i, 'cbc:TaxAmount'), `BT-117 is ${v.taxAmount}, computed ${formatDec(expected)}.`));
    }
  } else {
    const { total } = basis(invoice, v.categoryCode, null);
    if (!equal(taxable, total)) out.push(violation(rules.taxable, p.vat(i, 'cbc:TaxableAmount'), `BT-116 is ${v.taxableAmount}, computed ${formatDec(total)}.`));
    if (tax.units !== 0n) out.push(violation(rules.tax, p.vat(i, 'cbc:TaxAmount'), `Found ${v.taxAmount}.`));
  }
  return out;
}

/** BG-23 rules, and the line VAT rates each category demands (BR-S-05, BR-Z-05, BR-E-05, BR-AE-05). */
export function checkVatBreakdown(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out = invoice.vatBreakdown.flatMap((v, i) => checkBreakdown(invoice, v, i, p));
  invoice.lines.forEach((line, i) => {
    if (!isCategory(line.vat.categoryCode)) return;
    const rate = line.vat.percent === null ? null : dec(line.vat.percent);
    const ok = line.vat.categoryCode === 'S' ? rate !== null && compare(rate, ZERO) > 0 : rate !== null && rate.units === 0n;
    if (!ok) {
      out.push(violation(CATEGORIES[line.vat.categoryCode].line, p.line(i, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'), `Found ${line.vat.percent ?? 'no rate'}.`, { lineId: line.id }));
    }
  });
  return out;
}
