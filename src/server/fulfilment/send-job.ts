import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { t } from '../../../model/dsl/i18n';
import type { SupplierOrderStatus } from '../../../model';
import { defineJob, type JobContext, type JobResult } from '../jobs/definition';
import { MAIL_LOCALES } from '../mail/texts';
import { describeFailure, saveOutboxRow, updateOutboxRow } from '../mail/outbox';
import { renderMail } from '../mail/render';
import { deliver } from '../mail/transport';
import { MAIL_SEND_QUEUE } from '../mail/send-job';
import { handedOutOrigin } from '../public-url';
import { blobStoreFor } from '../storage/configured-store';
import { supplierOrderPdf, supplierOrderPdfName } from './order-pdf';
import { supplierOrderPdfData } from './order-pdf-data';
import { moveStatus } from './supplier-orders';
import { tellTheCompany } from './supplier-order-news';
import type { SupplierOrderRow } from './supplier-order-step';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `supplierOrders.send` (flows §3, §4): sends one supplier order to its supplier. Enqueued for each
 * new supplier order in the transaction that creates it (the approval, the sandbox), so an approval
 * that rolls back sends nothing.
 *
 * - No order e-mail: the supplier order becomes READYFORMANUALORDER (someone orders by hand).
 * - Otherwise an e-mail to the supplier with the order PDF attached goes the mail path's way (the
 *   outbox, or SMTP with SMTP_URL; one mail_outbox row per job, the PDF kept beside it in the blob
 *   store as sent), then the supplier order moves CREATED → WAITFORORDERRESPONSE ('sent', sentAt) and
 *   the order's history says sentToSupplier.
 * - Every attempt is a row of supplier_order_comms (getComms; the failures: getErrorComms). A failed
 *   send is retried with growing delays; the last failure ends it in FAILEDTOORDER with the reason.
 *
 * Safe to run again: a supplier order no longer CREATED is left alone, and one whose mail went out
 * already (this job's message, or a successful communication) is only brought to its status, never
 * mailed twice. Jobs run one at a time per process (concurrency 1). Left open: an attempt that dies
 * between the mail server's acceptance and the outbox row's 'sent' mails again on its retry.
 */

export const supplierOrderSendSchema = z.object({ tenantId: z.uuid(), supplierOrderId: z.uuid() });
export type SupplierOrderSend = z.infer<typeof supplierOrderSendSchema>;

/** Where the files sent with a message are kept in the blob store (not a container of /upload: no one uploads there). */
export const MAIL_ATTACHMENTS_CONTAINER = 'mail-attachments';

export const supplierOrderSendJob = defineJob<SupplierOrderSend>({
  title: t('Bestelling naar leverancier sturen', 'Send an order to its supplier', 'Envoyer une commande au fournisseur'),
  description: t(
    'Mailt een leveranciersbestelling met de bestel-pdf naar de leverancier (zonder e-mailadres: klaar om manueel te bestellen); een mislukte poging wordt later herhaald, na de laatste is ze mislukt.',
    'Mails a supplier order with its order PDF to the supplier (without an e-mail address: ready for a manual order); a failed attempt is tried again later, after the last one it has failed.',
    "Envoie une commande fournisseur avec son PDF au fournisseur (sans adresse e-mail : prête pour une commande manuelle) ; une tentative échouée est réessayée, après la dernière elle est en échec.",
  ),
  queue: MAIL_SEND_QUEUE,
  concurrency: 1,
  parse: (data) => supplierOrderSendSchema.parse(data),
  handle: sendSupplierOrder,
});

type SoRow = Parameters<typeof moveStatus>[2];
const SENDABLE: readonly SupplierOrderStatus[] = ['CREATED', 'FAILEDTOORDER', 'READYFORMANUALORDER'];

interface Comm {
  channel: 'email' | 'manual';
  recipient: string | null;
  subject: string | null;
  success: boolean;
  errorMessage: string | null;
  attempt: number;
  mailId: string | null;
}

async function addComm(db: Kysely<DB>, so: { id: string; tenantId: string; customerId: string }, comm: Comm): Promise<void> {
  await db.insertInto('supplierOrderComms').values({
    tenantId: so.tenantId, customerId: so.customerId, supplierOrderId: so.id, ...comm,
    errorMessage: comm.errorMessage?.slice(0, 4000) ?? null, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()`,
  }).execute();
}

/** In one transaction on the locked supplier order: `to` when it is still in `from`, with the comm. */
async function settle(db: Kysely<DB>, tenantId: string, id: string, from: readonly SupplierOrderStatus[], to: SupplierOrderStatus, reason: string | null, comm: Comm | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const so = (await trx.selectFrom('supplierOrders').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst()) as unknown as SoRow | undefined;
    if (!so) return false;
    if (comm) await addComm(trx, so, comm);
    if (!from.includes(so.status)) return false;
    await moveStatus(trx, null, so, to, reason, ['system']);
    // The buyer and the order's followers hear that their supplier was not reached, as they hear a
    // supplier's own steps; the technical reason stays on the supplier order for whoever sends it by hand.
    if (to === 'FAILEDTOORDER') await tellTheCompany(trx, so as unknown as SupplierOrderRow, null, { status: to, remark: null, delivery: null });
    return true;
  });
}

async function sendSupplierOrder({ tenantId, supplierOrderId }: SupplierOrderSend, { db, config, attempt }: JobContext): Promise<JobResult> {
  const so = await db.selectFrom('supplierOrders').select(['id', 'tenantId', 'customerId', 'status', 'supplierEmail'])
    .where('tenantId', '=', tenantId).where('id', '=', supplierOrderId).executeTakeFirst();
  if (!so) return { skipped: 'not found' };
  if (so.status !== 'CREATED') return { skipped: String(so.status) };
  const n = attempt.retryCount + 1;

  // Sent already (this job's mail before the attempt died, or another job's): only the status is left to do.
  const [ownMail, sentComm] = await Promise.all([
    db.selectFrom('mailOutbox').select(['status', 'recipient', 'subject']).where('id', '=', attempt.id).executeTakeFirst(),
    db.selectFrom('supplierOrderComms').select('id').where('supplierOrderId', '=', so.id).where('tenantId', '=', tenantId)
      .where('channel', '=', 'email').where('success', '=', true).executeTakeFirst(),
  ]);
  if (ownMail?.status === 'sent' || sentComm) {
    const comm = sentComm ? null : { channel: 'email' as const, recipient: ownMail?.recipient ?? null, subject: ownMail?.subject ?? null, success: true, errorMessage: null, attempt: n, mailId: attempt.id };
    await settle(db, tenantId, so.id, SENDABLE, 'WAITFORORDERRESPONSE', null, comm);
    return { sent: 0, alreadySent: true };
  }

  const email = so.supplierEmail?.trim();
  if (!email) {
    await settle(db, tenantId, so.id, ['CREATED'], 'READYFORMANUALORDER', null, {
      channel: 'manual', recipient: null, subject: null, success: false, attempt: n, mailId: null,
      errorMessage: 'The supplier has no order e-mail address: order by hand.',
    });
    return { manual: 1 };
  }

  const source = await supplierOrderPdfData(db, tenantId, so.id);
  if (!source) return { skipped: 'not found' };
  const { data } = source;
  const tenant = await db.selectFrom('tenants').select(['name', 'hostname']).where('id', '=', tenantId).executeTakeFirstOrThrow();
  const origin = handedOutOrigin(config.publicUrl, tenant.hostname, tenant.hostname);
  const amount = new Intl.NumberFormat(MAIL_LOCALES[data.language], { style: 'currency', currency: 'EUR' }).format(Number(data.totals.excl));
  const mail = renderMail({
    kind: 'supplierOrder', language: data.language, product: tenant.name, recipientName: data.supplierName ?? email,
    link: `${origin}/supplier-orders/${encodeURIComponent(data.gcsNumber)}`,
    values: {
      gcsNumber: data.gcsNumber, orderNumber: data.orderNumber ?? '', customer: data.customer.name ?? '',
      amount: ` (${amount} ${{ nl: 'excl. btw', en: 'excl. VAT', fr: 'HTVA' }[data.language]})`, message: data.settings?.messageToSupplier?.trim() ?? '',
    },
  });
  const pdf = await supplierOrderPdf(data);
  const fileName = supplierOrderPdfName(data.gcsNumber);
  const base = { id: attempt.id, tenantId, kind: 'supplierOrder' as const, attempts: n };

  await saveOutboxRow(db, {
    ...base, status: 'sending', error: null, recipient: email, subject: mail.subject, language: data.language, text: mail.text, html: mail.html,
    attachments: JSON.stringify([{ fileName, contentType: 'application/pdf', size: pdf.length, blobName: attempt.id }]),
  });
  try {
    // The PDF as sent, beside the outbox row (the same name on every attempt: a retry replaces it).
    await blobStoreFor(config).put({ tenantId, containerName: MAIL_ATTACHMENTS_CONTAINER, blobName: attempt.id }, Readable.from([pdf]), {
      fileName, contentType: 'application/pdf', uploadedBy: 'system', customerId: so.customerId,
    });
    const sent = await deliver(config, { id: attempt.id, to: email, language: data.language, ...mail, attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }] });
    await updateOutboxRow(db, attempt.id, { status: 'sent', sentAt: new Date(), delivery: sent.delivery, messageId: sent.messageId, error: null });
  } catch (err) {
    const error = describeFailure(err);
    await updateOutboxRow(db, attempt.id, { status: attempt.last ? 'failed' : 'retrying', error, delivery: config.mail.smtpUrl ? 'smtp' : 'outbox' });
    const comm: Comm = { channel: 'email', recipient: email, subject: mail.subject, success: false, errorMessage: error, attempt: n, mailId: attempt.id };
    if (attempt.last) {
      const reason = `E-mail to ${email} failed after ${n} attempt${n === 1 ? '' : 's'}: ${error}`.slice(0, 2000);
      await settle(db, tenantId, so.id, ['CREATED'], 'FAILEDTOORDER', reason, comm);
    } else {
      await addComm(db, so, comm);
    }
    throw err;
  }
  await settle(db, tenantId, so.id, SENDABLE, 'WAITFORORDERRESPONSE', null, {
    channel: 'email', recipient: email, subject: mail.subject, success: true, errorMessage: null, attempt: n, mailId: attempt.id,
  });
  return { sent: 1 };
}
