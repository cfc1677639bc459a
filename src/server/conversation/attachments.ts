import { sql, type Kysely, type Transaction } from 'kysely';
import { access, resourceByName } from '../../../model';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { onlyOwnFor, readable, type Owner } from '../crud/scope';
import { ApiError } from '../errors';
import type { OrderReader } from '../ordering/order-reader';
import { BLOB_NAME_RE, type BlobMeta, type BlobStore } from '../storage/blob-store';
import type { BlobCaller, ContainerPolicy } from '../storage/containers';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Files in an order's conversation: blobs of the 'order-conversation' container (POST /upload),
 * attached to a comment by the url the upload answered. A comment keeps a copy of each file's name,
 * type and size, so reading the conversation never asks the store. A file belongs to one comment:
 * its uploader attaches it once ('file already added' for a second time), and anybody who may read
 * the order that comment is on may download it.
 */

export const ORDER_CONVERSATION = 'order-conversation';

/** A file as a comment keeps it (the comment's `attachments`). */
export interface Attachment {
  containerName: string;
  blobName: string;
  fileName: string;
  contentType: string;
  size: number;
}

type Db = Kysely<DB> | Transaction<DB>;
const orders = resourceByName('orders');

/** Comments of the customer holding the blob among their attachments. */
const holding = (db: Db, tenantId: string, customerId: string, blobName: string) =>
  db.selectFrom('orderComments').where('orderComments.tenantId', '=', tenantId).where('orderComments.customerId', '=', customerId)
    .where(sql<boolean>`${sql.ref('orderComments.attachments')} @> ${JSON.stringify([{ blobName }])}::jsonb`);

/** The rules of the container: signed in for a customer with the orders area's R, files up to conversationFileMaxMb. */
export const orderConversationContainer: ContainerPolicy = {
  access: access.customer('orders', 'R'),
  maxBytes: CONSTANTS.conversationFileMaxMb * 1024 * 1024,
  kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'csv', 'txt'],

  /** Its uploader (to check it before posting), or whoever may read an order one of whose comments holds it. */
  async mayRead(caller: BlobCaller, meta: BlobMeta): Promise<boolean> {
    if (meta.uploadedBy === caller.userId) return true;
    if (!caller.customerId) return false;
    const owner: Owner = { tenantId: caller.tenantId, customerId: caller.customerId, side: 'customer', onlyOwn: onlyOwnFor(orders, 'customer', caller.auth) };
    const found = await readable(caller.db.selectFrom('orders').select('orders.id'), orders, owner)
      .where('orders.id', 'in', holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).select('orderComments.orderId'))
      .limit(1).executeTakeFirst();
    return !!found;
  },

  /** Only its uploader removes a file, and only while no comment holds it (editing the comment removes it from there). */
  async assertRemovable(caller: BlobCaller, meta: BlobMeta): Promise<void> {
    if (meta.uploadedBy !== caller.userId) throw new ApiError('forbiddenAccess');
    if (caller.customerId && await holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).select('orderComments.id').limit(1).executeTakeFirst()) {
      throw new ApiError('FileInUse');
    }
  },
};

/**
 * The blob an attachment url names: '/upload?containerName=order-conversation&blobName=…' as POST
 * /upload answered it (relative to the API root; '/api/upload?…' from the server's root is read
 * the same). Null for anything else, an address on another host included.
 */
export function blobOfUrl(url: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://api.invalid');
  } catch {
    return null;
  }
  if (parsed.pathname !== '/upload' && parsed.pathname !== '/api/upload') return null;
  const blobName = parsed.searchParams.get('blobName') ?? '';
  return parsed.searchParams.get('containerName') === ORDER_CONVERSATION && BLOB_NAME_RE.test(blobName) ? blobName : null;
}

/** A comment's attachments column as stored (jsonb: parsed by the driver, or text). */
export function storedAttachments(value: unknown): Attachment[] {
  const list = typeof value === 'string' ? JSON.parse(value) as unknown : value;
  return Array.isArray(list) ? list.filter((a): a is Attachment => !!a && typeof a === 'object' && typeof (a as Attachment).blobName === 'string') : [];
}

/**
 * The attachments of a comment from the urls a client sent: each a file of the conversation's
 * container in the caller's tenant and customer that the caller uploaded (or one the comment already
 * holds, kept as it is), none twice and none held by another comment (FileAlreadyAdded). A url
 * naming no such file is a validation failure on its position (FileNotFound). Read inside the
 * transaction that writes the comment.
 */
export async function attachmentsOf(trx: Transaction<DB>, store: BlobStore, reader: OrderReader, urls: readonly string[], current: readonly Attachment[], commentId?: string): Promise<Attachment[]> {
  const { tenantId, customerId, userId } = reader.acting;
  const out: Attachment[] = [];
  for (const [i, url] of urls.entries()) {
    const path = `attachmentUrls.${i}`;
    const blobName = blobOfUrl(url);
    if (!blobName) throw new ApiError('validationFailed', [{ path, rule: 'FileNotFound' }]);
    if (out.some((a) => a.blobName === blobName)) throw new ApiError('FileAlreadyAdded', [{ path, rule: 'FileAlreadyAdded' }]);
    const kept = current.find((a) => a.blobName === blobName);
    if (kept) { out.push(kept); continue; }
    const meta = await store.stat({ tenantId, containerName: ORDER_CONVERSATION, blobName });
    if (!meta || meta.customerId !== customerId || meta.uploadedBy !== userId) throw new ApiError('validationFailed', [{ path, rule: 'FileNotFound' }]);
    let elsewhere = holding(trx, tenantId, customerId, blobName).select('orderComments.id');
    if (commentId) elsewhere = elsewhere.where('orderComments.id', '!=', commentId);
    if (await elsewhere.limit(1).executeTakeFirst()) throw new ApiError('FileAlreadyAdded', [{ path, rule: 'FileAlreadyAdded' }]);
    out.push({ containerName: ORDER_CONVERSATION, blobName, fileName: meta.fileName, contentType: meta.contentType, size: meta.size });
  }
  return out;
}

/**
 * Removes files no comment holds any more, once the change that let them go is committed. A file
 * that cannot be removed now stays behind unreferenced (logged): the comment is what the user changed.
 */
export async function discardBlobs(store: BlobStore, tenantId: string, blobs: readonly Attachment[], log: { warn: (obj: object, msg: string) => void }): Promise<void> {
  for (const a of blobs) {
    await store.remove({ tenantId, containerName: a.containerName, blobName: a.blobName })
      .catch((err: unknown) => log.warn({ err, blobName: a.blobName }, 'could not remove a file taken off a comment'));
  }
}
