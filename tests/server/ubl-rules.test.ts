import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseUblInvoice, RULES, validateEn16931, type ParsedInvoice } from '../../src/server/invoicing/ubl';
import { CREDIT_NOTE_XML, edit, INVOICE_XML, rulesBroken, sample, sampleWithZeroRatedPart, type Mutable } from './ubl-helpers';

/**
 * validateEn16931: each case changes the valid sample so that it breaks one rule, and expects
 * exactly the rules broken. Where the standard's rules depend on each other (a missing allowance
 * amount also breaks the allowance total), the case names the dependent rules too.
 */

type Doc = Mutable<ParsedInvoice>;
type Case = [expected: string[], change: (doc: Doc) => void];

const covered = new Set<string>();

function cases(title: string, table: Record<string, Case>, base: () => Doc = () => sample()) {
  describe(title, () => {
    for (const [name, [expected, change]] of Object.entries(table)) {
      test(name, () => {
        const doc = base();
        change(doc);
        expect(rulesBroken(doc)).toEqual([...expected].sort());
        expected.forEach((rule) => covered.add(rule));
      });
    }
  });
}

describe('the valid samples', () => {
  test('the invoice and the credit note break no rule', () => {
    expect(validateEn16931(sample())).toEqual([]);
    expect(validateEn16931(sample('creditNote'))).toEqual([]);
  });

  test.each(['Z', 'E', 'AE'] as const)('the invoice with its 6%% part moved to category %s is valid too', (code) => {
    const exemption = code === 'Z' ? undefined : { code: code === 'E' ? 'VATEX-EU-132' : 'VATEX-EU-AE' };
    expect(validateEn16931(sampleWithZeroRatedPart(code, exemption))).toEqual([]);
  });

  test('a payable amount of zero needs neither a due date nor payment terms', () => {
    const doc = sample();
    Object.assign(doc, { dueDate: null, paymentTerms: null });
    Object.assign(doc.totals, { prepaid: '142.25', payable: '0.00' });
    expect(validateEn16931(doc)).toEqual([]);
  });

  test('a rounding amount counts in the amount due (BR-CO-16)', () => {
    const doc = sample();
    Object.assign(doc.totals, { payableRounding: '-0.25', payable: '132.00' });
    expect(validateEn16931(doc)).toEqual([]);
  });

  test('a credit note with something to pay back needs neither a due date nor payment terms (BR-CO-25 binds invoices)', () => {
    const doc = sample('creditNote');
    Object.assign(doc, { dueDate: null, paymentTerms: null });
    expect(validateEn16931(doc)).toEqual([]);
  });
});

