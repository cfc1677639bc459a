import { compare, dec, ZERO } from '../../../shared/money';
import { paths, type Paths } from './paths';
import { violation } from './rules';
import type { InvoiceParty, ParsedInvoice, RuleViolation } from './types';
import { checkPeppol } from './validate-peppol';
import { checkTotals } from './validate-totals';
import { checkVatBreakdown } from './validate-vat';

/**
 * The EN 16931 and Peppol BIS 3.0 business rules that can be checked offline, on a parsed invoice.
 * An empty list means none is broken. Rules the parser enforces itself (BR-02 … BR-05, BR-12 …
 * BR-15, BR-22, BR-24, BR-26: it throws without them) are not repeated here.
 */
export function validateEn16931(invoice: ParsedInvoice): RuleViolation[] {
  const p = paths(invoice);
  return [
    ...checkDocument(invoice, p),
    ...checkParty(invoice.seller, 'seller', p),
    ...checkParty(invoice.buyer, 'buyer', p),
    ...checkLines(invoice, p),
    ...checkAllowanceCharges(invoice, p),
    ...checkTotals(invoice, p),
    ...checkVatBreakdown(invoice, p),
    ...checkPeppol(invoice, p),
    ...invoice.writtenViolations,
  ];
}

function checkDocument(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (!invoice.customizationId) out.push(violation('BR-01', p.root('cbc:CustomizationID')));
  if (invoice.lines.length === 0) out.push(violation('BR-16', p.root()));
  if (invoice.vatBreakdown.length === 0) out.push(violation('BR-CO-18', p.root('cac:TaxTotal')));
  // A credit note is paid by the seller, so BR-CO-25 binds invoices only (as Peppol 3.0.19's CEN rules have it).
  if (invoice.kind === 'Invoice' && compare(dec(invoice.totals.payable), ZERO) > 0 && !invoice.dueDate && !invoice.paymentTerms) {
    out.push(violation('BR-CO-25', p.totals('PayableAmount'), `BT-115 is ${invoice.totals.payable}.`));
  }
  return out;
}

/** An ISO 3166-1 alpha-2 code, or EL (Greece), XI (Northern Ireland) or 1A (Kosovo), as BR-CO-09's list has them. */
const VAT_PREFIXES = new Set(`1A AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
  BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF
  GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA
  LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM
  PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH
  TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XI YE YT ZA ZM ZW`.split(/\s+/));

function checkParty(party: InvoiceParty, side: 'seller' | 'buyer', p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  const seller = side === 'seller';
  if (!party.name) out.push(violation(seller ? 'BR-06' : 'BR-07', p.party(side, 'cac:PartyLegalEntity/cbc:RegistrationName')));
  if (!party.address) out.push(violation(seller ? 'BR-08' : 'BR-10', p.party(side, 'cac:PostalAddress')));
  else if (!party.address.countryCode) out.push(violation(seller ? 'BR-09' : 'BR-11', p.party(side, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')));
  if (party.vatId !== null && !VAT_PREFIXES.has(party.vatId.slice(0, 2))) {
    out.push(violation('BR-CO-09', p.party(side, 'cac:PartyTaxScheme/cbc:CompanyID'), `Found '${party.vatId}'.`));
  }
  if (seller && !party.vatId && !party.companyId && party.identifiers.length === 0) out.push(violation('BR-CO-26', p.party(side)));
  return out;
}

function checkLines(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  invoice.lines.forEach((line, i) => {
    const lineId = line.id;
    if (!line.id) out.push(violation('BR-21', p.line(i, 'cbc:ID'), undefined, { lineId }));
    if (!line.unitCode) out.push(violation('BR-23', p.line(i, invoice.kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity'), undefined, { lineId }));
    if (!line.item.name) out.push(violation('BR-25', p.line(i, 'cac:Item/cbc:Name'), undefined, { lineId }));
    if (compare(dec(line.price.amount), ZERO) < 0) out.push(violation('BR-27', p.line(i, 'cac:Price/cbc:PriceAmount'), `Found ${line.price.amount}.`, { lineId }));
    if (!line.vat.categoryCode) out.push(violation('BR-CO-04', p.line(i, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'), undefined, { lineId }));
    line.allowanceCharges.forEach((ac, j) => {
      if (ac.reason || ac.reasonCode) return;
      const path = p.line(i, `cac:AllowanceCharge[${j + 1}]/cbc:AllowanceChargeReason`);
      for (const rule of ac.isCharge ? (['BR-44', 'BR-CO-24'] as const) : (['BR-42', 'BR-CO-23'] as const)) out.push(violation(rule, path, undefined, { lineId }));
    });
  });
  return out;
}

function checkAllowanceCharges(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  invoice.allowanceCharges.forEach((ac, i) => {
    const [amountRule, categoryRule, reasonRule] = ac.isCharge ? (['BR-36', 'BR-37', 'BR-38'] as const) : (['BR-31', 'BR-32', 'BR-33'] as const);
    if (ac.amount === null) out.push(violation(amountRule, p.allowanceCharge(i, 'cbc:Amount')));
    if (!ac.vatCategory) out.push(violation(categoryRule, p.allowanceCharge(i, 'cac:TaxCategory/cbc:ID')));
    if (!ac.reason && !ac.reasonCode) out.push(violation(reasonRule, p.allowanceCharge(i, 'cbc:AllowanceChargeReason')));
  });
  return out;
}
