import type { Transaction } from 'kysely';
import { enqueue } from '../jobs/enqueue';
import type { MailSubject } from './message';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Queues one `mail.send` job per recipient inside the caller's transaction: the mails go out only
 * when it commits. Recipients are user ids of the tenant; each mail is rendered in that user's
 * language when it is sent. Duplicate and empty ids are dropped. Answers the jobs' ids (the ids of
 * the mails' mail_outbox rows).
 */
export async function queueMail(trx: Transaction<DB>, input: { tenantId: string; recipients: readonly (string | null | undefined)[]; mail: MailSubject }): Promise<string[]> {
  const recipients = [...new Set(input.recipients.filter((r): r is string => !!r))];
  const ids: string[] = [];
  for (const recipientUserId of recipients) {
    ids.push(await enqueue(trx, 'mail.send', { tenantId: input.tenantId, recipientUserId, mail: input.mail }));
  }
  return ids;
}
