import type { Kysely } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { defineJob } from '../jobs/definition';
import { queueMail } from '../mail/queue-mail';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `articles.backInStock` (core §7 POST /customers/articleMailRequest): every five minutes, each open
 * back-in-stock request (not notified yet) whose article now has stock above 0 and is available gets
 * its 'articleBackInStock' mail, queued through the outbox/SMTP path (mail.send, rendered in the
 * requester's language), and is marked notified in the same transaction: once committed it is
 * never mailed again, and a run that fails mails nothing and marks nothing (the next run takes it).
 *
 * Why a scheduled scan rather than a hook where stock rises: stock changes in many places (an order
 * takes it and an order line change or a rejected line gives it back, the supplier-article calls and
 * the admin's edits set it, the catalogue import and stock movements write it), and any path added
 * later would silently never mail. The scan looks only at open requests (few, and their rows are
 * taken FOR UPDATE SKIP LOCKED, so two runs at once never mail one request twice), sees every way the
 * stock came back, and costs a few minutes of delay at most. Requests of a user who is no longer
 * active wait, as reminders do.
 */

/** Requests taken per transaction, and batches per run (the rest waits for the next run). */
const BATCH = 100;
const MAX_BATCHES = 20;

/** Mails the requests whose article is back; answers how many were mailed. */
export async function notifyBackInStock(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const count = await db.transaction().execute(async (trx) => {
      const due = await trx.selectFrom('articleMailRequests as r')
        .innerJoin('supplierArticles as a', (j) => j.onRef('a.id', '=', 'r.supplierArticleId').onRef('a.tenantId', '=', 'r.tenantId'))
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'r.userId').onRef('u.tenantId', '=', 'r.tenantId'))
        .select(['r.id', 'r.tenantId', 'r.customerId', 'r.supplierArticleId', 'r.userId'])
        .where('r.notifiedAt', 'is', null).where('a.stock', '>', 0).where('a.available', 'is not', false).where('u.active', 'is not', false)
        .orderBy('r.createdAt').orderBy('r.id').limit(BATCH)
        .forUpdate('r').skipLocked()
        .execute();
      for (const r of due) {
        await queueMail(trx, { tenantId: r.tenantId, recipients: [r.userId], mail: { kind: 'articleBackInStock', supplierArticleId: r.supplierArticleId, customerId: r.customerId } });
      }
      if (due.length) {
        await trx.updateTable('articleMailRequests').set({ notifiedAt: now, updatedAt: now })
          .where('id', 'in', due.map((r) => r.id)).execute();
      }
      return due.length;
    });
    sent += count;
    if (count < BATCH) break;
  }
  return sent;
}

export const articlesBackInStockJob = defineJob<Record<string, never>>({
  title: t('Voorraadmeldingen versturen', 'Send back-in-stock mails', 'Envoyer les alertes de stock'),
  description: t(
    'Mailt wie vroeg een bericht te krijgen zodra een artikel weer op voorraad is, één keer per aanvraag.',
    'Mails whoever asked to be told when an article is back in stock, once per request.',
    'Envoie un e-mail à qui a demandé à être prévenu du retour en stock d’un article, une fois par demande.',
  ),
  queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600, retentionSeconds: 1800, deleteAfterSeconds: 3600 },
  schedule: { cron: '*/5 * * * *' },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const sent = await notifyBackInStock(db);
    if (sent) log.info({ sent }, 'back-in-stock mails queued');
    return { sent };
  },
});
