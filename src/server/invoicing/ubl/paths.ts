import type { ParsedInvoice } from './types';

/** Where a business term sits in the UBL document, for RuleViolation.path. */
export const paths = (invoice: ParsedInvoice) => {
  const root = `/${invoice.kind}`;
  const lineName = invoice.kind === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  return {
    root: (child = '') => `${root}${child ? `/${child}` : ''}`,
    party: (side: 'seller' | 'buyer', child = '') =>
      `${root}/cac:${side === 'seller' ? 'AccountingSupplierParty' : 'AccountingCustomerParty'}/cac:Party${child ? `/${child}` : ''}`,
    totals: (element: string) => `${root}/cac:LegalMonetaryTotal/cbc:${element}`,
    vat: (index: number, child = '') => `${root}/cac:TaxTotal/cac:TaxSubtotal[${index + 1}]${child ? `/${child}` : ''}`,
    allowanceCharge: (index: number, child = '') => `${root}/cac:AllowanceCharge[${index + 1}]${child ? `/${child}` : ''}`,
    line: (index: number, child = '') => `${root}/${lineName}[${index + 1}]${child ? `/${child}` : ''}`,
    attachment: (index: number) => `${root}/cac:AdditionalDocumentReference[${index + 1}]/cac:Attachment/cbc:EmbeddedDocumentBinaryObject`,
  };
};

export type Paths = ReturnType<typeof paths>;
