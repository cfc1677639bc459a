import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { CONSTANTS } from '../../../model';
import { ApiError, type ErrorDetail } from '../errors';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import type { Who } from '../fulfilment/parties';
import { newBlobName, type BlobStore } from '../storage/blob-store';
import { FILE_KINDS, SNIFF_BYTES } from '../storage/file-types';
import { checkUblInvoiceOffThread } from './ubl/off-thread';
import { dec, formatDec, round } from '../../shared/money';
import { draftFromUbl, enterpriseNumberOf, type UblDraft } from './ubl-draft';
import { resolveOrderedLine } from './match';
import { invoiceFileUrl, INVOICES_CONTAINER } from './invoices';
import { orderedLinesOf, refreshMatch } from './three-way';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Booking an incoming UBL e-invoice (upload or inbox): checked (EN 16931 / Peppol, ubl/), linked to
 * the supplier order its BT-13 names, checked against that order's supplier and company, stored with
 * its XML and the PDF it embeds, its lines linked to the ordered lines (BT-132, else the article
 * number), and matched. Nothing is kept of a refused one: the blobs are written first and removed
 * again when the booking fails.
 */

/** Where the invoice may belong: a tenant, and (for an upload) the company of the caller. */
export interface UblTarget {
  tenantId: string | null;
  customerId: string | null;
}

/** The rule details of a refusal, as the API's error details (path, rule, the rule's text as param). */
const detailsOf = (violations: readonly { rule: string; path: string; message: string; lineId?: string }[]): ErrorDetail[] =>
  violations.slice(0, 50).map((v) => ({ path: v.path, rule: v.rule, params: { message: v.message, ...(v.lineId ? { line: v.lineId } : {}) } }));

/** The largest PDF an e-invoice may embed: an invoice's file (flows §5: at most 20 MB). */
const PDF_MAX_BYTES = CONSTANTS.invoicePdfMaxMb * 1024 * 1024;

/**
 * Reads and checks the document on a worker thread (however large, the server goes on answering):
 * the draft, or the refusal (UblInvoiceUnreadable, UblInvoiceInvalid, UblCurrencyNotSupported, and
 * FileTooLarge for an embedded PDF past an invoice file's 20 MB).
 */
export async function readUbl(chunks: readonly Uint8Array[]): Promise<UblDraft> {
  const checked = await checkUblInvoiceOffThread(chunks);
  if (!checked.ok) {
    throw new ApiError('UblInvoiceUnreadable', [{ path: 'file', rule: checked.error.code, params: { message: checked.error.message.slice(0, 500) } }]);
  }
  const fatal = checked.violations.filter((v) => v.severity === 'fatal');
  if (fatal.length) throw new ApiError('UblInvoiceInvalid', detailsOf(fatal));
  const { pdf, attachments, kind } = checked.invoice;
  if (pdf?.content && pdf.content.byteLength > PDF_MAX_BYTES) {
    throw new ApiError('FileTooLarge', [{ path: `/${kind}/cac:AdditionalDocumentReference[${attachments.indexOf(pdf) + 1}]`, rule: 'maxBytes', params: { max: CONSTANTS.invoicePdfMaxMb } }]);
  }
  const draft = draftFromUbl(checked.invoice);
  if (draft.currency !== 'EUR') throw new ApiError('UblCurrencyNotSupported', [{ path: '/Invoice/cbc:DocumentCurrencyCode', rule: 'currency', params: { currency: draft.currency } }]);
  return draft;
}

const sameEnterprise = (a: string | null | undefined, b: string | null | undefined) => {
  const x = enterpriseNumberOf(a);
  const y = enterpriseNumberOf(b);
  return !x || !y || x === y;
};

/**
 * Books the e-invoice for `target` (who: the uploader; null for the inbox): `xml` is its bytes, in
 * chunks or one Buffer. When the XML is stored already (`storedXml`, the upload's) they are moved to
 * the reading thread (not to be used again); else (the inbox's) they are kept to store them. The supplier order is the one BT-13
 * names in the target's tenant (and company, when set); the inbox, which knows no tenant, takes it from
 * the one supplier order of that number on the platform. Answers the invoice's id.
 */
