import { isIsoDate } from '../../../shared/contract-rules';
import { decimalsOf } from '../../../shared/money';
import { violation, type RuleId } from './rules';
import type { RuleViolation } from './types';
import { NS, type XNode } from './xml';

/**
 * The rules that judge the document as written rather than the values read from it, checked on the
 * XML tree while it is read (parseUblInvoice keeps their violations for validateEn16931):
 * - PEPPOL-EN16931-F001: every date element (issue, due, tax point, delivery, invoice period start
 *   and end, on the document and its lines) is exactly YYYY-MM-DD, a real date, nothing around it;
 * - PEPPOL-EN16931-R008: no element is empty (no child element and only whitespace as text);
 * - BR-DEC with whitespace: CEN counts the characters after an amount's '.', so '132.25 ' has three
 *   decimals; amounts whose trimmed value already has more than two are judged by checkTotals;
 * - BR-CL-03, BR-CL-04, BR-CL-05: currencyIDs, the invoice currency and the VAT accounting currency
 *   are codes of ISO 4217 alpha-3, as the list of CEN's validation artefacts 1.3.16 has them.
 */

/** ISO 4217 alpha-3 as in CEN's EN 16931 validation artefacts 1.3.16 (their code list for BR-CL-03/04/05). */
export const ISO_4217 = new Set(`AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE
  CHF CHW CLF CLP CNH CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR
  ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN
  MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STD SVC
  SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VES VED VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF
  XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG`.split(/\s+/));

const DATES = new Set(['IssueDate', 'DueDate', 'TaxPointDate', 'StartDate', 'EndDate', 'ActualDeliveryDate']);
/** The elements whose currencyID BR-CL-03 checks (those of CEN's rule). */
const AMOUNTS = new Set(['Amount', 'BaseAmount', 'PriceAmount', 'TaxAmount', 'TaxableAmount', 'LineExtensionAmount', 'TaxExclusiveAmount',
  'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount']);
const TOTALS: Readonly<Record<string, RuleId>> = {
  LineExtensionAmount: 'BR-DEC-09', AllowanceTotalAmount: 'BR-DEC-10', ChargeTotalAmount: 'BR-DEC-11', TaxExclusiveAmount: 'BR-DEC-12',
  TaxInclusiveAmount: 'BR-DEC-14', PrepaidAmount: 'BR-DEC-16', PayableRoundingAmount: 'BR-DEC-17', PayableAmount: 'BR-DEC-18',
};
/** XML's whitespace, the characters normalize-space() removes. */
const BLANK = /^[ \t\r\n]*$/;

const prefixOf = (node: XNode) => (node.ns === NS.cbc ? 'cbc:' : node.ns === NS.cac ? 'cac:' : '');
const isChargeAc = (ac: XNode) => ac.children.some((c) => c.ns === NS.cbc && c.name === 'ChargeIndicator' && c.text.trim() === 'true');

/** The BR-DEC rule (of those checkTotals applies) for an amount `node` below `parent`, below `grand`. */
function decimalsRule(node: XNode, parent: XNode, grand: XNode | undefined, currency: string | null): RuleId | null {
  if (parent.name === 'LegalMonetaryTotal') return TOTALS[node.name] ?? null;
  if (parent.name === 'TaxSubtotal') return node.name === 'TaxableAmount' ? 'BR-DEC-19' : node.name === 'TaxAmount' ? 'BR-DEC-20' : null;
  // BT-110 only: a second TaxAmount in the accounting currency is BT-111, whose BR-DEC-15 is not checked.
  if (parent.name === 'TaxTotal' && node.name === 'TaxAmount') return node.attrs.currencyID?.trim() === currency ? 'BR-DEC-13' : null;
  if ((parent.name === 'InvoiceLine' || parent.name === 'CreditNoteLine') && node.name === 'LineExtensionAmount') return 'BR-DEC-23';
  if (parent.name === 'AllowanceCharge' && node.name === 'Amount' && grand && (grand.name === 'Invoice' || grand.name === 'CreditNote')) {
    return isChargeAc(parent) ? 'BR-DEC-05' : 'BR-DEC-01';
  }
  return null;
}

/** The violations of the rules above in the document whose root is `root`. */
export function checkAsWritten(root: XNode): RuleViolation[] {
  const out: RuleViolation[] = [];
  const currency = root.children.find((c) => c.ns === NS.cbc && c.name === 'DocumentCurrencyCode')?.text.trim() ?? null;
  const visit = (node: XNode, path: string, parent?: XNode, grand?: XNode) => {
    const leaf = node.children.length === 0;
    if (leaf && BLANK.test(node.text)) out.push(violation('PEPPOL-EN16931-R008', path));
    if (node.ns === NS.cbc) {
      if (DATES.has(node.name) && !isIsoDate(node.text)) out.push(violation('PEPPOL-EN16931-F001', path, `Found '${node.text}'.`));
      if (AMOUNTS.has(node.name)) {
        const code = node.attrs.currencyID?.trim() ?? '';
        if (!ISO_4217.has(code)) out.push(violation('BR-CL-03', path, `Found currencyID '${code}'.`));
        const rule = parent && decimalsRule(node, parent, grand, currency);
        const written = node.text.includes('.') ? node.text.slice(node.text.indexOf('.') + 1).length : 0;
        if (rule && written > 2 && decimalsOf(node.text.trim()) <= 2) {
          out.push(violation(rule, path, `'${node.text}' has ${written} characters after its decimal point (whitespace counts).`));
        }
      }
      if (parent === root && (node.name === 'DocumentCurrencyCode' || node.name === 'TaxCurrencyCode') && !ISO_4217.has(node.text.trim())) {
        out.push(violation(node.name === 'DocumentCurrencyCode' ? 'BR-CL-04' : 'BR-CL-05', path, `Found '${node.text.trim()}'.`));
      }
    }
    const names = node.children.map((child) => `${prefixOf(child)}${child.name}`);
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    const seen = new Map<string, number>();
    node.children.forEach((child, i) => {
      const index = (seen.get(names[i]) ?? 0) + 1;
      seen.set(names[i], index);
      visit(child, `${path}/${names[i]}${counts.get(names[i])! > 1 ? `[${index}]` : ''}`, node, parent);
    });
  };
  visit(root, `/${root.name}`);
  return out;
}
