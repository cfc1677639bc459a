import { sql, type Kysely, type Selectable } from 'kysely';
import { UUID_RE } from '../db/records';
import { ApiError } from '../errors';
import { readOrder, type OrderReader } from '../ordering/order-reader';
import { nextOccurrence, type Frequency } from './occurrence';
import type { DB, OrderRemindersTable } from '../../../generated/db/database.gen';

/**
 * Reminders on an order (flows §3 Reminder): each is its author's own — listed, changed and removed
 * by them only (another's is ReminderNotFound) — on an order they may read. `nextDueAt` is when the
 * reminders.due job (due-job.ts) mails it: the date itself for a one-off, which must lie ahead; for
 * a recurring one the first of its occurrences still ahead. Changing the date, recurrence or
 * frequency plans it again; changing only its words keeps the plan (a one-off already sent stays sent).
 */

export interface ReminderInput {
  title: string;
  description?: string | null;
  date: string;
  isRecurring?: boolean | null;
  frequency?: Frequency | null;
}

type Row = Selectable<OrderRemindersTable>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

const view = (r: Row) => ({
  id: String(r.id), orderId: String(r.orderId), userId: (r.userId as string | null) ?? null,
  title: r.title, description: r.description ?? null, date: iso(r.date)!,
  isRecurring: !!r.isRecurring, frequency: (r.frequency as Frequency | null) ?? null,
  nextDueAt: iso(r.nextDueAt), lastSentAt: iso(r.lastSentAt), sentCount: Number(r.sentCount ?? 0),
  createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)!,
});
export type ReminderView = ReturnType<typeof view>;

/** The stored plan of an input: its recurrence and when it is next due, from `now`. */
function plan(input: ReminderInput, now: Date) {
  const recurring = !!input.isRecurring;
  if (recurring && !input.frequency) throw new ApiError('validationFailed', [{ path: 'frequency', rule: 'required' }]);
  const date = new Date(input.date);
  if (!recurring && date <= now) throw new ApiError('validationFailed', [{ path: 'date', rule: 'minValue' }]);
  const frequency = recurring ? input.frequency! : null;
  return { date, isRecurring: recurring, frequency, nextDueAt: frequency ? nextOccurrence(date, frequency, now) : date };
}

const words = (input: ReminderInput) => ({ title: input.title.trim(), description: input.description?.trim() || null });

function own(db: Kysely<DB>, reader: OrderReader, orderId: string) {
  const { tenantId, customerId, userId } = reader.acting;
  return db.selectFrom('orderReminders').selectAll()
    .where('tenantId', '=', tenantId).where('customerId', '=', customerId).where('orderId', '=', orderId).where('userId', '=', userId);
}

async function ownReminder(db: Kysely<DB>, reader: OrderReader, orderId: string, reminderId: unknown): Promise<Row> {
  if (typeof reminderId !== 'string' || !UUID_RE.test(reminderId)) throw new ApiError('ReminderNotFound');
  const row = await own(db, reader, orderId).where('id', '=', reminderId).executeTakeFirst();
  if (!row) throw new ApiError('ReminderNotFound');
  return row;
}

/** GET /v2/orders/{id}/reminders: the caller's reminders on the order, by date. */
export async function listReminders(db: Kysely<DB>, reader: OrderReader, orderId: unknown): Promise<ReminderView[]> {
  const order = await readOrder(db, reader, orderId);
  return (await own(db, reader, order.id).orderBy('date').orderBy('id').execute()).map(view);
}

/** POST /v2/orders/{id}/reminders. */
export async function createReminder(db: Kysely<DB>, reader: OrderReader, orderId: unknown, input: ReminderInput, now = new Date()): Promise<ReminderView> {
  const order = await readOrder(db, reader, orderId);
  const { tenantId, customerId, userId } = reader.acting;
  const row = await db.insertInto('orderReminders').values({
    tenantId, customerId, orderId: order.id, userId, ...words(input), ...plan(input, now), sentCount: 0,
  }).returningAll().executeTakeFirstOrThrow();
  return view(row);
}

/** PUT /v2/orders/{id}/reminders/{reminderId}: the whole reminder again; planned anew when its moment or recurrence changed. */
export async function updateReminder(db: Kysely<DB>, reader: OrderReader, orderId: unknown, reminderId: unknown, input: ReminderInput, now = new Date()): Promise<ReminderView> {
  const order = await readOrder(db, reader, orderId);
  const row = await ownReminder(db, reader, order.id, reminderId);
  const recurring = !!input.isRecurring;
  const unchanged = new Date(input.date).getTime() === new Date(row.date as unknown as string).getTime()
    && recurring === !!row.isRecurring && (recurring ? input.frequency === row.frequency : true);
  const changes = unchanged ? {} : plan(input, now);
  const updated = await db.updateTable('orderReminders').set({ ...words(input), ...changes, updatedAt: sql`now()` })
    .where('id', '=', row.id).where('tenantId', '=', reader.acting.tenantId).where('userId', '=', reader.acting.userId)
    .returningAll().executeTakeFirst();
  if (!updated) throw new ApiError('ReminderNotFound');
  return view(updated);
}

/** DELETE /v2/orders/{id}/reminders/{reminderId}. */
export async function removeReminder(db: Kysely<DB>, reader: OrderReader, orderId: unknown, reminderId: unknown): Promise<{ id: string }> {
  const order = await readOrder(db, reader, orderId);
  const row = await ownReminder(db, reader, order.id, reminderId);
  await db.deleteFrom('orderReminders').where('id', '=', row.id).where('tenantId', '=', reader.acting.tenantId).where('userId', '=', reader.acting.userId).execute();
  return { id: String(row.id) };
}
