import { z } from 'zod';
import { resourceByName } from '../../../model';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { fieldSchema } from '../../shared/field-schemas';
import { UUID_RE } from '../db/records';
import { safeString } from '../../shared/safe-text';
import { conversation, editComment, follow, postComment, removeComment, seenBy } from '../conversation/comments';
import { unseenPerOrder } from '../conversation/seen';
import { resultOf } from '../../shared/contracts/shapes';
import { orderReaderOf } from '../ordering/order-reader';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * The conversation calls of an order (flows §7: GET and POST /v2/orders/{id}/conversation, PUT and
 * DELETE …/conversation/{commentId}, PATCH …/conversation/seen, PATCH …/follow-conversation) and the
 * unseen comments of the orders the caller follows (GET /v2/orders/unseen-comments). The work is in
 * src/server/conversation; here the bodies and answers.
 */

const comments = resourceByName('order-comments');
const uuid = z.string().regex(UUID_RE, 'invalid');

const commentBody = z.object({
  content: fieldSchema(comments.fields.content!, 'create') as z.ZodType<string>,
  /** The urls POST /upload answered for the 'order-conversation' container. */
  attachmentUrls: z.array(safeString(undefined, false).max(1000, 'maxLength')).max(CONSTANTS.maxAttachmentsPerComment, 'maxLength').default([]),
});
const seenBody = z.object({ seenBy: uuid, commentIds: z.array(uuid).max(1000, 'maxLength') });
const followBody = z.object({ following: z.boolean() });

const attachmentSchema = z.object({ url: z.string(), containerName: z.string(), blobName: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() });
const commentSchema = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), authorName: z.string().nullable(),
  content: z.string(), attachmentUrls: z.array(z.string()), attachments: z.array(attachmentSchema),
  createdAt: z.string(), updatedAt: z.string(), editedAt: z.string().nullable(),
  /** The caller wrote it (and so may change or remove it). */
  mine: z.boolean(),
  /** The caller has seen it (their own always). */
  seen: z.boolean(),
});

const conversationAnswer = resultOf(z.object({ comments: z.array(commentSchema), following: z.boolean(), unseenCount: z.number().int() }));
const commentAnswer = resultOf(commentSchema);
const removedAnswer = resultOf(z.object({ id: z.string() }));
const seenAnswer = resultOf(z.object({ seen: z.array(z.string()), unseenCount: z.number().int() }));
const followAnswer = resultOf(z.object({ following: z.boolean() }));
const unseenAnswer = resultOf(z.object({
  total: z.number().int(),
  orders: z.array(z.object({ orderId: z.string(), orderNumber: z.string().nullable(), unseen: z.number().int() })),
}));
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const orderCommentSchemas: Record<string, ActionSchemas> = {
  list: { response: conversationAnswer },
  post: { body: commentBody, response: commentAnswer },
  update: { body: commentBody, response: commentAnswer },
  remove: { response: removedAnswer },
  seen: { body: seenBody, response: seenAnswer },
  follow: { body: followBody, response: followAnswer },
  unseen: { response: unseenAnswer },
};

const params = (ctx: ActionContext) => ctx.params as { id?: string; commentId?: string };

const list = async (ctx: ActionContext): Answer<typeof conversationAnswer> =>
  ({ result: await conversation(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id) });

const post = async (ctx: ActionContext<z.output<typeof commentBody>>): Answer<typeof commentAnswer> =>
  ({ result: await postComment(ctx.db, ctx.request.server.blobs, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, ctx.body) });

const update = async (ctx: ActionContext<z.output<typeof commentBody>>): Answer<typeof commentAnswer> => ({
  result: await editComment(ctx.db, ctx.request.server.blobs, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, params(ctx).commentId, ctx.body, ctx.request.log),
});

const remove = async (ctx: ActionContext): Answer<typeof removedAnswer> => ({
  result: await removeComment(ctx.db, ctx.request.server.blobs, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, params(ctx).commentId, ctx.request.log),
});

const seen = async (ctx: ActionContext<z.output<typeof seenBody>>): Answer<typeof seenAnswer> =>
  ({ result: await seenBy(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, ctx.body) });

const followConversation = async (ctx: ActionContext<z.output<typeof followBody>>): Answer<typeof followAnswer> =>
  ({ result: await follow(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, ctx.body.following) });

const unseen = async (ctx: ActionContext): Answer<typeof unseenAnswer> => {
  const orders = await unseenPerOrder(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner));
  return { result: { total: orders.reduce((n, o) => n + o.unseen, 0), orders } };
};

export const orderCommentActions = actionsOf({ list, post, update, remove, seen, follow: followConversation, unseen });
