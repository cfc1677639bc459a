import { describe, expect, test } from 'vitest';
import { checkUblInvoice, parseUblInvoice, UblInvoiceError } from '../../src/server/invoicing/ubl';
import { decodeBase64 } from '../../src/server/invoicing/ubl/parse';
import { MAX_DEPTH } from '../../src/server/invoicing/ubl/xml';
import { CREDIT_NOTE_XML, edit, INVOICE_XML } from './ubl-helpers';

/** parseUblInvoice: every field of the samples, exact amounts, lists, namespaces and the errors. */

function parseError(xml: string | Buffer): UblInvoiceError {
  try {
    parseUblInvoice(xml);
  } catch (error) {
    if (error instanceof UblInvoiceError) return error;
    throw error;
  }
  throw new Error('parseUblInvoice accepted the document');
}

const tax = (categoryCode: string, percent: string) => ({ categoryCode, percent });

describe('the sample invoice', () => {
  const invoice = parseUblInvoice(INVOICE_XML);

  test('document, references and payment', () => {
    expect(invoice).toMatchObject({
      kind: 'Invoice',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      number: 'INV-2026-0142', issueDate: '2026-03-02', dueDate: '2026-04-01', typeCode: '380',
      currency: 'EUR', taxCurrency: null, notes: ["Delivered to the bakery's back door."],
      buyerReference: 'KANTOOR-2026', orderReference: 'PO-2026-00042', salesOrderReference: 'SO-7781', precedingInvoices: [],
      paymentTerms: 'Payment within 30 days of the invoice date.',
      paymentMeans: [{ code: '58', paymentId: '+++090/9337/55493+++', accountId: 'BE71096123456769' }],
      amountCurrencies: [{ currencyId: 'EUR', path: '/Invoice/cac:TaxTotal[1]/cbc:TaxAmount' }],
    });
  });

  test('seller and buyer', () => {
    expect(invoice.seller).toEqual({
      name: 'Kantoorartikelen Vandamme BV', tradingName: 'Vandamme Office',
      endpoint: { id: '0456123494', schemeId: '0208' }, identifiers: [{ id: '0456123494', schemeId: '0208' }],
      vatId: 'BE0456123494', companyId: { id: '0456123494', schemeId: '0208' },
      address: { street: 'Wetstraat 12', additionalStreet: null, city: 'Brussel', postalCode: '1040', countrySubdivision: null, countryCode: 'BE' },
    });
    expect(invoice.buyer).toEqual({
      name: 'Bakkerij Janssens BV', tradingName: 'Bakkerij Janssens',
      endpoint: { id: '0789654333', schemeId: '0208' }, identifiers: [],
      vatId: 'BE0789654333', companyId: { id: '0789654333', schemeId: '0208' },
      address: { street: 'Grote Markt 3', additionalStreet: 'Achteringang', city: 'Gent', postalCode: '9000', countrySubdivision: 'Oost-Vlaanderen', countryCode: 'BE' },
    });
  });

  test('document level charge and allowance, VAT breakdown and totals', () => {
    expect(invoice.allowanceCharges).toEqual([
      { isCharge: true, amount: '7.50', baseAmount: null, percent: null, reason: 'Delivery', reasonCode: 'DL', vatCategory: 'S', vatPercent: '21' },
      { isCharge: false, amount: '2.00', baseAmount: null, percent: null, reason: 'Loyalty discount on food', reasonCode: '95', vatCategory: 'S', vatPercent: '6' },
    ]);
    expect(invoice.vatBreakdown).toEqual([
      { taxableAmount: '65.00', taxAmount: '13.65', categoryCode: 'S', percent: '21', exemptionReason: null, exemptionReasonCode: null },
      { taxableAmount: '60.00', taxAmount: '3.60', categoryCode: 'S', percent: '6', exemptionReason: null, exemptionReasonCode: null },
    ]);
    expect(invoice.totals).toEqual({
      lineExtension: '119.50', taxExclusive: '125.00', taxInclusive: '142.25', allowanceTotal: '2.00', chargeTotal: '7.50',
      prepaid: '10.00', payableRounding: null, payable: '132.25', vat: '17.25',
    });
  });

  test('three lines with quantity, unit, net amount, item, price and VAT', () => {
    expect(invoice.lines).toEqual([
      {
        id: '1', quantity: '10', unitCode: 'BX', netAmount: '49.50', orderLineReference: '1',
        item: { name: 'Copy paper A4', description: 'Box of 5 reams, 80 g/m²', sellersId: 'VD-PAP-A4-80', buyersId: null, standardId: { id: '5412345000013', schemeId: '0160' } },
        price: { amount: '4.95', baseQuantity: null, baseQuantityUnitCode: null }, vat: tax('S', '21'), allowanceCharges: [],
      },
      {
        id: '2', quantity: '25', unitCode: 'C62', netAmount: '8.00', orderLineReference: '2',
        item: { name: 'Ballpoint pen, blue', description: null, sellersId: 'VD-PEN-BLU', buyersId: null, standardId: null },
        price: { amount: '3.2000', baseQuantity: '10', baseQuantityUnitCode: 'C62' }, vat: tax('S', '21'), allowanceCharges: [],
      },
      {
        id: '3', quantity: '4', unitCode: 'KGM', netAmount: '62.00', orderLineReference: '3',
        item: { name: 'Coffee beans, Arabica', description: null, sellersId: 'VD-COF-1KG', buyersId: null, standardId: null },
        price: { amount: '15.50', baseQuantity: null, baseQuantityUnitCode: null }, vat: tax('S', '6'), allowanceCharges: [],
      },
    ]);
  });

  test('amounts stay exact decimals: 015.50 is 15.50 and 3.2000 keeps its four decimals', () => {
    expect(INVOICE_XML).toContain('>015.50</cbc:PriceAmount>');
    expect(invoice.lines[2].price.amount).toBe('15.50');
    expect(invoice.lines[1].price.amount).toBe('3.2000');
    const big = parseUblInvoice(edit(INVOICE_XML, '>132.25</cbc:PayableAmount>', '>12345678901234567.89</cbc:PayableAmount>'));
    expect(big.totals.payable).toBe('12345678901234567.89');
  });

  test('the embedded PDF comes back as its bytes, with its file name', () => {
    expect(invoice.attachments).toHaveLength(1);
    expect(invoice.pdf).toBe(invoice.attachments[0]);
    expect(invoice.pdf).toMatchObject({ id: 'INV-2026-0142.pdf', description: 'Invoice as PDF', mimeCode: 'application/pdf', filename: 'INV-2026-0142.pdf', externalUri: null });
    const pdf = invoice.pdf!.content!;
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(pdf.toString('latin1')).toContain('(Invoice INV-2026-0142) Tj');
  });

  test('a Buffer (with a byte order mark) reads like the string', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(INVOICE_XML, 'utf8')]);
    expect(parseUblInvoice(withBom)).toEqual(invoice);
  });
});