cases('mandatory elements (BR-01 … BR-48)', {
  'BR-01 specification identifier': [['BR-01', 'PEPPOL-EN16931-R004'], (d) => { d.customizationId = null; }],
  'BR-06 seller name': [['BR-06'], (d) => { d.seller.name = null; }],
  'BR-07 buyer name': [['BR-07'], (d) => { d.buyer.name = null; }],
  'BR-08 seller address': [['BR-08'], (d) => { d.seller.address = null; }],
  'BR-09 seller country': [['BR-09'], (d) => { d.seller.address!.countryCode = null; }],
  'BR-10 buyer address': [['BR-10'], (d) => { d.buyer.address = null; }],
  'BR-11 buyer country': [['BR-11'], (d) => { d.buyer.address!.countryCode = null; }],
  'BR-16 no lines (every amount zero, exempt)': [['BR-16'], (d) => {
    d.lines = [];
    d.allowanceCharges = [];
    d.vatBreakdown = [{ taxableAmount: '0.00', taxAmount: '0.00', categoryCode: 'E', percent: '0', exemptionReason: 'Exempt', exemptionReasonCode: null }];
    d.totals = { lineExtension: '0.00', taxExclusive: '0.00', taxInclusive: '0.00', allowanceTotal: null, chargeTotal: null, prepaid: null, payableRounding: null, payable: '0.00', vat: '0.00' };
  }],
  'BR-21 line identifier': [['BR-21'], (d) => { d.lines[0].id = ''; }],
  'BR-23 unit of measure': [['BR-23'], (d) => { d.lines[0].unitCode = null; }],
  'BR-25 item name': [['BR-25'], (d) => { d.lines[0].item.name = null; }],
  'BR-27 negative net price (quantity negative too, so the line amount holds)': [['BR-27'], (d) => {
    Object.assign(d.lines[0], { quantity: '-10' });
    d.lines[0].price.amount = '-4.95';
  }],
  'BR-CO-04 line VAT category (its 21% basis then misses the line)': [['BR-CO-04', 'BR-S-08'], (d) => { d.lines[0].vat.categoryCode = null; }],
  'BR-31 allowance amount': [['BR-31', 'BR-CO-11', 'BR-S-08'], (d) => { d.allowanceCharges[1].amount = null; }],
  'BR-32 allowance VAT category': [['BR-32', 'BR-S-08'], (d) => { d.allowanceCharges[1].vatCategory = null; }],
  'BR-33 allowance reason': [['BR-33'], (d) => { Object.assign(d.allowanceCharges[1], { reason: null, reasonCode: null }); }],
  'BR-36 charge amount': [['BR-36', 'BR-CO-12', 'BR-S-08'], (d) => { d.allowanceCharges[0].amount = null; }],
  'BR-37 charge VAT category': [['BR-37', 'BR-S-08'], (d) => { d.allowanceCharges[0].vatCategory = null; }],
  'BR-42 and BR-CO-23 line allowance without reason': [['BR-42', 'BR-CO-23'], (d) => {
    d.lines[0].allowanceCharges = [{ isCharge: false, amount: '0.00', baseAmount: null, percent: null, reason: null, reasonCode: null, vatCategory: null, vatPercent: null }];
  }],
  'BR-44 and BR-CO-24 line charge without reason': [['BR-44', 'BR-CO-24'], (d) => {
    d.lines[0].allowanceCharges = [{ isCharge: true, amount: '0.00', baseAmount: null, percent: null, reason: null, reasonCode: null, vatCategory: null, vatPercent: null }];
  }],
  'a line allowance with a reason code only': [[], (d) => {
    d.lines[0].allowanceCharges = [{ isCharge: false, amount: '0.00', baseAmount: null, percent: null, reason: null, reasonCode: '95', vatCategory: null, vatPercent: null }];
  }],
  'BR-38 charge reason': [['BR-38'], (d) => { Object.assign(d.allowanceCharges[0], { reason: null, reasonCode: null }); }],
  'BR-45 taxable amount': [['BR-45'], (d) => { d.vatBreakdown[0].taxableAmount = null; }],
  'BR-46 tax amount': [['BR-46', 'BR-CO-14'], (d) => { d.vatBreakdown[0].taxAmount = null; }],
  'BR-47 VAT category code': [['BR-47'], (d) => { d.vatBreakdown[0].categoryCode = null; }],
  'BR-48 VAT rate': [['BR-48'], (d) => { d.vatBreakdown[0].percent = null; }],
  'BR-CO-18 no VAT breakdown': [['BR-CO-18'], (d) => { d.vatBreakdown = []; }],
  'BR-CO-25 neither due date nor payment terms': [['BR-CO-25'], (d) => { Object.assign(d, { dueDate: null, paymentTerms: null }); }],
  'BR-CO-26 no seller identifier': [['BR-CO-26'], (d) => { Object.assign(d.seller, { vatId: null, companyId: null, identifiers: [] }); }],
  'BR-CO-09 VAT identifier without a country prefix': [['BR-CO-09'], (d) => { d.buyer.vatId = 'XX0789654333'; }],
});

