import { z } from 'zod';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { access } from '../../../model/dsl/access';
import { orderComments } from '../../../model/resources/order-conversation';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf, uuidText } from './shapes';
import { orderCommentRecordSchema } from '../../../generated/schemas/order-comments.gen';

/** Every conversation call needs what reading the order needs: the orders area's R (src/server/conversation). */
const readsOrder = access.customer('orders', 'R');

const commentBody = z.object({
  content: fieldSchema(orderComments.fields.content, 'create') as z.ZodType<string>,
  /** The urls POST /upload answered for the 'order-conversation' container. */
  attachmentUrls: z.array(safeString(undefined, false).max(1000, 'maxLength')).max(CONSTANTS.maxAttachmentsPerComment, 'maxLength').default([]),
});

const attachmentSchema = z.object({ url: z.string(), containerName: z.string(), blobName: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() });
const commentSchema = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), authorName: z.string().nullable(),
  content: z.string(), attachmentUrls: z.array(z.string()), attachments: z.array(attachmentSchema),
  createdAt: z.string(), updatedAt: z.string(), editedAt: z.string().nullable(),
  /** The caller wrote it (and so may change or remove it). */
  mine: z.boolean(),
  /** The caller has seen it (their own always). */
  seen: z.boolean(),
  /** A message of the platform, not of a person (no userId): what the supplier did with one of the order's supplier orders — the status it set, or a delivery it announced; `content` is its remark. */
  event: orderCommentRecordSchema.shape.event,
});

/**
 * The conversation calls of an order (flows §7: GET and POST /v2/orders/{id}/conversation, PUT and
 * DELETE …/conversation/{commentId}, PATCH …/conversation/seen, PATCH …/follow-conversation) and the
 * unseen comments of the orders the caller follows (GET /v2/orders/unseen-comments).
 */
export const orderCommentContracts = contractsOf(orderComments, {
  list: {
    method: 'GET', path: '/v2/orders/{id}/conversation', access: readsOrder,
    summary: "The order's comments, oldest first, each with its author's name, its attachments and whether the caller has seen it; whether the caller follows the conversation and how many comments of others they have not seen.",
    response: resultOf(z.object({ comments: z.array(commentSchema), following: z.boolean(), unseenCount: z.number().int() })),
    errors: ['OrderNotFound'],
  },
  post: {
    method: 'POST', path: '/v2/orders/{id}/conversation', access: readsOrder,
    summary: "Adds a comment ({content, attachmentUrls}: the urls POST /upload answered for the 'order-conversation' container). The author follows the conversation from then on; every other follower gets a mail and sees it as unseen.",
    body: commentBody,
    response: resultOf(commentSchema),
    errors: ['OrderNotFound', 'FileNotFound', 'FileAlreadyAdded', 'FileInUse'],
  },
  update: {
    method: 'PUT', path: '/v2/orders/{id}/conversation/{commentId}', access: readsOrder,
    summary: "Changes one of the caller's own comments ({content, attachmentUrls}); another's is refused (NotUserOwnComment). Files left out are removed.",
    body: commentBody,
    response: resultOf(commentSchema),
    errors: ['OrderNotFound', 'CommentNotFound', 'NotUserOwnComment', 'FileNotFound', 'FileAlreadyAdded', 'FileInUse'],
  },
  remove: {
    method: 'DELETE', path: '/v2/orders/{id}/conversation/{commentId}', access: readsOrder,
    summary: "Removes one of the caller's own comments with its attachments (NotUserOwnComment for another's).",
    response: resultOf(z.object({ id: z.string() })),
    errors: ['OrderNotFound', 'CommentNotFound', 'NotUserOwnComment'],
  },
  seen: {
    method: 'PATCH', path: '/v2/orders/{id}/conversation/seen', access: readsOrder,
    summary: "Marks comments of the order as seen by the caller ({seenBy: the caller's user id, commentIds}); answers how many the caller has still not seen.",
    body: z.object({ seenBy: uuidText, commentIds: z.array(uuidText).max(1000, 'maxLength') }),
    response: resultOf(z.object({ seen: z.array(z.string()), unseenCount: z.number().int() })),
    errors: ['OrderNotFound'],
  },
  follow: {
    method: 'PATCH', path: '/v2/orders/{id}/follow-conversation', access: readsOrder,
    summary: 'Follows or unfollows the conversation ({following}): followers get a mail for every new comment of someone else.',
    body: z.object({ following: z.boolean() }),
    response: resultOf(z.object({ following: z.boolean() })),
    errors: ['OrderNotFound'],
  },
  unseen: {
    method: 'GET', path: '/v2/orders/unseen-comments', access: readsOrder,
    summary: "The orders of the acting customer whose conversation the caller follows with comments of others the caller has not seen yet, with their number (the orders list's notification).",
    response: resultOf(z.object({
      total: z.number().int(),
      orders: z.array(z.object({ orderId: z.string(), orderNumber: z.string().nullable(), unseen: z.number().int() })),
    })),
  },
});
