/**
 * A valid Peppol BIS Billing 3.0 invoice (UBL 2.1) for given lines, as a supplier's system would
 * send it: totals, the VAT breakdown per rate and the parties computed so that EN 16931's rules hold.
 * Used by the server suite and the browser journey to send e-invoices about their own supplier orders.
 */

export interface UblLineSpec {
  /** BT-132: the buyer's order line (our supplier-order line number). */
  orderLine?: number;
  sellersId?: string;
  name: string;
  quantity: number;
  /** Price per unit excl. VAT, two decimals. */
  price: string;
  vat: number;
}

export interface UblParty {
  name: string;
  /** A Belgian enterprise number (ten digits, valid check digits): VAT id and 0208 identifiers. */
  enterprise?: string;
  /** Without an enterprise number: a GLN as the Peppol endpoint (scheme 0088). */
  gln?: string;
}

export interface UblSpec {
  number: string;
  orderReference: string;
  issueDate: string;
  dueDate?: string;
  seller: UblParty;
  buyer: UblParty;
  lines: UblLineSpec[];
  /** An embedded PDF (its bytes), as suppliers attach the readable invoice. */
  pdf?: Buffer;
  currency?: string;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function party(p: UblParty): string {
  const endpoint = p.enterprise ? `<cbc:EndpointID schemeID="0208">${p.enterprise}</cbc:EndpointID>` : `<cbc:EndpointID schemeID="0088">${p.gln ?? '5410000000017'}</cbc:EndpointID>`;
  const tax = p.enterprise ? `<cac:PartyTaxScheme><cbc:CompanyID>BE${p.enterprise}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : '';
  const legal = p.enterprise ? `<cbc:CompanyID schemeID="0208">${p.enterprise}</cbc:CompanyID>` : '';
  return `<cac:Party>${endpoint}<cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>
      <cac:PostalAddress><cbc:StreetName>Kerkstraat 1</cbc:StreetName><cbc:CityName>Gent</cbc:CityName><cbc:PostalZone>9000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
      ${tax}<cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>${legal}</cac:PartyLegalEntity></cac:Party>`;
}

export function ublInvoiceXml(spec: UblSpec): string {
  const currency = spec.currency ?? 'EUR';
  const lines = spec.lines.map((l) => ({ ...l, net: Math.round(l.quantity * cents(l.price)) }));
  const rates = [...new Set(lines.map((l) => l.vat))];
  const breakdown = rates.map((rate) => {
    const taxable = lines.filter((l) => l.vat === rate).reduce((s, l) => s + l.net, 0);
    return { rate, taxable, tax: Math.round((taxable * rate) / 100) };
  });
  const totalNet = lines.reduce((s, l) => s + l.net, 0);
  const totalTax = breakdown.reduce((s, b) => s + b.tax, 0);
  const amount = (c: number) => `currencyID="${currency}">${money(c)}`;
  const pdf = spec.pdf
    ? `<cac:AdditionalDocumentReference><cbc:ID>${esc(spec.number)}.pdf</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="${esc(spec.number)}.pdf">${spec.pdf.toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
         xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
         xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(spec.number)}</cbc:ID>
  <cbc:IssueDate>${spec.issueDate}</cbc:IssueDate>
  ${spec.dueDate ? `<cbc:DueDate>${spec.dueDate}</cbc:DueDate>` : ''}
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>
  <cac:OrderReference><cbc:ID>${esc(spec.orderReference)}</cbc:ID></cac:OrderReference>
  ${pdf}
  <cac:AccountingSupplierParty>${party(spec.seller)}</cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>${party(spec.buyer)}</cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>BE71096123456769</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount ${amount(totalTax)}</cbc:TaxAmount>
    ${breakdown.map((b) => `<cac:TaxSubtotal><cbc:TaxableAmount ${amount(b.taxable)}</cbc:TaxableAmount><cbc:TaxAmount ${amount(b.tax)}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${b.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`).join('\n    ')}
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount ${amount(totalNet)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount ${amount(totalNet)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount ${amount(totalNet + totalTax)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount ${amount(totalNet + totalTax)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  ${lines.map((l, i) => `<cac:InvoiceLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">${l.quantity}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount ${amount(l.net)}</cbc:LineExtensionAmount>
    ${l.orderLine != null ? `<cac:OrderLineReference><cbc:LineID>${l.orderLine}</cbc:LineID></cac:OrderLineReference>` : ''}
    <cac:Item><cbc:Name>${esc(l.name)}</cbc:Name>${l.sellersId ? `<cac:SellersItemIdentification><cbc:ID>${esc(l.sellersId)}</cbc:ID></cac:SellersItemIdentification>` : ''}
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.vat}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount ${amount(cents(l.price))}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`).join('\n  ')}
</Invoice>
`;
}
