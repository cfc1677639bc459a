import type { RuleViolation } from './types';

/**
 * Why a document could not be read as an invoice at all:
 * - `malformedXml`: not well-formed XML (or a DOCTYPE, which UBL never has and which could expand entities);
 * - `unsupportedEncoding`: not UTF-8 (Peppol BIS requires UTF-8);
 * - `tooComplex`: elements nested deeper, or more of them, than any invoice has (xml.ts's MAX_DEPTH, MAX_ELEMENTS);
 * - `notAnInvoice`: the root is not a UBL 2.1 Invoice or CreditNote in its namespace;
 * - `missingMandatoryElements`: elements without which no invoice can be matched are missing
 *   (`violations` names their EN 16931 rules);
 * - `invalidValue`: an amount, quantity, indicator or binary object that is not what its type allows.
 */
export type UblInvoiceErrorCode = 'malformedXml' | 'unsupportedEncoding' | 'tooComplex' | 'notAnInvoice' | 'missingMandatoryElements' | 'invalidValue';

/** A UBL document that cannot be read; `path` is the element concerned, when there is one. */
export class UblInvoiceError extends Error {
  override readonly name = 'UblInvoiceError';
  constructor(
    readonly code: UblInvoiceErrorCode,
    message: string,
    readonly path?: string,
    readonly violations: readonly RuleViolation[] = [],
  ) {
    super(message);
  }
}
