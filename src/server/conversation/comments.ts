import { sql, type Kysely, type Transaction } from 'kysely';
import { jsonValue, UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { queueOrderMail } from '../mail/order-mail';
import { readOrder, type OrderReader } from '../ordering/order-reader';
import type { BlobStore } from '../storage/blob-store';
import { blobUrl } from '../storage/containers';
import type { UserRow } from '../types';
import { attachmentsOf, discardBlobs, storedAttachments, type Attachment } from './attachments';
import { followersToNotify, follows, setFollowing } from './followers';
import { markSeen, unseenCount } from './seen';
import type { DB } from '../../../generated/db/database.gen';
import type { OrderCommentRecord } from '../../../generated/types/order-comments.gen';

/**
 * An order's conversation (flows §3 Comment, §7 the conversation calls): whoever may read the order
 * reads its comments and writes their own; only the author changes or removes a comment
 * (NotUserOwnComment). A new comment makes its author a follower and, in the same transaction,
 * queues the 'orderComment' mail of every other follower (followers.ts), who also find it unseen
 * (seen.ts). Files are checked and copied onto the comment (attachments.ts); the files a change
 * lets go are removed once it is committed.
 */

export interface CommentInput {
  content: string;
  attachmentUrls: readonly string[];
}

type Db = Kysely<DB> | Transaction<DB>;
type Log = { warn: (obj: object, msg: string) => void };

const nameOf = (u: { displayname?: string | null; firstname?: string | null; lastname?: string | null; email?: string | null }) =>
  u.displayname?.trim() || [u.firstname, u.lastname].filter(Boolean).join(' ').trim() || u.email || null;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

/** The comments of an order with their author's name and whether `viewer` has seen them. */
function commentRows(db: Db, reader: OrderReader, orderId: string) {
  const { tenantId, customerId, userId } = reader.acting;
  return db.selectFrom('orderComments as c')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'c.userId').on('u.tenantId', '=', tenantId))
    .leftJoin('orderCommentSeen as s', (join) => join.onRef('s.commentId', '=', 'c.id').on('s.tenantId', '=', tenantId).on('s.userId', '=', userId))
    .select(['c.id', 'c.orderId', 'c.userId', 'c.content', 'c.attachments', 'c.event', 'c.createdAt', 'c.updatedAt', 'c.editedAt',
      'u.displayname', 'u.firstname', 'u.lastname', 'u.email', 's.id as seenId'])
    .where('c.tenantId', '=', tenantId).where('c.customerId', '=', customerId).where('c.orderId', '=', orderId);
}
type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

/** A message of the platform: what the supplier did with one of the order's supplier orders (supplier-order-news.ts). */
type CommentEvent = NonNullable<OrderCommentRecord['event']>;

/** A comment as the conversation calls answer it. */
function view(row: CommentRow, viewerId: string) {
  const attachments = storedAttachments(row.attachments).map((a) => ({ ...a, url: blobUrl(a.containerName, a.blobName) }));
  const mine = row.userId === viewerId;
  return {
    id: String(row.id), orderId: String(row.orderId), userId: (row.userId as string | null) ?? null, authorName: nameOf(row),
    content: row.content, attachmentUrls: attachments.map((a) => a.url), attachments,
    createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)!, editedAt: iso(row.editedAt),
    mine, seen: mine || row.seenId != null,
    event: jsonValue<CommentEvent>(row.event) ?? null,
  };
}
export type CommentView = ReturnType<typeof view>;

async function viewOf(db: Db, reader: OrderReader, orderId: string, commentId: string): Promise<CommentView> {
  return view(await commentRows(db, reader, orderId).where('c.id', '=', commentId).executeTakeFirstOrThrow(), reader.acting.userId);
}

/** GET /v2/orders/{id}/conversation: the comments oldest first, whether the caller follows, how many they have not seen. */
export async function conversation(db: Kysely<DB>, reader: OrderReader, orderId: unknown) {
  const order = await readOrder(db, reader, orderId);
  const me = reader.acting.userId;
  const comments = (await commentRows(db, reader, order.id).orderBy('c.createdAt').orderBy('c.id').execute()).map((r) => view(r, me));
  return { comments, following: await follows(db, reader.acting, order, me), unseenCount: comments.filter((c) => !c.seen).length };
}

/** Who the mail names as the author: the acting user's name. */
const authorOf = (user: Pick<UserRow, 'displayname' | 'firstname' | 'lastname' | 'email'>) => nameOf(user);