describe('the sample credit note', () => {
  const creditNote = parseUblInvoice(CREDIT_NOTE_XML);

  test('its own element names: type code, credited quantity, due date under PaymentMeans, preceding invoice', () => {
    expect(creditNote).toMatchObject({
      kind: 'CreditNote', number: 'CN-2026-0007', issueDate: '2026-03-09', dueDate: '2026-03-23', typeCode: '381',
      orderReference: 'PO-2026-00042', precedingInvoices: ['INV-2026-0142'], buyerReference: null, pdf: null, attachments: [],
      totals: { lineExtension: '9.90', taxExclusive: '9.90', taxInclusive: '11.98', payable: '11.98', vat: '2.08', allowanceTotal: null, chargeTotal: null, prepaid: null, payableRounding: null },
    });
  });

  test('its single line is still a list, as are its single VAT breakdown and payment means', () => {
    expect(creditNote.lines).toHaveLength(1);
    expect(creditNote.lines[0]).toMatchObject({ id: '1', quantity: '2', unitCode: 'BX', netAmount: '9.90', price: { amount: '4.95' } });
    expect(creditNote.vatBreakdown).toHaveLength(1);
    expect(creditNote.paymentMeans).toEqual([{ code: '30', paymentId: null, accountId: null }]);
  });

  test('a single InvoiceLine, AllowanceCharge and AdditionalDocumentReference of an invoice are lists too', () => {
    const oneOfEach = INVOICE_XML.replace(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, (lines) => lines.slice(0, lines.indexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length))
      .replace(/<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false[\s\S]*?<\/cac:AllowanceCharge>/, '');
    const invoice = parseUblInvoice(oneOfEach);
    expect(invoice.lines.map((l) => l.id)).toEqual(['1']);
    expect(invoice.allowanceCharges.map((ac) => ac.isCharge)).toEqual([true]);
    expect(invoice.attachments).toHaveLength(1);
  });
});