cases('document totals (BR-CO-10 … BR-CO-16)', {
  'BR-CO-10 line total one cent off (and so BT-109)': [['BR-CO-10', 'BR-CO-13'], (d) => { d.totals.lineExtension = '119.51'; }],
  'BR-CO-11 allowance total missing': [['BR-CO-11', 'BR-CO-13'], (d) => { d.totals.allowanceTotal = null; }],
  'BR-CO-12 charge total one cent off': [['BR-CO-12', 'BR-CO-13'], (d) => { d.totals.chargeTotal = '7.51'; }],
  'BR-CO-13 total without VAT one cent off (and so BT-112)': [['BR-CO-13', 'BR-CO-15'], (d) => { d.totals.taxExclusive = '125.01'; }],
  'BR-CO-14 VAT total one cent off (and so BT-112)': [['BR-CO-14', 'BR-CO-15'], (d) => { d.totals.vat = '17.26'; }],
  'BR-CO-14 and BR-CO-15 VAT total missing': [['BR-CO-14', 'BR-CO-15'], (d) => { d.totals.vat = null; }],
  'BR-CO-15 total with VAT one cent off, amount due following it': [['BR-CO-15'], (d) => { Object.assign(d.totals, { taxInclusive: '142.26', payable: '132.26' }); }],
  'BR-CO-16 amount due forgets the prepayment': [['BR-CO-16'], (d) => { d.totals.payable = '142.25'; }],
});

cases('decimals (BR-DEC)', {
  'BR-DEC-01 allowance amount': [['BR-DEC-01'], (d) => { d.allowanceCharges[1].amount = '2.000'; }],
  'BR-DEC-05 charge amount': [['BR-DEC-05'], (d) => { d.allowanceCharges[0].amount = '7.500'; }],
  'BR-DEC-09 line total': [['BR-DEC-09'], (d) => { d.totals.lineExtension = '119.500'; }],
  'BR-DEC-10 allowance total': [['BR-DEC-10'], (d) => { d.totals.allowanceTotal = '2.000'; }],
  'BR-DEC-11 charge total': [['BR-DEC-11'], (d) => { d.totals.chargeTotal = '7.500'; }],
  'BR-DEC-12 total without VAT': [['BR-DEC-12'], (d) => { d.totals.taxExclusive = '125.000'; }],
  'BR-DEC-13 VAT total': [['BR-DEC-13'], (d) => { d.totals.vat = '17.250'; }],
  'BR-DEC-14 total with VAT': [['BR-DEC-14'], (d) => { d.totals.taxInclusive = '142.250'; }],
  'BR-DEC-16 paid amount': [['BR-DEC-16'], (d) => { d.totals.prepaid = '10.000'; }],
  'BR-DEC-17 rounding amount': [['BR-DEC-17'], (d) => { d.totals.payableRounding = '0.000'; }],
  'BR-DEC-18 amount due': [['BR-DEC-18'], (d) => { d.totals.payable = '132.250'; }],
  'BR-DEC-19 VAT category taxable amount': [['BR-DEC-19'], (d) => { d.vatBreakdown[0].taxableAmount = '65.000'; }],
  'BR-DEC-20 VAT category tax amount': [['BR-DEC-20'], (d) => { d.vatBreakdown[0].taxAmount = '13.650'; }],
  'BR-DEC-23 line net amount': [['BR-DEC-23'], (d) => { d.lines[0].netAmount = '49.500'; }],
});

/** The 21% breakdown with other amounts, and the totals that follow from its tax. */
const set21 = (d: Doc, taxable: string, tax: string, vat: string, inclusive: string, payable: string) => {
  Object.assign(d.vatBreakdown[0], { taxableAmount: taxable, taxAmount: tax });
  Object.assign(d.totals, { vat, taxInclusive: inclusive, payable });
};

