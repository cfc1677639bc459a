import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { access, CONSTANTS } from '../../../model';
import { canCall } from '../../shared/access';
import { ApiError } from '../errors';
import { authOf, enforce } from '../request-context';
import { isPlatformUser } from '../fulfilment/parties';
import { attachmentDisposition, type BlobMeta, type BlobStore } from '../storage/blob-store';
import type { BlobCaller, ContainerPolicy } from '../storage/containers';
import { receiveFile } from '../storage/receive-file';
import { attachInvoiceFile, invoiceDetail, INVOICES_CONTAINER, readableInvoice, writableInvoice, type InvoiceRow } from './invoices';
import { bookUblInvoice } from './ubl-booking';
import { invoiceContracts } from '../../shared/contracts/invoices';
import type { DB } from '../../../generated/db/database.gen';

/**
 * An invoice's PDF (flows §5 "upload must be PDF, up to 20 MB", §7 /invoices/upload, /download): a
 * blob of the 'invoices' container. POST /invoices/upload (multipart: invoiceId, customerId, file)
 * checks who may write the invoice before a byte of the file is read, then stores the file while
 * checking it is a PDF by its first bytes (415 FileTypeNotAllowed) and not past 20 MB (413
 * FileTooLarge, the stream stops there): a refused upload keeps nothing and changes nothing. A new
 * file replaces the invoice's former one, which is removed once the invoice names the new one.
 */

const READ_RULE = invoiceContracts.list.access;
const WRITE_RULE = invoiceContracts.update.access;
export const INVOICE_PDF_MAX_BYTES = CONSTANTS.invoicePdfMaxMb * 1024 * 1024;

/** The invoice (of the caller's tenant and acting customer, not deleted) that names the blob, if any. */
const holder = (caller: BlobCaller, blobName: string) => {
  let q = caller.db.selectFrom('invoices').select(['id', 'customerId']).where('tenantId', '=', caller.tenantId).where('blobName', '=', blobName);
  if (caller.customerId) q = q.where('customerId', '=', caller.customerId);
  return q.executeTakeFirst();
};

/**
 * The container's rules for the generic /upload calls: files are read back (GET /upload, an invoice's
 * fileUrl) by whoever reads the invoices of the company whose invoice holds the file; a file an
 * invoice holds is removed through the invoice only (/invoices/deleteFile, FileInInvoice here). Files
 * come in only through POST /invoices/upload, which checks the invoice (POST /upload refuses the container).
 */
export const invoicesContainer: ContainerPolicy = {
  access: access.customer('invoices', 'R'),
  maxBytes: INVOICE_PDF_MAX_BYTES,
  kinds: ['pdf'],
  directUpload: false,
  async mayRead(caller, meta) {
    if (meta.uploadedBy === caller.userId) return true;
    return !!(await holder(caller, meta.blobName)) && (isPlatformUser(caller.auth) || canCall(READ_RULE, caller.auth.subject));
  },
  async assertRemovable(caller, meta) {
    if (await holder(caller, meta.blobName)) throw new ApiError('FileInInvoice');
    if (meta.uploadedBy !== caller.userId) throw new ApiError('forbiddenAccess');
  },
};

/**
 * POST /invoices/upload (invoiceContracts.upload): customer users need the invoices feature and W;
 * platform admins upload for any company of the tenant. The form's invoiceId (and customerId) must
 * come before the file, so the invoice is checked before the file is read.
 */