describe('namespaces', () => {
  test('other prefixes for the same namespaces read the same', () => {
    const renamed = INVOICE_XML.replace(/\bcbc:/g, 'b:').replace(/\bcac:/g, 'a:').replace('xmlns:cbc=', 'xmlns:b=').replace('xmlns:cac=', 'xmlns:a=').replace(/<Invoice xmlns=/, '<inv:Invoice xmlns:inv=').replace('</Invoice>', '</inv:Invoice>');
    expect(renamed).toContain('<b:ID>INV-2026-0142</b:ID>');
    expect(parseUblInvoice(renamed)).toEqual(parseUblInvoice(INVOICE_XML));
  });

  test('an element of another namespace is not taken for its UBL namesake', () => {
    const foreign = edit(INVOICE_XML, '<cbc:ID>INV-2026-0142</cbc:ID>', '<x:ID xmlns:x="urn:example:other">INV-2026-0142</x:ID>');
    const error = parseError(foreign);
    expect(error.code).toBe('missingMandatoryElements');
    expect(error.violations.map((v) => v.rule)).toEqual(['BR-02']);
  });

  test('a root in another namespace, or another root, is not an invoice', () => {
    const wrongNs = parseError(edit(INVOICE_XML, 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"', 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-3"'));
    expect(wrongNs.code).toBe('notAnInvoice');
    expect(wrongNs.message).toContain('{urn:oasis:names:specification:ubl:schema:xsd:Invoice-3}Invoice');
    expect(parseError(INVOICE_XML.replace(/<Invoice /, '<Order ').replace('</Invoice>', '</Order>')).code).toBe('notAnInvoice');
    // A credit note's root in the Invoice namespace is neither.
    expect(parseError(edit(CREDIT_NOTE_XML, 'xsd:CreditNote-2"', 'xsd:Invoice-2"')).code).toBe('notAnInvoice');
  });

  test('an undeclared prefix is malformed', () => {
    expect(parseError(edit(INVOICE_XML, '<cbc:Note>', '<zz:Note>').replace('</cbc:Note>', '</zz:Note>')).code).toBe('malformedXml');
  });
});

describe('documents that cannot be read', () => {
  test.each([
    ['not XML at all', 'this is a PDF, not an invoice'],
    ['an unclosed element', INVOICE_XML.replace('</cac:OrderReference>', '')],
    ['a DOCTYPE with entities', `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa">]>${INVOICE_XML.slice(INVOICE_XML.indexOf('<Invoice'))}`],
    ['two roots', `${INVOICE_XML}<Invoice/>`],
  ])('%s is malformedXml with a message, not a crash', (_name, xml) => {
    const error = parseError(xml);
    expect(error.code).toBe('malformedXml');
    expect(error.message.length).toBeGreaterThan(20);
  });

  test('an encoding other than UTF-8 is refused', () => {
    expect(parseError(edit(INVOICE_XML, 'encoding="UTF-8"', 'encoding="ISO-8859-1"')).code).toBe('unsupportedEncoding');
    expect(parseError(Buffer.from(`\ufeff${INVOICE_XML}`, 'utf16le')).code).toBe('unsupportedEncoding');
  });

  test.each([
    ['BR-02', '<cbc:ID>INV-2026-0142</cbc:ID>', '', '/Invoice/cbc:ID'],
    ['BR-03', '<cbc:IssueDate>2026-03-02</cbc:IssueDate>', '<cbc:IssueDate> </cbc:IssueDate>', '/Invoice/cbc:IssueDate'],
    ['BR-04', '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '', '/Invoice/cbc:InvoiceTypeCode'],
    ['BR-05', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '', '/Invoice/cbc:DocumentCurrencyCode'],
    ['BR-12', /<cbc:LineExtensionAmount currencyID="EUR">119.50<\/cbc:LineExtensionAmount>/, '', '/Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount'],
    ['BR-13', /<cbc:TaxExclusiveAmount[^<]*<\/cbc:TaxExclusiveAmount>/, '', '/Invoice/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount'],
    ['BR-14', /<cbc:TaxInclusiveAmount[^<]*<\/cbc:TaxInclusiveAmount>/, '', '/Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'],
    ['BR-15', /<cbc:PayableAmount[^<]*<\/cbc:PayableAmount>/, '', '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'],
    ['BR-22', '<cbc:InvoicedQuantity unitCode="KGM">4</cbc:InvoicedQuantity>', '', '/Invoice/cac:InvoiceLine[3]'],
    ['BR-24', '<cbc:LineExtensionAmount currencyID="EUR">8.00</cbc:LineExtensionAmount>', '', '/Invoice/cac:InvoiceLine[2]'],
    ['BR-26', '<cbc:PriceAmount currencyID="EUR">4.95</cbc:PriceAmount>', '', '/Invoice/cac:InvoiceLine[1]'],
  ])('without the element of %s it is missingMandatoryElements naming that rule', (rule, from, to, path) => {
    const error = parseError(edit(INVOICE_XML, from, to));
    expect(error.code).toBe('missingMandatoryElements');
    expect(error.violations.map((v) => [v.rule, v.path])).toEqual([[rule, path]]);
    expect(error.message).toContain(`${rule} at ${path}`);
  });

  test('a line missing its quantity names its line identifier', () => {
    const error = parseError(edit(INVOICE_XML, '<cbc:InvoicedQuantity unitCode="KGM">4</cbc:InvoicedQuantity>', ''));
    expect(error.violations[0].lineId).toBe('3');
  });

  test.each([
    ['an amount with a decimal comma', '>132.25</cbc:PayableAmount>', '>132,25</cbc:PayableAmount>', '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'],
    ['a quantity that is not a number', 'unitCode="BX">10<', 'unitCode="BX">ten<', '/Invoice/cac:InvoiceLine[1]/cbc:InvoicedQuantity'],
    ['a charge indicator other than true/false', '<cbc:ChargeIndicator>true</cbc:ChargeIndicator>', '<cbc:ChargeIndicator>yes</cbc:ChargeIndicator>', '/Invoice/cac:AllowanceCharge[1]'],
    ['an attachment that is not base64', 'mimeCode="application/pdf" filename="INV-2026-0142.pdf">', 'mimeCode="application/pdf" filename="INV-2026-0142.pdf">%%not base64%%', '/Invoice/cac:AdditionalDocumentReference[1]'],
  ])('%s is invalidValue at its path', (_name, from, to, path) => {
    const error = parseError(edit(INVOICE_XML, from, to));
    expect(error.code).toBe('invalidValue');
    expect(error.path).toBe(path);
  });
});

describe('large and hostile documents', () => {
  const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);
  const withPdf = (pdf: Buffer) => edit(INVOICE_XML, /(filename="INV-2026-0142.pdf">)[^<]*/, `$1${pdf.toString('base64')}`);

  test('an embedded PDF of 4 MB (past where one regular expression over it overflowed the stack) is read whole', () => {
    const pdf = pdfOf(4 * 1024 * 1024);
    expect(parseUblInvoice(withPdf(pdf)).pdf?.content?.equals(pdf)).toBe(true);
  });

  test('base64 is xs:base64Binary: white space anywhere; padding, alphabet and the last bits exact', () => {
    expect(decodeBase64(' QUJD\nREVG\r\n\tRw== ')?.toString()).toBe('ABCDEFG');
    expect(decodeBase64('')?.length).toBe(0);
    for (const bad of ['QUJDREVGRw', 'QUJDREVGRw=', 'QUJD*EVG', 'QU-D', 'QU_D', 'QUJDRR==', 'QUJD\u00a0REVG']) expect(decodeBase64(bad)).toBeNull();
  });

  test(`elements nested up to ${MAX_DEPTH} levels are read; deeper is tooComplex, not the XML library's error`, () => {
    const nest = (levels: number) => edit(INVOICE_XML, '<cbc:Note>', `${'<cbc:Note>'.repeat(levels)}`).replace('</cbc:Note>', '</cbc:Note>'.repeat(levels));
    // The Note is at level 2 (under the root): up to MAX_DEPTH levels in all are read.
    expect(parseUblInvoice(nest(MAX_DEPTH - 1)).number).toBe('INV-2026-0142');
    const error = parseError(nest(MAX_DEPTH));
    expect(error.code).toBe('tooComplex');
    expect(parseError(nest(50_000)).code).toBe('tooComplex');
  });
});

describe('checkUblInvoice', () => {
  test('gives the invoice and its violations, here one from the XML: an amount in another currency (R051)', () => {
    const result = checkUblInvoice(edit(INVOICE_XML, '<cbc:LineExtensionAmount currencyID="EUR">8.00', '<cbc:LineExtensionAmount currencyID="USD">8.00'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.violations.map((v) => [v.rule, v.path])).toEqual([['PEPPOL-EN16931-R051', '/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount']]);
  });

  test('gives the error when the document cannot be read', () => {
    const result = checkUblInvoice('<Invoice/>');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('notAnInvoice');
  });
});
