import { normaliseDecimal } from '../../../shared/money';
import { UblInvoiceError } from './errors';
import { violation } from './rules';
import type {
  AllowanceCharge, Attachment, DecimalString, InvoiceLine, InvoiceParty, ParsedInvoice, PaymentMeans, RuleViolation,
  SchemedId, UblDocumentKind, VatBreakdown,
} from './types';
import { checkAsWritten } from './validate-written';
import { NS, all, one, readXml, textAt, type XNode } from './xml';

/** Reads one document; `missing` collects the mandatory elements it lacks, `currencies` the amounts' currencyIDs. */
class Reader {
  readonly missing: RuleViolation[] = [];
  readonly currencies = new Map<string | null, string>();
  constructor(readonly kind: UblDocumentKind) {}

  /** The amount at `path` below `node` (`at` is node's own path), exact; a non-decimal is an error. */
  amount(node: XNode | undefined, path: string, at: string, trackCurrency = true): DecimalString | null {
    const element = one(node, path);
    if (!element) return null;
    if (trackCurrency) {
      const currency = element.attrs.currencyID?.trim() || null;
      if (!this.currencies.has(currency)) this.currencies.set(currency, `${at}/${path}`);
    }
    return this.decimal(element, `${at}/${path}`);
  }

  decimal(element: XNode | undefined, path: string): DecimalString | null {
    if (!element || element.text.trim() === '') return null;
    const value = normaliseDecimal(element.text);
    if (value === null) throw new UblInvoiceError('invalidValue', `${path} is not a decimal number: '${element.text.trim()}'.`, path);
    return value;
  }

  /** `value`, or a placeholder while recording that `rule` is broken (parseUblInvoice throws before returning it). */
  required<T>(value: T | null, rule: Parameters<typeof violation>[0], path: string, placeholder: T, lineId?: string): T {
    if (value !== null) return value;
    this.missing.push(violation(rule, path, undefined, lineId !== undefined ? { lineId } : {}));
    return placeholder;
  }
}

function schemedId(node: XNode | undefined): SchemedId | null {
  const id = node?.text.trim();
  return node && id ? { id, schemeId: node.attrs.schemeID?.trim() || null } : null;
}

