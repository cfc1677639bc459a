import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, MailOutboxTable } from '../../../generated/db/database.gen';

type Row = Insertable<MailOutboxTable>;

/** The longest error kept on a row (the model's `error` field). */
const ERROR_MAX = 4000;

/**
 * Writes the outbox row of a message, keyed by the job's id: the first attempt inserts it, a retry
 * brings the same row up to date, so one message is one row however often it was tried.
 */
export async function saveOutboxRow(db: Kysely<DB>, row: Row & { id: string }): Promise<void> {
  const { id, tenantId, ...changes } = row;
  await db.insertInto('mailOutbox').values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, updatedAt: new Date() }))
    .execute();
}

/** Changes the delivery columns of a message's row. */
export async function updateOutboxRow(db: Kysely<DB>, id: string, changes: Updateable<MailOutboxTable>): Promise<void> {
  await db.updateTable('mailOutbox').set({ ...changes, updatedAt: new Date() }).where('id', '=', id).execute();
}

/** A failure as the admin reads it: the error's own message, its SMTP answer when there is one. */
export function describeFailure(err: unknown): string {
  const e = err as { message?: string; response?: string; code?: string };
  const text = [e.message ?? String(err), e.response && !e.message?.includes(e.response) ? e.response : null].filter(Boolean).join(' — ');
  return text.slice(0, ERROR_MAX);
}
