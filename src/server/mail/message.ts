import { z } from 'zod';
import { supplierOrderStatusSchema } from '../../shared/contracts/supplier-orders';

const id = z.uuid();
/** Free texts a person wrote (a reason, a comment): kept as written, bounded like the fields they come from. */
const written = (max: number) => z.string().trim().min(1).max(max);

/**
 * What one notification mail is about. Ids only where the mail can read the rest when it is sent
 * (an order's number and total); the words a person wrote at the moment (a rejection's reason, a
 * comment) travel with the job, so the mail says what was decided even if the order changes later.
 */
export const mailSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('orderWaitingForApproval'), orderId: id }),
  z.object({ kind: z.literal('orderApproved'), orderId: id }),
  z.object({ kind: z.literal('orderRejected'), orderId: id, reason: written(2000) }),
  z.object({ kind: z.literal('orderComment'), orderId: id, comment: written(4000), authorName: z.string().trim().max(200).nullable() }),
  // What the supplier did with one of the order's supplier orders (src/server/fulfilment/supplier-order-news.ts):
  // the status it set and its remark as they were then; the numbers and the supplier's name are read when the mail is sent.
  z.object({
    kind: z.literal('supplierOrderUpdate'), orderId: id, supplierOrderId: id,
    status: supplierOrderStatusSchema.nullable(),
    remark: written(2000).nullable(), deliveryNumber: z.string().trim().min(1).max(120).nullable(),
  }),
  // A reminder points into the shop: a path on the tenant's own address, never another host.
  // A registration validated (src/server/customers/registration.ts): the new customer's name is read when the mail is sent.
  z.object({ kind: z.literal('customerWelcome'), customerId: id }),
  z.object({ kind: z.literal('reminderDue'), title: written(200), description: z.string().trim().max(4000), path: z.string().regex(/^\/(?!\/)[^\s]*$/) }),
  // An invitation or password mail (src/server/users/password-links.ts): the link's secret travels with the job, only its hash is stored.
  z.object({ kind: z.literal('passwordLink'), token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/), invited: z.boolean() }),
  // A contract's notice and reminder before its latest cancellation date (src/server/contracts/status.ts), to the contract's addresses.
  z.object({ kind: z.literal('contractCancellationNotice'), contractId: id }),
  z.object({ kind: z.literal('contractCancellationReminder'), contractId: id }),
  // A back-in-stock request met (src/server/stock/back-in-stock-job.ts): the article's name and stock are read when the mail is sent.
  z.object({ kind: z.literal('articleBackInStock'), supplierArticleId: id, customerId: id }),
]);
export type MailSubject = z.infer<typeof mailSubjectSchema>;

/** The data of a `mail.send` job: one message to one user of a tenant (or, for a contract's notices, one address). */
export const mailJobSchema = z.object({
  tenantId: id,
  recipientUserId: id.optional(),
  /** An address that is no user's (a contract's notification addresses): the tenant's default language. */
  recipientEmail: z.email().max(254).optional(),
  mail: mailSubjectSchema,
}).refine((j) => !!j.recipientUserId !== !!j.recipientEmail, { message: 'one recipient: a user or an address' });
export type MailJob = z.infer<typeof mailJobSchema>;