/** POST /v2/orders/{id}/conversation: the comment, its author a follower, the other followers' mails queued, in one transaction. */
export async function postComment(db: Kysely<DB>, store: BlobStore, reader: OrderReader, orderId: unknown, input: CommentInput): Promise<CommentView> {
  const { tenantId, customerId, userId } = reader.acting;
  return db.transaction().execute(async (trx) => {
    const order = await readOrder(trx, reader, orderId);
    const attachments = await attachmentsOf(trx, store, reader, input.attachmentUrls, []);
    const row = await trx.insertInto('orderComments').values({
      tenantId, customerId, orderId: order.id, userId, content: input.content, attachments: JSON.stringify(attachments),
      // The moment within the transaction: comments of one request stay in the order they were written.
      createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
    }).returning('id').executeTakeFirstOrThrow();
    await setFollowing(trx, reader.acting, order.id, userId, true);
    const recipients = await followersToNotify(trx, reader.acting, order, userId);
    await queueOrderMail(trx, { tenantId, orderId: order.id, kind: 'orderComment', comment: input.content, authorName: authorOf(reader.auth.user), recipients });
    return viewOf(trx, reader, order.id, String(row.id));
  });
}

/** The comment `commentId` of the order, locked for its change; CommentNotFound, or NotUserOwnComment when it is another's. */
async function ownComment(trx: Transaction<DB>, reader: OrderReader, orderId: string, commentId: unknown) {
  if (typeof commentId !== 'string' || !UUID_RE.test(commentId)) throw new ApiError('CommentNotFound');
  const row = await trx.selectFrom('orderComments').select(['id', 'userId', 'attachments'])
    .where('tenantId', '=', reader.acting.tenantId).where('customerId', '=', reader.acting.customerId)
    .where('orderId', '=', orderId).where('id', '=', commentId).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('CommentNotFound');
  if (row.userId !== reader.acting.userId) throw new ApiError('NotUserOwnComment');
  return { id: String(row.id), attachments: storedAttachments(row.attachments) };
}

/** PUT /v2/orders/{id}/conversation/{commentId}: the author's new text and files; files left out are removed after the commit. */
export async function editComment(db: Kysely<DB>, store: BlobStore, reader: OrderReader, orderId: unknown, commentId: unknown, input: CommentInput, log: Log): Promise<CommentView> {
  const { comment, dropped } = await db.transaction().execute(async (trx) => {
    const order = await readOrder(trx, reader, orderId);
    const own = await ownComment(trx, reader, order.id, commentId);
    const attachments = await attachmentsOf(trx, store, reader, input.attachmentUrls, own.attachments, own.id);
    await trx.updateTable('orderComments')
      .set({ content: input.content, attachments: JSON.stringify(attachments), editedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
      .where('id', '=', own.id).where('tenantId', '=', reader.acting.tenantId).execute();
    const kept = new Set(attachments.map((a) => a.blobName));
    return { comment: await viewOf(trx, reader, order.id, own.id), dropped: own.attachments.filter((a) => !kept.has(a.blobName)) };
  });
  await discardBlobs(store, reader.acting.tenantId, dropped, log);
  return comment;
}

/** DELETE /v2/orders/{id}/conversation/{commentId}: the author's comment goes, with its seen marks; its files after the commit. */
export async function removeComment(db: Kysely<DB>, store: BlobStore, reader: OrderReader, orderId: unknown, commentId: unknown, log: Log): Promise<{ id: string }> {
  const { tenantId, customerId } = reader.acting;
  const { id, files } = await db.transaction().execute(async (trx) => {
    const order = await readOrder(trx, reader, orderId);
    const own = await ownComment(trx, reader, order.id, commentId);
    await trx.deleteFrom('orderCommentSeen').where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('commentId', '=', own.id).execute();
    await trx.deleteFrom('orderComments').where('tenantId', '=', tenantId).where('id', '=', own.id).execute();
    return { id: own.id, files: own.attachments as Attachment[] };
  });
  await discardBlobs(store, tenantId, files, log);
  return { id };
}

/** PATCH /v2/orders/{id}/conversation/seen: `seenBy` must be the caller (nobody marks comments seen for another). */
export async function seenBy(db: Kysely<DB>, reader: OrderReader, orderId: unknown, body: { seenBy: string; commentIds: readonly string[] }) {
  if (body.seenBy.toLowerCase() !== reader.acting.userId.toLowerCase()) throw new ApiError('forbiddenAccess');
  const order = await readOrder(db, reader, orderId);
  const seen = await markSeen(db, reader.acting, order.id, reader.acting.userId, body.commentIds);
  return { seen, unseenCount: await unseenCount(db, reader.acting, order.id, reader.acting.userId) };
}

/** PATCH /v2/orders/{id}/follow-conversation: the caller follows the conversation or stops. */
export async function follow(db: Kysely<DB>, reader: OrderReader, orderId: unknown, following: boolean) {
  const order = await readOrder(db, reader, orderId);
  await setFollowing(db, reader.acting, order.id, reader.acting.userId, following);
  return { following };
}
