import { orderCommentContracts } from '../../shared/contracts/order-comments';
import { conversation, editComment, follow, postComment, removeComment, seenBy } from '../conversation/comments';
import { unseenPerOrder } from '../conversation/seen';
import { orderReaderOf } from '../ordering/order-reader';
import { implement } from './define';

/** The conversation calls of an order: the work is in src/server/conversation. */
export const orderCommentActions = implement(orderCommentContracts, {
  list: async ({ db, request, owner, params }) =>
    ({ result: await conversation(db, await orderReaderOf(db, request, owner), params.id) }),

  post: async ({ db, request, owner, params, body }) =>
    ({ result: await postComment(db, request.server.blobs, await orderReaderOf(db, request, owner), params.id, body) }),

  update: async ({ db, request, owner, params, body }) =>
    ({ result: await editComment(db, request.server.blobs, await orderReaderOf(db, request, owner), params.id, params.commentId, body, request.log) }),

  remove: async ({ db, request, owner, params }) =>
    ({ result: await removeComment(db, request.server.blobs, await orderReaderOf(db, request, owner), params.id, params.commentId, request.log) }),

  seen: async ({ db, request, owner, params, body }) =>
    ({ result: await seenBy(db, await orderReaderOf(db, request, owner), params.id, body) }),

  follow: async ({ db, request, owner, params, body }) =>
    ({ result: await follow(db, await orderReaderOf(db, request, owner), params.id, body.following) }),

  unseen: async ({ db, request, owner }) => {
    const orders = await unseenPerOrder(db, await orderReaderOf(db, request, owner));
    return { result: { total: orders.reduce((n, o) => n + o.unseen, 0), orders } };
  },
});