export async function bookUblInvoice(db: Kysely<DB>, store: BlobStore, target: UblTarget, who: Who | null, xml: Buffer | readonly Buffer[], fileName: string,
  /** The XML's blob when the upload already stored it (kept by the invoice; the caller removes it on a refusal). */
  storedXml?: string): Promise<string> {
  const bytes = Buffer.isBuffer(xml) ? xml : null;
  const draft = await readUbl(storedXml || !bytes ? [xml].flat() : [Buffer.from(bytes)]);
  if (!draft.orderReference) throw new ApiError('UblOrderReferenceUnknown', [{ path: '/Invoice/cac:OrderReference/cbc:ID', rule: 'BT-13' }]);
  let soQuery = db.selectFrom('supplierOrders').selectAll().where('gcsNumber', '=', draft.orderReference);
  if (target.tenantId) soQuery = soQuery.where('tenantId', '=', target.tenantId);
  if (target.customerId) soQuery = soQuery.where('customerId', '=', target.customerId);
  const found = await soQuery.limit(2).execute();
  if (found.length !== 1) throw new ApiError('UblOrderReferenceUnknown', [{ path: '/Invoice/cac:OrderReference/cbc:ID', rule: 'BT-13', params: { reference: draft.orderReference } }]);
  const so = found[0]!;
  const tenantId = String(so.tenantId);
  const customerId = String(so.customerId);

  const [supplier, customer] = await Promise.all([
    so.supplierId ? db.selectFrom('suppliers').select(['vatNumber']).where('id', '=', so.supplierId).executeTakeFirst() : undefined,
    db.selectFrom('customers').select(['vatNumber']).where('id', '=', customerId).executeTakeFirst(),
  ]);
  if (!sameEnterprise(supplier?.vatNumber, draft.seller.enterpriseNumber)) {
    throw new ApiError('UblSellerMismatch', [{ path: '/Invoice/cac:AccountingSupplierParty', rule: 'seller', params: { seller: draft.seller.enterpriseNumber ?? '', supplier: supplier?.vatNumber ?? '' } }]);
  }
  if (!sameEnterprise(customer?.vatNumber, draft.buyer.enterpriseNumber)) {
    throw new ApiError('UblBuyerMismatch', [{ path: '/Invoice/cac:AccountingCustomerParty', rule: 'buyer', params: { buyer: draft.buyer.enterpriseNumber ?? '', customer: customer?.vatNumber ?? '' } }]);
  }
  const duplicate = await db.selectFrom('invoices').select('id').where('tenantId', '=', tenantId).where('deleted', '=', false)
    .where('supplierId', '=', so.supplierId as string).where('number', '=', draft.number).executeTakeFirst();
  if (duplicate) throw new ApiError('InvoiceAlreadyBooked', [{ path: '/Invoice/cbc:ID', rule: 'BT-1', params: { number: draft.number } }]);

  // The files first (a store is no transaction): removed again when the booking fails.
  const key = (blobName: string) => ({ tenantId, containerName: INVOICES_CONTAINER, blobName });
  const written: string[] = [];
  const put = async (body: Buffer, name: string, contentType: string) => {
    const blobName = newBlobName();
    await store.put(key(blobName), Readable.from([body]), { fileName: name, contentType, uploadedBy: who?.user.id ?? 'invoice-inbox', customerId });
    written.push(blobName);
    return blobName;
  };
  try {
    const ublBlobName = storedXml ?? await put(bytes ?? Buffer.concat(xml as readonly Buffer[]), fileName, 'application/xml');
    // The embedded file becomes the invoice's PDF only when its bytes are one (as an uploaded PDF's must be).
    const pdf = draft.pdf?.content && await FILE_KINDS.pdf.matches(draft.pdf.content.subarray(0, SNIFF_BYTES)) ? draft.pdf : null;
    const pdfName = pdf ? (pdf.filename || `${draft.number}.pdf`).replace(/[\\/]/g, '_').slice(0, 255) : null;
    const pdfBlobName = pdf ? await put(pdf.content!, pdfName!, 'application/pdf') : null;
    return await db.transaction().execute(async (trx) => {
      const ordered = await orderedLinesOf(trx, tenantId, String(so.id));
      const dueDate = draft.dueDate ?? addDays(draft.invoiceDate, CONSTANTS.invoicePaymentTermDays);
      const created = await trx.insertInto('invoices').values({
        tenantId, customerId, number: draft.number, gcsNumber: so.gcsNumber, supplierOrderId: so.id, orderId: so.orderId, orderNumber: so.orderNumber,
        supplierId: so.supplierId, supplierName: so.supplierName ?? draft.seller.name, priceExcl: draft.priceExcl, priceIncl: draft.priceIncl,
        invoiceDate: draft.invoiceDate, dueDate: dueDate < draft.invoiceDate ? draft.invoiceDate : dueDate,
        status: dueDate < todayInShopZone() ? 'expired' : 'open', remarks: draft.remarks, source: 'ubl',
        fileUrl: pdfBlobName ? invoiceFileUrl(pdfBlobName) : null, blobName: pdfBlobName, fileName: pdfName, ublBlobName,
        createdById: who?.user.id ?? null, deleted: false, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
      } as never).returning('id').executeTakeFirstOrThrow();
      const invoiceId = String(created.id);
      if (draft.lines.length) {
        await trx.insertInto('invoiceLines').values(draft.lines.map((l) => {
          const orderedLine = resolveOrderedLine({ ...l, supplierOrderLineId: null }, ordered);
          return {
            tenantId, customerId, invoiceId, lineNumber: l.lineNumber, supplierOrderLineId: orderedLine?.id ?? null,
            articleNumberSupplier: l.articleNumberSupplier?.slice(0, 100) ?? null, description: l.description,
            quantity: Number(l.quantity),
            // The stored unit price is in cents; the match reads the exact one from the line's total and quantity.
            unitPriceExcl: cents(l.unitPriceExcl), vatPercent: l.vatPercent == null ? null : Number(l.vatPercent),
            lineTotalExcl: cents(l.lineTotalExcl),
          };
        })).execute();
      }
      await refreshMatch(trx, invoiceId);
      return invoiceId;
    });
  } catch (error) {
    await Promise.all(written.map((b) => store.remove(key(b)).catch(() => false)));
    throw error;
  }
}

/** A decimal string rounded half away from zero to cents ('0.325' → '0.33', '15.5' → '15.50'). */
const cents = (text: string): string => formatDec(round(dec(text), 2));