function readParty(wrapper: XNode | undefined): InvoiceParty {
  const party = one(wrapper, 'cac:Party');
  const vatScheme = all(party, 'cac:PartyTaxScheme').find((scheme) => textAt(scheme, 'cac:TaxScheme/cbc:ID')?.toUpperCase() === 'VAT');
  const address = one(party, 'cac:PostalAddress');
  return {
    name: textAt(party, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    tradingName: textAt(party, 'cac:PartyName/cbc:Name'),
    endpoint: schemedId(one(party, 'cbc:EndpointID')),
    identifiers: all(party, 'cac:PartyIdentification').map((p) => schemedId(one(p, 'cbc:ID'))).filter((id): id is SchemedId => id !== null),
    vatId: textAt(vatScheme, 'cbc:CompanyID'),
    companyId: schemedId(one(party, 'cac:PartyLegalEntity/cbc:CompanyID')),
    address: address ? {
      street: textAt(address, 'cbc:StreetName'),
      additionalStreet: textAt(address, 'cbc:AdditionalStreetName'),
      city: textAt(address, 'cbc:CityName'),
      postalCode: textAt(address, 'cbc:PostalZone'),
      countrySubdivision: textAt(address, 'cbc:CountrySubentity'),
      countryCode: textAt(address, 'cac:Country/cbc:IdentificationCode'),
    } : null,
  };
}

function readAllowanceCharge(r: Reader, node: XNode, at: string): AllowanceCharge {
  const indicator = textAt(node, 'cbc:ChargeIndicator');
  if (indicator !== 'true' && indicator !== 'false') {
    throw new UblInvoiceError('invalidValue', `${at}/cbc:ChargeIndicator must be 'true' or 'false', not '${indicator ?? ''}'.`, at);
  }
  const category = one(node, 'cac:TaxCategory');
  return {
    isCharge: indicator === 'true',
    amount: r.amount(node, 'cbc:Amount', at),
    baseAmount: r.amount(node, 'cbc:BaseAmount', at),
    percent: r.decimal(one(node, 'cbc:MultiplierFactorNumeric'), `${at}/cbc:MultiplierFactorNumeric`),
    reason: textAt(node, 'cbc:AllowanceChargeReason'),
    reasonCode: textAt(node, 'cbc:AllowanceChargeReasonCode'),
    vatCategory: textAt(category, 'cbc:ID'),
    vatPercent: r.decimal(one(category, 'cbc:Percent'), `${at}/cac:TaxCategory/cbc:Percent`),
  };
}

function readLine(r: Reader, node: XNode, at: string): InvoiceLine {
  const id = textAt(node, 'cbc:ID') ?? '';
  const lineId = id || undefined;
  const quantityName = r.kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const quantityElement = one(node, quantityName);
  const item = one(node, 'cac:Item');
  const price = one(node, 'cac:Price');
  const category = one(item, 'cac:ClassifiedTaxCategory');
  const baseQuantity = one(price, 'cbc:BaseQuantity');
  return {
    id,
    quantity: r.required(r.decimal(quantityElement, `${at}/${quantityName}`), 'BR-22', at, '0', lineId),
    unitCode: quantityElement?.attrs.unitCode?.trim() || null,
    netAmount: r.required(r.amount(node, 'cbc:LineExtensionAmount', at), 'BR-24', at, '0', lineId),
    orderLineReference: textAt(node, 'cac:OrderLineReference/cbc:LineID'),
    item: {
      name: textAt(item, 'cbc:Name'),
      description: textAt(item, 'cbc:Description'),
      sellersId: textAt(item, 'cac:SellersItemIdentification/cbc:ID'),
      buyersId: textAt(item, 'cac:BuyersItemIdentification/cbc:ID'),
      standardId: schemedId(one(item, 'cac:StandardItemIdentification/cbc:ID')),
    },
    price: {
      amount: r.required(r.amount(price, 'cbc:PriceAmount', `${at}/cac:Price`), 'BR-26', at, '0', lineId),
      baseQuantity: r.decimal(baseQuantity, `${at}/cac:Price/cbc:BaseQuantity`),
      baseQuantityUnitCode: baseQuantity?.attrs.unitCode?.trim() || null,
    },
    vat: { categoryCode: textAt(category, 'cbc:ID'), percent: r.decimal(one(category, 'cbc:Percent'), `${at}/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent`) },
    allowanceCharges: all(node, 'cac:AllowanceCharge').map((ac, i) => readAllowanceCharge(r, ac, `${at}/cac:AllowanceCharge[${i + 1}]`)),
  };
}

/**
 * The bytes of an xs:base64Binary text (XML white space allowed anywhere), or null when it is not one:
 * decoded, then encoded again, it must give back the same text, which holds only for the alphabet,
 * padding to a multiple of four and zero bits after the last byte. Linear in the text, however large.
 */
export function decodeBase64(text: string): Buffer | null {
  const base64 = text.replace(/[ \t\r\n]+/g, '');
  const bytes = Buffer.from(base64, 'base64');
  return bytes.toString('base64') === base64 ? bytes : null;
}

function readAttachment(node: XNode, at: string): Attachment {
  const binary = one(node, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
  let content: Buffer | null = null;
  if (binary) {
    content = decodeBase64(binary.text);
    if (!content) throw new UblInvoiceError('invalidValue', `${at}/cac:Attachment/cbc:EmbeddedDocumentBinaryObject is not valid base64.`, at);
  }
  return {
    id: textAt(node, 'cbc:ID'),
    description: textAt(node, 'cbc:DocumentDescription'),
    mimeCode: binary?.attrs.mimeCode?.trim() || null,
    filename: binary?.attrs.filename?.trim() || null,
    content,
    externalUri: textAt(node, 'cac:Attachment/cac:ExternalReference/cbc:URI'),
  };
}

function readVat(r: Reader, root: XNode, rootPath: string, currency: string | null) {
  const taxTotals = all(root, 'cac:TaxTotal');
  const breakdown: VatBreakdown[] = [];
  let vat: DecimalString | null = null;
  taxTotals.forEach((taxTotal, t) => {
    const at = `${rootPath}/cac:TaxTotal[${t + 1}]`;
    const subtotals = all(taxTotal, 'cac:TaxSubtotal');
    const amount = one(taxTotal, 'cbc:TaxAmount');
    // BT-110 is the TaxAmount in the invoice currency; BT-111 (accounting currency, no subtotals) is not tracked.
    const inInvoiceCurrency = amount?.attrs.currencyID?.trim() === currency || (subtotals.length > 0 && taxTotals.length === 1);
    if (inInvoiceCurrency && vat === null) vat = r.amount(taxTotal, 'cbc:TaxAmount', at);
    subtotals.forEach((subtotal, s) => {
      const sub = `${at}/cac:TaxSubtotal[${s + 1}]`;
      const category = one(subtotal, 'cac:TaxCategory');
      breakdown.push({
        taxableAmount: r.amount(subtotal, 'cbc:TaxableAmount', sub),
        taxAmount: r.amount(subtotal, 'cbc:TaxAmount', sub),
        categoryCode: textAt(category, 'cbc:ID'),
        percent: r.decimal(one(category, 'cbc:Percent'), `${sub}/cac:TaxCategory/cbc:Percent`),
        exemptionReason: textAt(category, 'cbc:TaxExemptionReason'),
        exemptionReasonCode: textAt(category, 'cbc:TaxExemptionReasonCode'),
      });
    });
  });
  return { breakdown, vat: vat as DecimalString | null };
}

/**
 * Reads a UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0). Throws UblInvoiceError when the
 * XML is malformed, the root is not a UBL Invoice/CreditNote in its namespace, a number is not a
 * number, or the elements every match needs (BT-1, BT-2, BT-3, BT-5, the totals BT-106/109/112/115,
 * each line's quantity, net amount and price) are missing. Everything else is validateEn16931's.
 */
export function parseUblInvoice(xml: string | Buffer): ParsedInvoice {
  const root = readXml(xml);
  const kind: UblDocumentKind | null =
    root.name === 'Invoice' && root.ns === NS.invoice ? 'Invoice' : root.name === 'CreditNote' && root.ns === NS.creditNote ? 'CreditNote' : null;
  if (!kind) {
    throw new UblInvoiceError('notAnInvoice', `The root element is {${root.ns}}${root.name}; expected a UBL 2.1 Invoice ({${NS.invoice}}Invoice) or CreditNote ({${NS.creditNote}}CreditNote).`, `/${root.name}`);
  }
  const r = new Reader(kind);
  const at = `/${kind}`;
  const totalsNode = one(root, 'cac:LegalMonetaryTotal');
  const totalsPath = `${at}/cac:LegalMonetaryTotal`;
  const currency = textAt(root, 'cbc:DocumentCurrencyCode');
  const { breakdown, vat } = readVat(r, root, at, currency);
  const lineName = kind === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  const attachments = all(root, 'cac:AdditionalDocumentReference').map((ref, i) => readAttachment(ref, `${at}/cac:AdditionalDocumentReference[${i + 1}]`));
  const invoice: ParsedInvoice = {
    kind,
    customizationId: textAt(root, 'cbc:CustomizationID'),
    profileId: textAt(root, 'cbc:ProfileID'),
    number: r.required(textAt(root, 'cbc:ID'), 'BR-02', `${at}/cbc:ID`, ''),
    issueDate: r.required(textAt(root, 'cbc:IssueDate'), 'BR-03', `${at}/cbc:IssueDate`, ''),
    dueDate: textAt(root, 'cbc:DueDate') ?? all(root, 'cac:PaymentMeans').map((m) => textAt(m, 'cbc:PaymentDueDate')).find((d) => d !== null) ?? null,
    typeCode: r.required(textAt(root, kind === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode'), 'BR-04', `${at}/cbc:${kind}TypeCode`, ''),
    currency: r.required(currency, 'BR-05', `${at}/cbc:DocumentCurrencyCode`, ''),
    taxCurrency: textAt(root, 'cbc:TaxCurrencyCode'),
    notes: all(root, 'cbc:Note').map((n) => n.text.trim()).filter(Boolean),
    buyerReference: textAt(root, 'cbc:BuyerReference'),
    orderReference: textAt(root, 'cac:OrderReference/cbc:ID'),
    salesOrderReference: textAt(root, 'cac:OrderReference/cbc:SalesOrderID'),
    precedingInvoices: all(root, 'cac:BillingReference').map((b) => textAt(b, 'cac:InvoiceDocumentReference/cbc:ID')).filter((id): id is string => id !== null),
    seller: readParty(one(root, 'cac:AccountingSupplierParty')),
    buyer: readParty(one(root, 'cac:AccountingCustomerParty')),
    paymentTerms: textAt(root, 'cac:PaymentTerms/cbc:Note'),
    paymentMeans: all(root, 'cac:PaymentMeans').map((m): PaymentMeans => ({
      code: textAt(m, 'cbc:PaymentMeansCode'), paymentId: textAt(m, 'cbc:PaymentID'), accountId: textAt(m, 'cac:PayeeFinancialAccount/cbc:ID'),
    })),
    allowanceCharges: all(root, 'cac:AllowanceCharge').map((ac, i) => readAllowanceCharge(r, ac, `${at}/cac:AllowanceCharge[${i + 1}]`)),
    vatBreakdown: breakdown,
    totals: {
      lineExtension: r.required(r.amount(totalsNode, 'cbc:LineExtensionAmount', totalsPath), 'BR-12', `${totalsPath}/cbc:LineExtensionAmount`, '0'),
      taxExclusive: r.required(r.amount(totalsNode, 'cbc:TaxExclusiveAmount', totalsPath), 'BR-13', `${totalsPath}/cbc:TaxExclusiveAmount`, '0'),
      taxInclusive: r.required(r.amount(totalsNode, 'cbc:TaxInclusiveAmount', totalsPath), 'BR-14', `${totalsPath}/cbc:TaxInclusiveAmount`, '0'),
      allowanceTotal: r.amount(totalsNode, 'cbc:AllowanceTotalAmount', totalsPath),
      chargeTotal: r.amount(totalsNode, 'cbc:ChargeTotalAmount', totalsPath),
      prepaid: r.amount(totalsNode, 'cbc:PrepaidAmount', totalsPath),
      payableRounding: r.amount(totalsNode, 'cbc:PayableRoundingAmount', totalsPath),
      payable: r.required(r.amount(totalsNode, 'cbc:PayableAmount', totalsPath), 'BR-15', `${totalsPath}/cbc:PayableAmount`, '0'),
      vat,
    },
    lines: all(root, lineName).map((line, i) => readLine(r, line, `${at}/${lineName}[${i + 1}]`)),
    attachments,
    pdf: attachments.find((a) => a.mimeCode === 'application/pdf' && a.content !== null) ?? null,
    amountCurrencies: [...r.currencies].map(([currencyId, path]) => ({ currencyId, path })),
    writtenViolations: checkAsWritten(root),
  };
  if (r.missing.length > 0) {
    const rules = r.missing.map((v) => `${v.rule} at ${v.path}`).join('; ');
    throw new UblInvoiceError('missingMandatoryElements', `The ${kind} lacks elements it cannot do without: ${rules}.`, r.missing[0].path, r.missing);
  }
  return invoice;
}
