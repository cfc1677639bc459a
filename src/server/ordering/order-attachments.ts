import { sql, type Kysely, type Transaction } from 'kysely';
import { access, CONSTANTS, resourceByName } from '../../../model';
import { onlyOwnFor, readable, type Owner } from '../crud/scope';
import { ApiError, type ErrorDetail } from '../errors';
import { BLOB_NAME_RE, type BlobMeta, type BlobStore } from '../storage/blob-store';
import type { BlobCaller, ContainerPolicy } from '../storage/containers';
import type { Acting } from './acting';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The files of orders that are not from the basket (flows §3 "attachment PDF lines"): an order
 * form's supplier quotes and an order request's document, blobs of the 'order-attachments'
 * container (POST /upload). The caller uploads a file first and names it in POST /v2/orders; the
 * order then keeps a copy of its name, type and size (the attachment field), so reading an order
 * never asks the store. A file belongs to one order, and whoever may read that order may download it.
 */

export const ORDER_ATTACHMENTS = 'order-attachments';

/** A file as an order keeps it (the attachment field of model/dsl/field.ts). */
export interface OrderAttachment {
  containerName: string;
  blobName: string;
  fileName: string;
  contentType: string;
  size: number;
}

type Db = Kysely<DB> | Transaction<DB>;
const orders = resourceByName('orders');

/** The customer's orders holding the blob: as one of their quotes, or on one of their lines. */
function holding(db: Db, tenantId: string, customerId: string, blobName: string) {
  const inQuotes = JSON.stringify([{ attachment: { blobName } }]);
  const onLine = JSON.stringify({ blobName });
  return db.selectFrom('orders').where('orders.tenantId', '=', tenantId).where('orders.customerId', '=', customerId)
    .where((eb) => eb.or([
      sql<boolean>`${sql.ref('orders.quotes')} @> ${inQuotes}::jsonb`,
      eb('orders.id', 'in', eb.selectFrom('orderLines').select('orderLines.orderId')
        .where('orderLines.tenantId', '=', tenantId).where('orderLines.customerId', '=', customerId)
        .where(sql<boolean>`${sql.ref('orderLines.attachment')} @> ${onLine}::jsonb`)),
    ]));
}

/**
 * The rules of the container: a customer user with the orders area's R (whoever may read orders may
 * read an order's files); PDFs, and photos of a paper quote (PNG, JPEG), up to orderAttachmentMaxMb.
 */
export const orderAttachmentsContainer: ContainerPolicy = {
  access: access.customer('orders', 'R'),
  maxBytes: CONSTANTS.orderAttachmentMaxMb * 1024 * 1024,
  kinds: ['pdf', 'png', 'jpeg'],

  /** Its uploader (to check it before ordering), or whoever may read an order that holds it. */
  async mayRead(caller: BlobCaller, meta: BlobMeta): Promise<boolean> {
    if (meta.uploadedBy === caller.userId) return true;
    if (!caller.customerId) return false;
    const owner: Owner = { tenantId: caller.tenantId, customerId: caller.customerId, side: 'customer', onlyOwn: onlyOwnFor(orders, 'customer', caller.auth) };
    const held = holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).select('orders.id');
    const found = await readable(caller.db.selectFrom('orders').select('orders.id'), orders, owner)
      .where('orders.id', 'in', held).limit(1).executeTakeFirst();
    return !!found;
  },

  /** Only its uploader removes a file, and only while no order holds it: an order's quote stays as it was ordered. */
  async assertRemovable(caller: BlobCaller, meta: BlobMeta): Promise<void> {
    if (meta.uploadedBy !== caller.userId) throw new ApiError('forbiddenAccess');
    if (caller.customerId && await holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).select('orders.id').limit(1).executeTakeFirst()) {
      throw new ApiError('FileInOrder');
    }
  },
};

/** What a client names a file by in POST /v2/orders: the container and blob name POST /upload answered. */
export interface AttachmentRef {
  containerName: string;
  blobName: string;
}

/**
 * The attachments of a new order from the files the body names, in the transaction that writes it:
 * each a file of the container in the caller's tenant and customer that the caller uploaded
 * (FileNotFound otherwise), none named twice and none an order holds already (FileAlreadyAdded).
 * Every problem is collected as a detail on its body path; null entries (no file) stay null.
 */
export async function claimAttachments(trx: Transaction<DB>, store: BlobStore, acting: Acting,
  refs: readonly { path: string; ref: AttachmentRef | null | undefined }[]): Promise<{ files: (OrderAttachment | null)[]; problems: ErrorDetail[] }> {
  const problems: ErrorDetail[] = [];
  const files: (OrderAttachment | null)[] = [];
  const seen = new Set<string>();
  for (const { path, ref } of refs) {
    if (!ref) { files.push(null); continue; }
    const meta = ref.containerName === ORDER_ATTACHMENTS && BLOB_NAME_RE.test(ref.blobName)
      ? await store.stat({ tenantId: acting.tenantId, containerName: ORDER_ATTACHMENTS, blobName: ref.blobName })
      : null;
    if (!meta || meta.customerId !== acting.customerId || meta.uploadedBy !== acting.userId) {
      problems.push({ path, rule: 'FileNotFound' });
      files.push(null);
      continue;
    }
    if (seen.has(meta.blobName) || await holding(trx, acting.tenantId, acting.customerId, meta.blobName).select('orders.id').limit(1).executeTakeFirst()) {
      problems.push({ path, rule: 'FileAlreadyAdded' });
      files.push(null);
      continue;
    }
    seen.add(meta.blobName);
    files.push({ containerName: ORDER_ATTACHMENTS, blobName: meta.blobName, fileName: meta.fileName, contentType: meta.contentType, size: meta.size });
  }
  return { files, problems };
}
