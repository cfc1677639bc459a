import type { Transaction } from 'kysely';
import type { SupplierOrderStatus } from '../../../model';
import type { MailSubject } from './message';
import { queueMail } from './queue-mail';
import type { DB } from '../../../generated/db/database.gen';

type OrderMailKind = Extract<MailSubject, { orderId: string }>['kind'];

/** What happened to the order, with the words the mail repeats. */
export type OrderMailEvent =
  | { kind: 'orderWaitingForApproval' }
  | { kind: 'orderApproved' }
  | { kind: 'orderRejected'; reason: string }
  | { kind: 'orderComment'; comment: string; authorName?: string | null }
  | { kind: 'supplierOrderUpdate'; supplierOrderId: string; status: SupplierOrderStatus | null; remark: string | null; deliveryNumber: string | null };

export type OrderMail = OrderMailEvent & {
  tenantId: string;
  orderId: string;
  /** User ids; each gets one mail in their own language (duplicates and empty ids are dropped; see orderDeciders). */
  recipients: readonly (string | null | undefined)[];
};

/**
 * Queues the notification mails of an order event inside the caller's transaction, one `mail.send`
 * job per recipient: they are sent only when the transaction commits, and never when it rolls back.
 * Answers the jobs' ids (the ids of their mail_outbox rows once sent).
 *
 * Call it from the order code in the same transaction as the change, e.g. after a rejection:
 *   await queueOrderMail(trx, { tenantId, orderId, kind: 'orderRejected', reason, recipients: [orderedById] });
 */
export async function queueOrderMail(trx: Transaction<DB>, mail: OrderMail): Promise<string[]> {
  return queueMail(trx, { tenantId: mail.tenantId, recipients: mail.recipients, mail: orderSubject(mail) });
}

/** A mail quotes a long text up to the job's bound (message.ts) instead of refusing the change that caused it. */
const quote = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function orderSubject(mail: OrderMail): Extract<MailSubject, { kind: OrderMailKind }> {
  switch (mail.kind) {
    case 'orderRejected': return { kind: mail.kind, orderId: mail.orderId, reason: quote(mail.reason.trim(), 2000) };
    case 'orderComment': return { kind: mail.kind, orderId: mail.orderId, comment: quote(mail.comment.trim(), 4000), authorName: mail.authorName ? quote(mail.authorName.trim(), 200) : null };
    case 'supplierOrderUpdate': return {
      kind: mail.kind, orderId: mail.orderId, supplierOrderId: mail.supplierOrderId, status: mail.status,
      remark: mail.remark?.trim() ? quote(mail.remark.trim(), 2000) : null, deliveryNumber: mail.deliveryNumber,
    };
    default: return { kind: mail.kind, orderId: mail.orderId };
  }
}
