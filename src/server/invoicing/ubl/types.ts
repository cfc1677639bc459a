/**
 * A UBL 2.1 Invoice or CreditNote as Peppol BIS Billing 3.0 defines it, in EN 16931's terms (the
 * BT-/BG- numbers). Amounts, quantities and rates are exact decimal strings as written, normalised
 * ('015.50' → '15.50'), never floats: compare and add them with src/shared/money.ts's Dec (or its
 * toCents for amounts of at most 2 decimals). Elements the parser cannot do without are non-null (it throws
 * UblInvoiceError otherwise); the rest is null when absent and judged by validateEn16931.
 */

/** An exact decimal number as text: '15.50', '-3', '0.125'. */
export type DecimalString = string;

export type UblDocumentKind = 'Invoice' | 'CreditNote';

export interface SchemedId {
  readonly id: string;
  readonly schemeId: string | null;
}

export interface PostalAddress {
  readonly street: string | null;
  readonly additionalStreet: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
  readonly countrySubdivision: string | null;
  /** BT-40 / BT-55, ISO 3166-1 alpha-2. */
  readonly countryCode: string | null;
}

/** The Seller (BG-4) or the Buyer (BG-7). */
export interface InvoiceParty {
  /** BT-27 / BT-44: PartyLegalEntity/RegistrationName. */
  readonly name: string | null;
  /** BT-28 / BT-45: PartyName/Name. */
  readonly tradingName: string | null;
  /** BT-34 / BT-49: the Peppol electronic address (EndpointID with its schemeID, e.g. 0208). */
  readonly endpoint: SchemedId | null;
  /** BT-29 / BT-46: PartyIdentification/ID. */
  readonly identifiers: readonly SchemedId[];
  /** BT-31 / BT-48: PartyTaxScheme[TaxScheme/ID = VAT]/CompanyID, e.g. BE0456123494. */
  readonly vatId: string | null;
  /** BT-30 / BT-47: PartyLegalEntity/CompanyID, e.g. 0456123494 with schemeID 0208. */
  readonly companyId: SchemedId | null;
  /** BG-5 / BG-8. */
  readonly address: PostalAddress | null;
}

/** A document level allowance (BG-20) or charge (BG-21), or one of a line (BG-27, BG-28). */
export interface AllowanceCharge {
  readonly isCharge: boolean;
  readonly amount: DecimalString | null;
  readonly baseAmount: DecimalString | null;
  readonly percent: DecimalString | null;
  readonly reason: string | null;
  readonly reasonCode: string | null;
  /** Document level only: BT-95 / BT-102 and BT-96 / BT-103. */
  readonly vatCategory: string | null;
  readonly vatPercent: DecimalString | null;
}

/** One VAT breakdown (BG-23). */
export interface VatBreakdown {
  /** BT-116. */
  readonly taxableAmount: DecimalString | null;
  /** BT-117. */
  readonly taxAmount: DecimalString | null;
  /** BT-118: S, Z, E, AE, K, G, O, L, M. */
  readonly categoryCode: string | null;
  /** BT-119. */
  readonly percent: DecimalString | null;
  /** BT-120 and BT-121. */
  readonly exemptionReason: string | null;
  readonly exemptionReasonCode: string | null;
}

/** Document totals (BG-22) and the total VAT (BT-110). */
export interface DocumentTotals {
  /** BT-106: sum of the lines' net amounts. */
  readonly lineExtension: DecimalString;
  /** BT-109. */
  readonly taxExclusive: DecimalString;
  /** BT-112. */
  readonly taxInclusive: DecimalString;
  /** BT-107 and BT-108. */
  readonly allowanceTotal: DecimalString | null;
  readonly chargeTotal: DecimalString | null;
  /** BT-113 and BT-114. */
  readonly prepaid: DecimalString | null;
  readonly payableRounding: DecimalString | null;
  /** BT-115. */
  readonly payable: DecimalString;
  /** BT-110: TaxTotal/TaxAmount in the invoice currency; null when absent. */
  readonly vat: DecimalString | null;
}