cases('VAT breakdown, standard rated (BR-S, BR-CO-17)', {
  'BR-S-08 taxable amount 1.00 off (tax following it)': [['BR-S-08'], (d) => set21(d, '66.00', '13.86', '17.46', '142.46', '132.46')],
  'BR-S-08 a rate no line, allowance or charge has': [['BR-S-08'], (d) => {
    d.vatBreakdown[0].percent = '12';
    set21(d, '65.00', '7.80', '11.40', '136.40', '126.40');
  }],
  'BR-CO-17 and BR-S-09 tax amount 1.00 off': [['BR-CO-17', 'BR-S-09'], (d) => set21(d, '65.00', '14.65', '18.25', '143.25', '133.25')],
  'BR-S-10 exemption reason on a standard rate': [['BR-S-10'], (d) => { d.vatBreakdown[0].exemptionReason = 'Exempt'; }],
  'BR-S-05 standard rated line at 0% (its 21% basis then misses it)': [['BR-S-05', 'BR-S-08'], (d) => { d.lines[0].vat.percent = '0'; }],
});

describe('differences Peppol tolerates are warnings', () => {
  test('a tax amount one cent off is a BR-CO-17 warning, not fatal', () => {
    const doc = sample();
    set21(doc, '65.00', '13.66', '17.26', '142.26', '132.26');
    expect(rulesBroken(doc, 'fatal')).toEqual([]);
    expect(rulesBroken(doc, 'warning')).toEqual(['BR-CO-17']);
    covered.add('BR-CO-17');
  });

  test('a taxable amount four cents off is a BR-S-08 warning, not fatal', () => {
    const doc = sample();
    set21(doc, '65.04', '13.66', '17.26', '142.26', '132.26');
    expect(rulesBroken(doc, 'fatal')).toEqual([]);
    expect(rulesBroken(doc, 'warning')).toEqual(['BR-S-08']);
    const [warning] = validateEn16931(doc);
    expect(warning.message).toContain('BT-116 is 65.04, computed 65.00');
    expect(warning.path).toBe('/Invoice/cac:TaxTotal/cac:TaxSubtotal[1]/cbc:TaxableAmount');
  });
});

for (const code of ['Z', 'E', 'AE'] as const) {
  const exemption = code === 'Z' ? undefined : { reason: code === 'E' ? 'Exempt under article 44' : 'Reverse charge' };
  cases(`VAT breakdown, category ${code}`, {
    [`BR-${code}-05 line at a rate above 0`]: [[`BR-${code}-05`], (d) => { d.lines[2].vat.percent = '6'; }],
    [`BR-${code}-08 taxable amount 1.00 off`]: [[`BR-${code}-08`], (d) => { d.vatBreakdown[1].taxableAmount = '61.00'; }],
    [`BR-${code}-09 tax amount not zero (totals following it)`]: [[`BR-${code}-09`], (d) => {
      d.vatBreakdown[1].taxAmount = '0.40';
      Object.assign(d.totals, { vat: '14.05', taxInclusive: '139.05', payable: '129.05' });
    }],
    [`BR-${code}-10 exemption reason ${code === 'Z' ? 'given' : 'missing'}`]: [[`BR-${code}-10`], (d) => {
      d.vatBreakdown[1].exemptionReason = code === 'Z' ? 'Zero rated' : null;
    }],
  }, () => sampleWithZeroRatedPart(code, exemption));
}

