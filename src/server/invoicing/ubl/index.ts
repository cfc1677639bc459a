/**
 * Reading and checking incoming UBL 2.1 invoices and credit notes (Peppol BIS Billing 3.0):
 * pure, no database. parse.ts reads, validate*.ts apply the EN 16931 and Peppol rules of rules.ts.
 */
import { UblInvoiceError } from './errors';
import { parseUblInvoice } from './parse';
import type { ParsedInvoice, RuleViolation } from './types';
import { validateEn16931 } from './validate';

export { parseUblInvoice } from './parse';
export { validateEn16931 } from './validate';
export { UblInvoiceError, type UblInvoiceErrorCode } from './errors';
export { RULES, type RuleId } from './rules';
export { isBelgianEnterpriseNumber } from './validate-peppol';
export type * from './types';

/**
 * Parse and validate in one: the invoice with every rule it breaks, or (when it cannot be read at
 * all) no invoice and the reason — the mandatory-element rules it breaks, or the parser's message.
 */
export function checkUblInvoice(xml: string | Buffer):
  | { ok: true; invoice: ParsedInvoice; violations: RuleViolation[] }
  | { ok: false; error: UblInvoiceError } {
  try {
    const invoice = parseUblInvoice(xml);
    return { ok: true, invoice, violations: validateEn16931(invoice) };
  } catch (error) {
    if (error instanceof UblInvoiceError) return { ok: false, error };
    throw error;
  }
}