/** One invoice (or credit note) line (BG-25). */
export interface InvoiceLine {
  /** BT-126. */
  readonly id: string;
  /** BT-129 and BT-130. */
  readonly quantity: DecimalString;
  readonly unitCode: string | null;
  /** BT-131. */
  readonly netAmount: DecimalString;
  /** BT-132: the buyer's order line this line invoices. */
  readonly orderLineReference: string | null;
  /** BT-153, BT-154, BT-155 (seller's item ID), BT-156 (buyer's), BT-157 (standard ID, e.g. GTIN 0160). */
  readonly item: {
    readonly name: string | null;
    readonly description: string | null;
    readonly sellersId: string | null;
    readonly buyersId: string | null;
    readonly standardId: SchemedId | null;
  };
  /** BT-146 net price per BT-149 base quantity (with its unit, BT-150). */
  readonly price: {
    readonly amount: DecimalString;
    readonly baseQuantity: DecimalString | null;
    readonly baseQuantityUnitCode: string | null;
  };
  /** BT-151 and BT-152. */
  readonly vat: { readonly categoryCode: string | null; readonly percent: DecimalString | null };
  /** BG-27 and BG-28. */
  readonly allowanceCharges: readonly AllowanceCharge[];
}

/** An additional supporting document (BG-24), with its embedded file when it has one. */
export interface Attachment {
  /** BT-122. */
  readonly id: string | null;
  readonly description: string | null;
  readonly mimeCode: string | null;
  readonly filename: string | null;
  /** BT-125, decoded from base64; null for a document that is only referenced (BT-124). */
  readonly content: Buffer | null;
  readonly externalUri: string | null;
}

export interface PaymentMeans {
  /** BT-81 (UNCL 4461: 30 credit transfer, 58 SEPA credit transfer, …). */
  readonly code: string | null;
  /** BT-83: the structured communication or remittance information. */
  readonly paymentId: string | null;
  /** BT-84: IBAN or other account. */
  readonly accountId: string | null;
}

export interface ParsedInvoice {
  readonly kind: UblDocumentKind;
  /** BT-24 and BT-23. */
  readonly customizationId: string | null;
  readonly profileId: string | null;
  /** BT-1. */
  readonly number: string;
  /** BT-2 and BT-9, as written (YYYY-MM-DD when valid). For a credit note BT-9 is PaymentMeans/PaymentDueDate. */
  readonly issueDate: string;
  readonly dueDate: string | null;
  /** BT-3: 380 commercial invoice, 381 credit note, … */
  readonly typeCode: string;
  /** BT-5 and BT-6. */
  readonly currency: string;
  readonly taxCurrency: string | null;
  readonly notes: readonly string[];
  /** BT-10. */
  readonly buyerReference: string | null;
  /** BT-13: the buyer's purchase order (our supplier order). */
  readonly orderReference: string | null;
  /** BT-14: the seller's sales order. */
  readonly salesOrderReference: string | null;
  /** BT-25: the invoices a credit note corrects. */
  readonly precedingInvoices: readonly string[];
  readonly seller: InvoiceParty;
  readonly buyer: InvoiceParty;
  /** BT-20. */
  readonly paymentTerms: string | null;
  readonly paymentMeans: readonly PaymentMeans[];
  readonly allowanceCharges: readonly AllowanceCharge[];
  readonly vatBreakdown: readonly VatBreakdown[];
  readonly totals: DocumentTotals;
  readonly lines: readonly InvoiceLine[];
  readonly attachments: readonly Attachment[];
  /** The first attachment whose mimeCode is application/pdf: the invoice as a readable document. */
  readonly pdf: Attachment | null;
  /** Each distinct currencyID the amounts carry (BT-111 excepted), with the first place it appears. */
  readonly amountCurrencies: readonly { readonly currencyId: string | null; readonly path: string }[];
  /** The rules broken by the document as written (dates, empty elements, whitespace in amounts, currency codes): validate-written.ts. */
  readonly writtenViolations: readonly RuleViolation[];
}

/** A broken business rule: its official identifier (BR-CO-10, PEPPOL-EN16931-R120, …), English text and place. */
export interface RuleViolation {
  readonly rule: string;
  /** `fatal` as the rule's schematron flags it; `warning` for what Peppol tolerates but a match should see. */
  readonly severity: 'fatal' | 'warning';
  readonly message: string;
  /** An XPath-like location, e.g. /Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount. */
  readonly path: string;
  /** BT-126 of the line concerned, for line rules. */
  readonly lineId?: string;
}
