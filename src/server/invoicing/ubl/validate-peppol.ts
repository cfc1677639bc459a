import { abs, compare, dec, mul, sub, sum, ZERO, type Dec } from '../../../shared/money';
import type { Paths } from './paths';
import { violation } from './rules';
import type { InvoiceParty, ParsedInvoice, RuleViolation, SchemedId } from './types';

/** Peppol BIS Billing 3.0 rules (release 3.0.19) on top of EN 16931. */

const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE = /^urn:fdc:peppol\.eu:2017:poacc:billing:(\d{2}):1\.0$/;
const INVOICE_TYPES = new Set('71 80 82 84 102 218 219 331 380 382 383 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '));
const CREDIT_NOTE_TYPES = new Set('381 396 81 83 532'.split(' '));
const MIME_CODES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.spreadsheet']);
/** Electronic Address Scheme (EAS) codes of release 3.0.19; 0208 is the Belgian enterprise number, 9925 the Belgian VAT number. */
const EAS = new Set(`0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 0184 0188 0190 0191 0192 0193 0195 0196
  0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 0216 0218 0221 0230 0235 9910 9913 9914 9915 9918 9919 9920 9922 9923
  9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950
  9951 9952 9953 9957 9959 0147 0154 0158 0170 0194 0203 0205 0217 0225 0240`.split(/\s+/));
const R120_SLACK: Dec = { units: 2n, scale: 2 };

/** A Belgian enterprise number's check: 10 digits, the last two 97 − (the first eight mod 97). */
export function isBelgianEnterpriseNumber(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

function checkDocument(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  const profile = invoice.profileId === null ? null : PROFILE.exec(invoice.profileId);
  if (!invoice.profileId) out.push(violation('PEPPOL-EN16931-R001', p.root('cbc:ProfileID')));
  if (!profile) out.push(violation('PEPPOL-EN16931-R007', p.root('cbc:ProfileID'), invoice.profileId ? `Found '${invoice.profileId}'.` : undefined));
  if (!invoice.buyerReference && !invoice.orderReference) out.push(violation('PEPPOL-EN16931-R003', p.root('cbc:BuyerReference')));
  if (!invoice.customizationId?.startsWith(CUSTOMIZATION)) {
    out.push(violation('PEPPOL-EN16931-R004', p.root('cbc:CustomizationID'), invoice.customizationId ? `Found '${invoice.customizationId}'.` : undefined));
  }
  if (profile?.[1] === '01') {
    const [types, rule] = invoice.kind === 'Invoice' ? [INVOICE_TYPES, 'PEPPOL-EN16931-P0100' as const] : [CREDIT_NOTE_TYPES, 'PEPPOL-EN16931-P0101' as const];
    if (!types.has(invoice.typeCode)) out.push(violation(rule, p.root(`cbc:${invoice.kind}TypeCode`), `Found '${invoice.typeCode}'.`));
  }
  for (const { currencyId, path } of invoice.amountCurrencies) {
    if (currencyId !== invoice.currency) out.push(violation('PEPPOL-EN16931-R051', path, `Found '${currencyId ?? ''}', invoice currency '${invoice.currency}'.`));
  }
  invoice.attachments.forEach((a, i) => {
    if (a.mimeCode !== null && !MIME_CODES.has(a.mimeCode)) out.push(violation('PEPPOL-EN16931-CL001', p.attachment(i), `Found '${a.mimeCode}'.`));
  });
  return out;
}

function checkParty(party: InvoiceParty, side: 'seller' | 'buyer', p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  const seller = side === 'seller';
  const endpointPath = p.party(side, 'cbc:EndpointID');
  if (!party.endpoint) out.push(violation(seller ? 'PEPPOL-EN16931-R020' : 'PEPPOL-EN16931-R010', endpointPath));
  else if (!party.endpoint.schemeId) out.push(violation(seller ? 'BR-62' : 'BR-63', endpointPath));
  else if (!EAS.has(party.endpoint.schemeId)) out.push(violation('PEPPOL-EN16931-CL008', endpointPath, `Found '${party.endpoint.schemeId}'.`));
  const ids: [SchemedId | null, string][] = [
    [party.endpoint, endpointPath],
    ...party.identifiers.map((id): [SchemedId, string] => [id, p.party(side, 'cac:PartyIdentification/cbc:ID')]),
    [party.companyId, p.party(side, 'cac:PartyLegalEntity/cbc:CompanyID')],
  ];
  for (const [id, path] of ids) {
    if (id?.schemeId === '0208' && !isBelgianEnterpriseNumber(id.id)) out.push(violation('PEPPOL-COMMON-R043', path, `Found '${id.id}'.`));
  }
  if (party.vatId !== null && party.vatId.slice(0, 2).toUpperCase() === 'BE' && !isBelgianEnterpriseNumber(party.vatId.slice(2))) {
    out.push(violation('SHOP-BE-VAT', p.party(side, 'cac:PartyTaxScheme/cbc:CompanyID'), `Found '${party.vatId}'.`));
  }
  return out;
}

function checkLines(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  const out: RuleViolation[] = [];
  invoice.lines.forEach((line, i) => {
    const lineId = line.id;
    const base = line.price.baseQuantity === null ? null : dec(line.price.baseQuantity);
    if (base !== null && compare(base, ZERO) <= 0) {
      out.push(violation('PEPPOL-EN16931-R121', p.line(i, 'cac:Price/cbc:BaseQuantity'), `Found ${line.price.baseQuantity}.`, { lineId }));
    }
    if (line.price.baseQuantityUnitCode !== null && line.price.baseQuantityUnitCode !== line.unitCode) {
      out.push(violation('PEPPOL-EN16931-R130', p.line(i, 'cac:Price/cbc:BaseQuantity'), `Found '${line.price.baseQuantityUnitCode}', quantity in '${line.unitCode ?? ''}'.`, { lineId }));
    }
    // net = quantity × price / base + charges − allowances, within 0.02; multiplied out by base so no division rounds.
    const divisor = base === null || base.units === 0n ? { units: 1n, scale: 0 } : base;
    if (compare(divisor, ZERO) <= 0) return;
    const acs = line.allowanceCharges.map((ac) => {
      const amount = ac.amount === null ? ZERO : dec(ac.amount);
      return ac.isCharge ? amount : { units: -amount.units, scale: amount.scale };
    });
    const netWithoutAcs = sub(dec(line.netAmount), sum(acs));
    const gap = abs(sub(mul(netWithoutAcs, divisor), mul(dec(line.quantity), dec(line.price.amount))));
    if (compare(gap, mul(R120_SLACK, divisor)) > 0) {
      const formula = `${line.quantity} × ${line.price.amount}${base ? ` / ${line.price.baseQuantity}` : ''}${acs.length ? ' with the line allowances and charges' : ''}`;
      out.push(violation('PEPPOL-EN16931-R120', p.line(i, 'cbc:LineExtensionAmount'), `Found ${line.netAmount}; ${formula} differs by more than 0.02.`, { lineId }));
    }
  });
  return out;
}

/** Peppol's document, party and line rules. */
export function checkPeppol(invoice: ParsedInvoice, p: Paths): RuleViolation[] {
  return [...checkDocument(invoice, p), ...checkParty(invoice.seller, 'seller', p), ...checkParty(invoice.buyer, 'buyer', p), ...checkLines(invoice, p)];
}