cases('Peppol BIS 3.0', {
  'R001 and R007 no business process': [['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R007'], (d) => { d.profileId = null; }],
  'R007 business process in another format': [['PEPPOL-EN16931-R007'], (d) => { d.profileId = 'urn:fdc:peppol.eu:2017:poacc:billing:1.0'; }],
  'R003 neither buyer reference nor order reference': [['PEPPOL-EN16931-R003'], (d) => { Object.assign(d, { buyerReference: null, orderReference: null }); }],
  'R004 bare EN 16931 specification identifier': [['PEPPOL-EN16931-R004'], (d) => { d.customizationId = 'urn:cen.eu:en16931:2017'; }],
  'R010 buyer electronic address': [['PEPPOL-EN16931-R010'], (d) => { d.buyer.endpoint = null; }],
  'R020 seller electronic address': [['PEPPOL-EN16931-R020'], (d) => { d.seller.endpoint = null; }],
  'BR-62 seller electronic address without scheme': [['BR-62'], (d) => { d.seller.endpoint!.schemeId = null; }],
  'BR-63 buyer electronic address without scheme': [['BR-63'], (d) => { d.buyer.endpoint!.schemeId = null; }],
  'CL008 electronic address scheme not in the EAS list': [['PEPPOL-EN16931-CL008'], (d) => { d.buyer.endpoint = { id: '0789654333', schemeId: '9999' }; }],
  'R051 an amount in another currency': [['PEPPOL-EN16931-R051'], (d) => { d.amountCurrencies.push({ currencyId: 'USD', path: '/Invoice/cac:InvoiceLine[1]/cbc:LineExtensionAmount' }); }],
  'R120 line amount is not quantity × price': [['PEPPOL-EN16931-R120'], (d) => { d.lines[0].quantity = '11'; }],
  'R120 price per base quantity counted once per unit': [['PEPPOL-EN16931-R120'], (d) => { d.lines[1].price.baseQuantity = '1'; }],
  'R121 base quantity not above zero': [['PEPPOL-EN16931-R121'], (d) => { d.lines[1].price.baseQuantity = '-10'; }],
  'R130 base quantity in another unit': [['PEPPOL-EN16931-R130'], (d) => { d.lines[1].price.baseQuantityUnitCode = 'BX'; }],
  'P0100 invoice type code not in the billing profile': [['PEPPOL-EN16931-P0100'], (d) => { d.typeCode = '381'; }],
  'CL001 attachment of a type Peppol does not carry': [['PEPPOL-EN16931-CL001'], (d) => { d.attachments[0].mimeCode = 'application/zip'; }],
  'COMMON-R043 seller endpoint with wrong check digits': [['PEPPOL-COMMON-R043'], (d) => { d.seller.endpoint!.id = '0456123495'; }],
  'COMMON-R043 buyer legal registration (0208) not 10 digits': [['PEPPOL-COMMON-R043'], (d) => { d.buyer.companyId!.id = '0789.654.333'; }],
  'SHOP-BE-VAT seller VAT identifier with wrong check digits': [['SHOP-BE-VAT'], (d) => { d.seller.vatId = 'BE0456123495'; }],
  'SHOP-BE-VAT buyer VAT identifier of 9 digits': [['SHOP-BE-VAT'], (d) => { d.buyer.vatId = 'BE789654333'; }],
});

cases('Peppol BIS 3.0, credit note', {
  'P0101 credit note type code not in the billing profile': [['PEPPOL-EN16931-P0101'], (d) => { d.typeCode = '380'; }],
}, () => sample('creditNote'));

/** The rules judged on the document as written (validate-written.ts): the sample XML edited, then read. */
function written(title: string, table: Record<string, [expected: string[], xml: () => string]>) {
  describe(title, () => {
    for (const [name, [expected, xml]] of Object.entries(table)) {
      test(name, () => {
        expect(rulesBroken(parseUblInvoice(xml()))).toEqual([...expected].sort());
        expected.forEach((rule) => covered.add(rule));
      });
    }
  });
}

