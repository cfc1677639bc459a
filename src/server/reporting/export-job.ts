import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Language } from '../../../model/dsl/i18n';
import { t } from '../../../model/dsl/i18n';
import { defineJob, type JobContext, type JobResult } from '../jobs/definition';
import { describeFailure, saveOutboxRow, updateOutboxRow } from '../mail/outbox';
import { renderMail } from '../mail/render';
import { deliver } from '../mail/transport';
import { MAIL_SEND_QUEUE } from '../mail/send-job';
import { MAIL_ATTACHMENTS_CONTAINER } from '../fulfilment/send-job';
import { handedOutOrigin } from '../public-url';
import { blobStoreFor } from '../storage/configured-store';
import { addDays } from '../../shared/shop-clock';
import { buildWorkbook } from './spreadsheet';
import { negotiateLanguage, serverText } from '../i18n';
import { XLSX_TYPE } from '../../shared/contracts/define';

/**
 * `exports.run` (flows §5 Reports: "the export arrives by e-mail within minutes"): builds the
 * spreadsheet of one export request (src/server/reporting/spreadsheet.ts) and mails it to the
 * requester through the mail path (the outbox, or SMTP with SMTP_URL; one mail_outbox row per job,
 * the file kept beside it in the blob store as sent). The request goes queued → running → sent; a
 * failed attempt is retried like a mail, the last failure leaves it failed with the reason.
 * Safe to run again: a request already sent, or whose mail went out already, is left as it is.
 */

export const exportRunSchema = z.object({ tenantId: z.uuid(), exportRequestId: z.uuid() });
export type ExportRun = z.infer<typeof exportRunSchema>;

export const exportsRunJob = defineJob<ExportRun>({
  title: t('Export maken en mailen', 'Build and mail an export', 'Créer et envoyer une exportation'),
  description: t(
    'Maakt de spreadsheet van een gevraagde export (bestellingen, leveranciersbestellingen, leveringen, uitgaven per leverancier) en mailt ze naar wie ze vroeg.',
    'Builds the spreadsheet of a requested export (orders, supplier orders, deliveries, spend per supplier) and mails it to whoever asked for it.',
    "Crée le tableur d'une exportation demandée (commandes, commandes fournisseurs, livraisons, dépenses par fournisseur) et l'envoie à qui l'a demandée.",
  ),
  queue: { ...MAIL_SEND_QUEUE, retryLimit: 3 },
  concurrency: 1,
  parse: (data) => exportRunSchema.parse(data),
  handle: runExport,
});

/** 'from 2030-01-01 up to and including 2030-01-31' in the mail's words (the end shown inclusive, as people read it). */
function periodText(start: string | null, end: string | null, lang: Language): string {
  if (!start && !end) return serverText(lang, 'mail.period.all');
  return [start ? serverText(lang, 'mail.period.from', { day: start }) : null, end ? serverText(lang, 'mail.period.until', { day: addDays(end, -1) }) : null]
    .filter(Boolean).join(' ');
}

async function runExport({ tenantId, exportRequestId }: ExportRun, { db, config, attempt }: JobContext): Promise<JobResult> {
  const req = await db.selectFrom('exportRequests').selectAll().where('tenantId', '=', tenantId).where('id', '=', exportRequestId).executeTakeFirst();
  if (!req) return { skipped: 'not found' };
  if (req.status === 'sent') return { skipped: 'sent' };
  const ownMail = await db.selectFrom('mailOutbox').select(['status', 'attachments']).where('id', '=', attempt.id).executeTakeFirst();
  if (ownMail?.status === 'sent') {
    await db.updateTable('exportRequests').set({ status: 'sent', finishedAt: sql`clock_timestamp()`, error: null, updatedAt: new Date() }).where('id', '=', req.id).execute();
    return { alreadySent: true };
  }
  const n = attempt.retryCount + 1;
  await db.updateTable('exportRequests').set({ status: 'running', updatedAt: new Date() }).where('id', '=', req.id).execute();

  const language = negotiateLanguage({ saved: req.language });
  const start = req.startDate ? String(req.startDate).slice(0, 10) : null;
  const end = req.endDate ? String(req.endDate).slice(0, 10) : null;
  try {
    const [tenant, customer] = await Promise.all([
      db.selectFrom('tenants').select(['name', 'hostname']).where('id', '=', tenantId).executeTakeFirstOrThrow(),
      db.selectFrom('customers').select('name').where('id', '=', req.customerId).executeTakeFirstOrThrow(),
    ]);
    const book = await buildWorkbook(db, { tenantId, customerId: req.customerId }, { start, end }, language);
    const fileName = `export-${start ?? 'start'}-${end ? addDays(end, -1) : 'end'}.xlsx`;
    const origin = handedOutOrigin(config.publicUrl, tenant.hostname, tenant.hostname);
    const mail = renderMail({
      kind: 'reportExport', language, product: tenant.name, recipientName: req.recipient ?? '',
      link: `${origin}/reporting`, values: { customer: customer.name, period: periodText(start, end, language), rows: String(book.rowCount) },
    });
    const recipient = req.recipient!;
    await saveOutboxRow(db, {
      id: attempt.id, tenantId, kind: 'reportExport', attempts: n, status: 'sending', error: null,
      recipient, subject: mail.subject, language, text: mail.text, html: mail.html,
      attachments: JSON.stringify([{ fileName, contentType: XLSX_TYPE, size: book.buffer.length, blobName: attempt.id }]),
    });
    await blobStoreFor(config).put({ tenantId, containerName: MAIL_ATTACHMENTS_CONTAINER, blobName: attempt.id }, Readable.from([book.buffer]), {
      fileName, contentType: XLSX_TYPE, uploadedBy: 'system', customerId: req.customerId,
    });
    try {
      const sent = await deliver(config, { id: attempt.id, to: recipient, language, ...mail, attachments: [{ filename: fileName, content: book.buffer, contentType: XLSX_TYPE }] });
      await updateOutboxRow(db, attempt.id, { status: 'sent', sentAt: new Date(), delivery: sent.delivery, messageId: sent.messageId, error: null });
    } catch (err) {
      await updateOutboxRow(db, attempt.id, { status: attempt.last ? 'failed' : 'retrying', error: describeFailure(err), delivery: config.mail.smtpUrl ? 'smtp' : 'outbox' });
      throw err;
    }
    await db.updateTable('exportRequests').set({
      status: 'sent', fileName, rowCount: book.rowCount, finishedAt: sql`clock_timestamp()`, error: null, updatedAt: new Date(),
    }).where('id', '=', req.id).execute();
    return { rows: book.rowCount };
  } catch (err) {
    // Waiting again until the next attempt; after the last one it has failed, with the reason.
    await db.updateTable('exportRequests').set({
      status: attempt.last ? 'failed' : 'queued', error: describeFailure(err), finishedAt: attempt.last ? sql`clock_timestamp()` : null, updatedAt: new Date(),
    }).where('id', '=', req.id).execute();
    throw err;
  }
}