export async function uploadInvoiceFile(db: Kysely<DB>, request: FastifyRequest) {
  const store = request.server.blobs;
  const auth = authOf(request);
  if (!isPlatformUser(auth)) enforce(WRITE_RULE, auth);
  if (!request.isMultipart()) throw new ApiError('FileRequired');
  const fields: Record<string, string> = {};
  let invoice: InvoiceRow | null = null;
  const caller: BlobCaller = { db, auth, tenantId: request.tenant.id, customerId: auth.customerId, userId: auth.user.id };
  const meta: BlobMeta = await receiveFile(request, store, caller, INVOICES_CONTAINER, invoicesContainer, {
    onField: (name, value) => { fields[name] = value; },
    beforeFile: async () => {
      if (!fields.invoiceId) throw new ApiError('validationFailed', [{ path: 'invoiceId', rule: 'required' }]);
      invoice = await writableInvoice(db, request.tenant.id, auth, fields.invoiceId);
      if (fields.customerId && fields.customerId !== invoice.customerId) throw new ApiError('InvoiceNotFound');
      return { customerId: invoice.customerId };
    },
  });
  const key = { tenantId: request.tenant.id, containerName: INVOICES_CONTAINER, blobName: meta.blobName };
  let attached;
  try {
    attached = await attachInvoiceFile(db, request.tenant.id, auth, invoice!.id, { blobName: meta.blobName, fileName: meta.fileName });
  } catch (err) {
    // The invoice went (or changed hands) while the file streamed in: keep nothing.
    await store.remove(key);
    throw err;
  }
  if (attached.previous && attached.previous !== meta.blobName) {
    await store.remove({ ...key, blobName: attached.previous }).catch((err: unknown) => request.log.warn({ err, blobName: attached.previous }, 'the replaced invoice file stays behind'));
  }
  return attached.detail;
}

/** POST /invoices/download: the invoice's PDF, its type and its name; FileNotFound without one. */
export async function sendInvoiceFile(db: Kysely<DB>, store: BlobStore, reply: FastifyReply, tenantId: string, who: Parameters<typeof readableInvoice>[2], invoiceId: unknown) {
  const inv = await readableInvoice(db, tenantId, who, invoiceId);
  if (!inv.blobName) throw new ApiError('FileNotFound');
  const found = await store.read({ tenantId, containerName: INVOICES_CONTAINER, blobName: inv.blobName });
  if (!found) throw new ApiError('FileNotFound');
  const fileName = inv.fileName || found.meta.fileName || `${inv.number}.pdf`;
  return reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
    .header('content-disposition', attachmentDisposition(fileName)).header('cache-control', 'private, no-store')
    .send(found.body);
}

export const UBL_MAX_BYTES = CONSTANTS.ublInvoiceMaxMb * 1024 * 1024;

/**
 * POST /invoices/upload-ubl (invoiceContracts.uploadUbl; beyond the spec: Belgian B2B e-invoices): the acting company's users who
 * enter invoices (invoices C, the contract's rule) upload a supplier's UBL e-invoice. It is checked while it streams in (XML,
 * at most 30 MB: 415, 413), then read, checked against EN 16931 and Peppol, linked to the company's
 * supplier order its BT-13 names, stored with the PDF it embeds, and matched (ubl-booking.ts). A refused
 * one keeps nothing: 422 with the rules it breaks, 409 when that supplier's invoice number is booked.
 */
export async function uploadUblInvoice(db: Kysely<DB>, request: FastifyRequest) {
  const store = request.server.blobs;
  const auth = authOf(request);
  if (!request.isMultipart()) throw new ApiError('FileRequired');
  const customerId = auth.customerId;
  if (!customerId) throw new ApiError('noActiveCustomer');
  const caller: BlobCaller = { db, auth, tenantId: request.tenant.id, customerId, userId: auth.user.id };
  const meta = await receiveFile(request, store, caller, INVOICES_CONTAINER, { maxBytes: UBL_MAX_BYTES, kinds: ['xml'] });
  const key = { tenantId: request.tenant.id, containerName: INVOICES_CONTAINER, blobName: meta.blobName };
  try {
    const found = await store.read(key);
    if (!found) throw new ApiError('FileNotFound');
    // As read, in chunks: moved to the thread that reads it, never gathered into one copy here.
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    const id = await bookUblInvoice(db, store, { tenantId: request.tenant.id, customerId }, auth, chunks, meta.fileName, meta.blobName);
    return await invoiceDetail(db, auth, await readableInvoice(db, request.tenant.id, auth, id));
  } catch (err) {
    await store.remove(key).catch(() => false);
    throw err;
  }
}