const F001 = 'PEPPOL-EN16931-F001';
const period = (start: string, end: string) => `<cac:InvoicePeriod><cbc:StartDate>${start}</cbc:StartDate><cbc:EndDate>${end}</cbc:EndDate></cac:InvoicePeriod>`;
written('the document as written', {
  'F001 impossible issue date': [[F001], () => edit(INVOICE_XML, '<cbc:IssueDate>2026-03-02', '<cbc:IssueDate>2026-02-30')],
  'F001 issue date with spaces around it': [[F001], () => edit(INVOICE_XML, '<cbc:IssueDate>2026-03-02</cbc:IssueDate>', '<cbc:IssueDate> 2026-03-02 </cbc:IssueDate>')],
  'F001 due date not YYYY-MM-DD': [[F001], () => edit(INVOICE_XML, '<cbc:DueDate>2026-04-01', '<cbc:DueDate>01/04/2026')],
  'F001 delivery date': [[F001], () => edit(INVOICE_XML, '<cac:PaymentMeans>', '<cac:Delivery><cbc:ActualDeliveryDate>2026-02-31</cbc:ActualDeliveryDate></cac:Delivery><cac:PaymentMeans>')],
  'F001 invoice period start': [[F001], () => edit(INVOICE_XML, '<cac:OrderReference>', `${period('2026-2-01', '2026-02-28')}<cac:OrderReference>`)],
  'F001 invoice period end': [[F001], () => edit(INVOICE_XML, '<cac:OrderReference>', `${period('2026-02-01', '2026-02-28Z')}<cac:OrderReference>`)],
  'F001 a line\'s period end': [[F001], () => edit(INVOICE_XML, '<cac:OrderLineReference>', `${period('2026-02-01', '2026-02-29')}<cac:OrderLineReference>`)],
  'F001 the tax point date': [[F001], () => edit(INVOICE_XML, '<cbc:InvoiceTypeCode>', '<cbc:TaxPointDate>20260302</cbc:TaxPointDate><cbc:InvoiceTypeCode>')],
  'F001 the invoice a credit note corrects': [[F001], () => edit(CREDIT_NOTE_XML, '<cbc:IssueDate>2026-03-02</cbc:IssueDate>', '<cbc:IssueDate>2026-3-2</cbc:IssueDate>')],
  'valid dates everywhere': [[], () => edit(edit(INVOICE_XML, '<cac:OrderReference>', `${period('2026-02-01', '2026-02-28')}<cac:OrderReference>`),
    '<cac:PaymentMeans>', '<cac:Delivery><cbc:ActualDeliveryDate>2026-02-27</cbc:ActualDeliveryDate></cac:Delivery><cac:PaymentMeans>')],
  // Peppol's F001 names its elements; a credit note's PaymentMeans/PaymentDueDate is not one of them.
  'a credit note\'s payment due date is not F001\'s': [[], () => edit(CREDIT_NOTE_XML, '<cbc:PaymentDueDate>2026-03-23', '<cbc:PaymentDueDate>2026-3-23')],
  'R008 an empty note': [['PEPPOL-EN16931-R008'], () => edit(INVOICE_XML, '<cbc:Note>', '<cbc:Note/><cbc:Note>')],
  'R008 a buyer reference of spaces': [['PEPPOL-EN16931-R008'], () => edit(INVOICE_XML, '<cbc:BuyerReference>KANTOOR-2026</cbc:BuyerReference>', '<cbc:BuyerReference> \n </cbc:BuyerReference>')],
  'R008 an empty aggregate': [['PEPPOL-EN16931-R008'], () => edit(INVOICE_XML, '<cac:PaymentMeans>', '<cac:Delivery></cac:Delivery><cac:PaymentMeans>')],
  'BR-DEC-18 amount due with a space after it (CEN counts it as a decimal)': [['BR-DEC-18'], () => edit(INVOICE_XML, '>132.25</cbc:PayableAmount>', '>132.25 </cbc:PayableAmount>')],
  'BR-DEC-19 taxable amount on its own line': [['BR-DEC-19'], () => edit(INVOICE_XML, '>65.00</cbc:TaxableAmount>', '>\n 65.00\n</cbc:TaxableAmount>')],
  'BR-DEC-01 document allowance with a tab after it': [['BR-DEC-01'], () => edit(INVOICE_XML, '>2.00</cbc:Amount>', '>2.00\t</cbc:Amount>')],
  'spaces before an amount, or after a price, break no rule': [[], () => edit(edit(INVOICE_XML, '>132.25</cbc:PayableAmount>', '>  132.25</cbc:PayableAmount>'),
    '>4.95</cbc:PriceAmount>', '>4.95 </cbc:PriceAmount>')],
  'BR-CL-04 and BR-CL-03 a currency not in ISO 4217': [['BR-CL-03', 'BR-CL-04'], () => INVOICE_XML.replace(/EUR/g, 'BEF')],
  'BR-CL-04 and BR-CL-03 a currency in lower case': [['BR-CL-03', 'BR-CL-04'], () => INVOICE_XML.replace(/EUR/g, 'eur')],
  'BR-CL-03 one currencyID not in ISO 4217 (and so not the invoice currency)': [['BR-CL-03', 'PEPPOL-EN16931-R051'], () => edit(INVOICE_XML, '"EUR">4.95<', '"ERU">4.95<')],
  'BR-CL-05 VAT accounting currency not in ISO 4217': [['BR-CL-05'], () => edit(INVOICE_XML, '<cbc:BuyerReference>', '<cbc:TaxCurrencyCode>XEU</cbc:TaxCurrencyCode><cbc:BuyerReference>')],
  'another ISO 4217 currency is fine': [[], () => INVOICE_XML.replace(/EUR/g, 'CHF')],
});

