import type { Kysely } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { defineJob } from '../jobs/definition';
import { queueMail } from '../mail/queue-mail';
import { nextOccurrence, type Frequency } from './occurrence';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `reminders.due`: every minute (a pg-boss schedule, sent once per minute however many processes
 * run), every tenant's reminders whose moment has come get their 'reminderDue' mail, queued in the
 * transaction that moves them on: a recurring one to its next occurrence still ahead (occurrences
 * missed while nothing ran are not sent one by one), a one-off to none (sent). Rows are taken
 * FOR UPDATE SKIP LOCKED, so two runs at once never send one reminder twice; a run that fails sends
 * nothing of its batch and the next run takes it again. Reminders of a user who is no longer active
 * wait (they are sent once the user is active again).
 */

/** Reminders taken per transaction, and batches per run (the rest waits for the next minute). */
const BATCH = 100;
const MAX_BATCHES = 20;

/** Sends what is due at `now`; answers how many reminders were sent. */
export async function sendDueReminders(db: Kysely<DB>, now: Date): Promise<number> {
  let sent = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const count = await db.transaction().execute(async (trx) => {
      const due = await trx.selectFrom('orderReminders as r')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'r.userId').onRef('u.tenantId', '=', 'r.tenantId'))
        .select(['r.id', 'r.tenantId', 'r.customerId', 'r.orderId', 'r.userId', 'r.title', 'r.description', 'r.date', 'r.isRecurring', 'r.frequency', 'r.nextDueAt', 'r.sentCount'])
        .where('r.nextDueAt', '<=', now).where('u.active', 'is not', false)
        .orderBy('r.nextDueAt').orderBy('r.id').limit(BATCH)
        .forUpdate('r').skipLocked()
        .execute();
      for (const r of due) {
        await queueMail(trx, {
          tenantId: r.tenantId, recipients: [r.userId],
          mail: { kind: 'reminderDue', title: r.title, description: r.description ?? '', path: `/order-detail/${r.orderId}?tab=reminders&company=${r.customerId}` },
        });
        const frequency = r.isRecurring ? (r.frequency as Frequency | null) : null;
        const dueAt = new Date(r.nextDueAt as unknown as string);
        const next = frequency ? nextOccurrence(new Date(r.date as unknown as string), frequency, dueAt > now ? dueAt : now) : null;
        await trx.updateTable('orderReminders')
          .set({ nextDueAt: next, lastSentAt: now, sentCount: Number(r.sentCount ?? 0) + 1 })
          .where('id', '=', r.id).execute();
      }
      return due.length;
    });
    sent += count;
    if (count < BATCH) break;
  }
  return sent;
}

/**
 * A run that failed is tried once more; a run nobody took within ten minutes is dropped (a later
 * minute's run does its work); finished runs are kept an hour, which is all anyone looks back at.
 */
export const remindersDueJob = defineJob<Record<string, never>>({
  title: t('Herinneringen versturen', 'Send reminders', 'Envoyer les rappels'),
  description: t(
    'Mailt de herinneringen bij bestellingen waarvan het moment gekomen is.',
    'Mails the order reminders whose moment has come.',
    'Envoie par e-mail les rappels de commande dont le moment est venu.',
  ),
  queue: { retryLimit: 1, retryDelay: 30, expireInSeconds: 300, retentionSeconds: 600, deleteAfterSeconds: 3600 },
  schedule: { cron: '* * * * *' },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const sent = await sendDueReminders(db, new Date());
    if (sent) log.info({ sent }, 'reminders sent');
    return { sent };
  },
});
