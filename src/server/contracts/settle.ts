import type { Kysely } from 'kysely';
import { CONSTANTS } from '../../../model';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { enqueue } from '../jobs/enqueue';
import { currentCancellationDate, dayOf as day, settledStatus } from './contract-dates';
import type { DB } from '../../../generated/db/database.gen';

/**
 * A contract's status over time (flows §4 Contract: DRAFT, ACTIVE, INACTIVE, EXPIRED,
 * ABOUT_TO_EXPIRE) and what the daily `contracts.status` job (status-job.ts) does. A user chooses DRAFT, ACTIVE or INACTIVE;
 * an active contract is EXPIRED once its last day (its last extension's end, else its end) has
 * passed, and ABOUT_TO_EXPIRE from the customer's `contractAboutToExpireDays` (30 by default) before
 * its current latest cancellation date (or, without one, its last day) on. Before that cancellation
 * date its notification addresses get a notice (when it comes within those days) and a reminder
 * (CONSTANTS.contractReminderDays before), each once per contract and date.
 */

const addressesOf = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) as string[] : (v as string[] | null) ?? []);

/**
 * One run for every tenant: statuses settled, notices and reminders queued (in the transaction that
 * marks them sent, so a contract and date is told once). Answers what changed.
 */
export async function settleContracts(db: Kysely<DB>, now: Date = new Date()): Promise<{ changed: number; notices: number; reminders: number }> {
  const today = todayInShopZone(now);
  let changed = 0; let notices = 0; let reminders = 0;
  const rows = await db.selectFrom('contracts').innerJoin('customers', 'customers.id', 'contracts.customerId')
    .select(['contracts.id', 'contracts.tenantId', 'contracts.status', 'contracts.endDate', 'contracts.latestCancellationDate', 'contracts.contractExtensions',
      'contracts.notificationEmails', 'contracts.noticeSentFor', 'contracts.reminderSentFor', 'customers.contractAboutToExpireDays'])
    .where('contracts.status', 'in', ['ACTIVE', 'ABOUT_TO_EXPIRE', 'EXPIRED']).orderBy('contracts.id').execute();
  for (const c of rows) {
    const aboutDays = Number(c.contractAboutToExpireDays ?? CONSTANTS.contractAboutToExpireDays);
    const status = settledStatus(c, today, aboutDays);
    const cancel = currentCancellationDate(c, today);
    const addresses = addressesOf(c.notificationEmails);
    const ahead = !!cancel && cancel >= today && status !== 'EXPIRED';
    const notice = ahead && addresses.length > 0 && cancel <= addDays(today, aboutDays) && day(c.noticeSentFor) !== cancel;
    const reminder = ahead && addresses.length > 0 && cancel <= addDays(today, CONSTANTS.contractReminderDays) && day(c.reminderSentFor) !== cancel;
    if (status === c.status && !notice && !reminder) continue;
    await db.transaction().execute(async (trx) => {
      const set: Record<string, unknown> = { status, updatedAt: new Date() };
      if (notice) set.noticeSentFor = cancel;
      if (reminder) set.reminderSentFor = cancel;
      // Taken again under a lock: a run at the same time that already told this date finds it marked.
      const locked = await trx.selectFrom('contracts').select(['noticeSentFor', 'reminderSentFor']).where('id', '=', c.id).forUpdate().executeTakeFirst();
      if (!locked) return;
      const sendNotice = notice && day(locked.noticeSentFor) !== cancel;
      const sendReminder = reminder && day(locked.reminderSentFor) !== cancel;
      for (const address of addresses) {
        // The reminder says it all when both fall on one run (the date was set within the reminder's days).
        if (sendReminder) await enqueue(trx, 'mail.send', { tenantId: c.tenantId, recipientEmail: address, mail: { kind: 'contractCancellationReminder', contractId: c.id } });
        else if (sendNotice) await enqueue(trx, 'mail.send', { tenantId: c.tenantId, recipientEmail: address, mail: { kind: 'contractCancellationNotice', contractId: c.id } });
      }
      await trx.updateTable('contracts').set(set).where('id', '=', c.id).execute();
      if (status !== c.status) changed++;
      if (sendReminder) reminders++;
      else if (sendNotice) notices++;
    });
  }
  return { changed, notices, reminders };
}