describe('amounts compare exactly', () => {
  const trap = readFileSync(new URL('./fixtures/ubl-conformance/invoices/s08-taxable-1.00-off-in-floats-less.xml', import.meta.url), 'utf8');

  test('BR-S-08: a taxable amount exactly 1.00 off is fatal, also where binary floats see less than 1.00', () => {
    expect(4.35 - 1 < 3.35).toBe(true);
    expect(rulesBroken(parseUblInvoice(trap), 'fatal')).toEqual(['BR-S-08']);
    const cent = edit(trap, '>4.35</cbc:TaxableAmount>', '>4.34</cbc:TaxableAmount>');
    expect(rulesBroken(parseUblInvoice(cent), 'fatal')).toEqual([]);
  });

  test('BR-CO-10: 0.10 + 0.20 is 0.30', () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    const doc = sample();
    doc.lines[0].netAmount = '0.10';
    doc.lines[1].netAmount = '0.20';
    doc.totals.lineExtension = '62.30';
    expect(rulesBroken(doc).filter((rule) => rule === 'BR-CO-10')).toEqual([]);
  });
});

describe('a violation says where', () => {
  test('line rules name the line and its path', () => {
    const doc = sample();
    doc.lines[2].item.name = null;
    expect(validateEn16931(doc)).toEqual([{
      rule: 'BR-25', severity: 'fatal', message: RULES['BR-25'], path: '/Invoice/cac:InvoiceLine[3]/cac:Item/cbc:Name', lineId: '3',
    }]);
  });

  test('total rules say what they found and what they computed', () => {
    const doc = sample();
    doc.totals.lineExtension = '119.51';
    const violation = validateEn16931(doc).find((v) => v.rule === 'BR-CO-10');
    expect(violation?.message).toBe(`${RULES['BR-CO-10']} Found 119.51, expected 119.50.`);
    expect(violation?.path).toBe('/Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount');
  });

  test('rules on the document as written give the element\'s path, indexed where it repeats', () => {
    const xml = edit(INVOICE_XML, '<cbc:Name>Ballpoint pen, blue</cbc:Name>', '<cbc:Description/><cbc:Name>Ballpoint pen, blue</cbc:Name>');
    expect(validateEn16931(parseUblInvoice(xml))).toEqual([{
      rule: 'PEPPOL-EN16931-R008', severity: 'fatal', message: RULES['PEPPOL-EN16931-R008'], path: '/Invoice/cac:InvoiceLine[2]/cac:Item/cbc:Description',
    }]);
  });
});

/** The rules parseUblInvoice enforces by throwing (tests/server/ubl-parse.test.ts). */
const PARSER_RULES = ['BR-02', 'BR-03', 'BR-04', 'BR-05', 'BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-22', 'BR-24', 'BR-26'];

test('every rule of the catalogue is broken by a case above (or by the parser tests)', () => {
  const untested = Object.keys(RULES).filter((rule) => !covered.has(rule) && !PARSER_RULES.includes(rule));
  expect(untested).toEqual([]);
});
