import { field, resource, t } from '../dsl';
import { CONSTANTS } from '../catalogue/constants';
import { SUPPLIER_ORDER_STATUSES } from './supplier-orders';

/**
 * An order's conversation (flows §2 /order-detail tab "communication", §3 Comment "content,
 * attachmentUrls. Only the author's own comments may be edited or removed.", §4 "Conversation can
 * be followed or unfollowed", §7 the conversation calls, §8 NotUserOwnComment, 'file already added').
 * Whoever may read the order reads and writes its conversation; a comment's attachments are blobs of
 * the 'order-conversation' container (POST /upload). The comments, who has seen which comment and
 * who follows the conversation are three tables written by the server only (src/server/conversation).
 */

const T = {
  order: t('Bestelling', 'Order', 'Commande'),
  comment: t('Opmerking', 'Comment', 'Commentaire'),
  author: t('Auteur', 'Author', 'Auteur'),
  user: t('Gebruiker', 'User', 'Utilisateur'),
};

/** One comment on an order, with the files attached to it (copied from the blobs' metadata when attached). */
export const orderComments = resource('order-comments', {
  label: { one: T.comment, many: t('Opmerkingen', 'Comments', 'Commentaires') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(T.order, 'orders').required().readOnly(),
    userId: field.reference(T.author, 'users').readOnly(),
    content: field.textarea(t('Bericht', 'Message', 'Message')).required().max(CONSTANTS.commentMaxLength),
    attachments: field.list(t('Bijlagen', 'Attachments', 'Pièces jointes'), {
      containerName: field.text(t('Container', 'Container', 'Conteneur')).required().max(200),
      blobName: field.text(t('Bestandsnaam in de opslag', 'Blob name', 'Nom du blob')).required().max(500),
      fileName: field.text(t('Bestandsnaam', 'File name', 'Nom du fichier')).required().max(255),
      contentType: field.text(t('Bestandstype', 'File type', 'Type de fichier')).max(200),
      size: field.integer(t('Grootte (bytes)', 'Size (bytes)', 'Taille (octets)')).min(0),
    }).readOnly(),
    editedAt: field.datetime(t('Gewijzigd op', 'Edited on', 'Modifié le')).readOnly(),
    // A message of the platform, not of a person (no userId): what the supplier did with one of the
    // order's supplier orders (src/server/fulfilment/supplier-order-news.ts). `content` then holds the
    // supplier's remark, if any; the app words the event in the reader's language.
    event: field.object(t('Gebeurtenis', 'Event', 'Événement'), {
      supplierOrderId: field.reference(t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'), 'supplier-orders'),
      gcsNumber: field.text(t('Leveranciersbestelnummer', 'Supplier order number', 'Numéro de commande fournisseur')).max(100),
      supplierName: field.text(t('Leverancier', 'Supplier', 'Fournisseur')).max(200),
      status: field.enum(t('Status', 'Status', 'Statut'), SUPPLIER_ORDER_STATUSES),
      deliveryNumber: field.text(t('Leveringsnummer', 'Delivery number', 'Numéro de livraison')).max(120),
      deliveryId: field.reference(t('Levering', 'Delivery', 'Livraison'), 'deliveries'),
    }).readOnly(),
  },
  recordRepresentation: 'content',
  list: { columns: ['createdAt', 'userId', 'content'], sort: { field: 'createdAt', order: 'ASC' } },
  // Its calls (the conversation, seen, follow, unseen comments) are in src/shared/contracts/order-comments.ts.
  notFound: 'CommentNotFound',
  failureTexts: {
    list: t('Fout bij het laden van de conversatie', 'Error loading the conversation', 'Erreur lors du chargement de la conversation'),
    create: t('Fout bij het plaatsen van de opmerking', 'Error posting the comment', 'Erreur lors de la publication du commentaire'),
    update: t('Fout bij het wijzigen van de opmerking', 'Error editing the comment', 'Erreur lors de la modification du commentaire'),
    delete: t('Fout bij het verwijderen van de opmerking', 'Error deleting the comment', 'Erreur lors de la suppression du commentaire'),
  },
});

/** Which user has seen which comment: one row per comment and user (a unique key in src/server/db/after). */
export const orderCommentSeen = resource('order-comment-seen', {
  label: { one: t('Gelezen opmerking', 'Seen comment', 'Commentaire lu'), many: t('Gelezen opmerkingen', 'Seen comments', 'Commentaires lus') },
  scope: 'customer',
  area: 'orders',
  fields: {
    commentId: field.reference(T.comment, 'order-comments').required().readOnly(),
    orderId: field.reference(T.order, 'orders').required().readOnly(),
    userId: field.reference(T.user, 'users').required().readOnly(),
  },
  recordRepresentation: 'commentId',
  list: { columns: ['createdAt', 'commentId', 'userId'], sort: { field: 'createdAt', order: 'ASC' } },
  notFound: 'CommentNotFound',
});

/**
 * Who follows an order's conversation: a row per order and user (a unique key in src/server/db/after).
 * Without a row, whoever placed the order follows it and nobody else does; `following: false` is an
 * explicit unfollow (also of the orderer).
 */
export const orderConversationFollowers = resource('order-conversation-followers', {
  label: { one: t('Volger', 'Follower', 'Abonné'), many: t('Volgers', 'Followers', 'Abonnés') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(T.order, 'orders').required().readOnly(),
    userId: field.reference(T.user, 'users').required().readOnly(),
    following: field.boolean(t('Volgt', 'Follows', 'Suit')).required().default(true).readOnly(),
  },
  recordRepresentation: 'userId',
  list: { columns: ['orderId', 'userId', 'following'], sort: { field: 'createdAt', order: 'ASC' } },
  notFound: 'OrderNotFound',
});
