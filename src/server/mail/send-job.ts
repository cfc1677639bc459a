import { t } from '../../../model/dsl/i18n';
import { defineJob, type JobContext } from '../jobs/definition';
import { composeMail, MailDataMissing, type ComposedMail } from './compose';
import { mailJobSchema, type MailJob } from './message';
import { describeFailure, saveOutboxRow, updateOutboxRow } from './outbox';
import { deliver } from './transport';

/**
 * `mail.send`: renders one notification mail and sends it (the outbox or SMTP, src/server/mail/transport.ts),
 * recording it in mail_outbox under the job's id. A failed send is retried with delays doubling
 * from about a minute (pg-boss backoff with jitter: 30 to 60 minutes for all five); after the last
 * attempt the row says failed, with the error.
 * Safe to run again: a message already sent by an attempt that died afterwards is not sent twice.
 */
/**
 * How a sent mail is retried: five more attempts, a minute apart and doubling up to an hour (the
 * supplier orders' mail too). An attempt whose process dies (killed, out of memory, a lost host)
 * stops its heartbeat: a worker's supervision (every JOB_SUPERVISE_SECONDS) then counts it as
 * failed after 30 s without one and the retry follows, instead of waiting out the 5 minutes of
 * `expireInSeconds`, which still bounds an attempt that hangs in a live process. A live worker
 * beats every 15 s, so a slow send is never taken from it and sent twice.
 */
export const MAIL_SEND_QUEUE = { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300, heartbeatSeconds: 30 } as const;

export const mailSendJob = defineJob<MailJob>({
  title: t('E-mail versturen', 'Send e-mail', 'Envoyer un e-mail'),
  description: t(
    'Stelt één meldingsmail op en verstuurt ze (outbox of SMTP); een mislukte poging wordt later herhaald.',
    'Writes one notification mail and sends it (outbox or SMTP); a failed attempt is tried again later.',
    "Rédige un e-mail de notification et l'envoie (boîte d'envoi ou SMTP) ; une tentative échouée est réessayée plus tard.",
  ),
  queue: MAIL_SEND_QUEUE,
  concurrency: 2,
  parse: (data) => mailJobSchema.parse(data),
  handle: sendMail,
});

async function sendMail(job: MailJob, { db, config, attempt }: JobContext): Promise<void> {
  const earlier = await db.selectFrom('mailOutbox').select('status').where('id', '=', attempt.id).executeTakeFirst();
  if (earlier?.status === 'sent') return;
  const base = { id: attempt.id, tenantId: job.tenantId, kind: job.mail.kind, attempts: attempt.retryCount + 1 };

  let mail: ComposedMail;
  try {
    mail = await composeMail(db, config, job);
  } catch (err) {
    // Nothing to send to (the user or the order is gone): no later attempt could do better.
    const final = attempt.last || err instanceof MailDataMissing;
    await saveOutboxRow(db, { ...base, status: final ? 'failed' : 'retrying', error: describeFailure(err) });
    if (err instanceof MailDataMissing) return;
    throw err;
  }

  await saveOutboxRow(db, {
    ...base, status: 'sending', error: null,
    recipient: mail.to, subject: mail.subject, language: mail.language, text: mail.text, html: mail.html,
  });
  try {
    const sent = await deliver(config, { id: attempt.id, ...mail });
    await updateOutboxRow(db, attempt.id, { status: 'sent', sentAt: new Date(), delivery: sent.delivery, messageId: sent.messageId, error: null });
  } catch (err) {
    await updateOutboxRow(db, attempt.id, { status: attempt.last ? 'failed' : 'retrying', error: describeFailure(err), delivery: config.mail.smtpUrl ? 'smtp' : 'outbox' });
    throw err;
  }
}
