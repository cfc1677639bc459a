import type { BodyOf } from '../../shared/contracts/define';
import { orderReminderContracts } from '../../shared/contracts/order-reminders';
import { orderReaderOf } from '../ordering/order-reader';
import { createReminder, listReminders, removeReminder, updateReminder, type ReminderInput } from '../reminders/reminders';
import { implement } from './define';

/**
 * GET/POST /v2/orders/{id}/reminders, PUT/DELETE /v2/orders/{id}/reminders/{reminderId} (flows §3
 * Reminder): the caller's own reminders on an order; the work is in src/server/reminders.
 */

/** The reminder as the body has it (an empty choice is none). */
const input = (body: BodyOf<typeof orderReminderContracts.create>): ReminderInput => ({
  title: body.title, description: body.description ?? null, date: body.date, isRecurring: body.isRecurring || false, frequency: body.frequency || null,
});

export const orderReminderActions = implement(orderReminderContracts, {
  list: async ({ db, request, owner, params }) =>
    ({ result: await listReminders(db, await orderReaderOf(db, request, owner), params.id) }),
  create: async ({ db, request, owner, params, body }) =>
    ({ result: await createReminder(db, await orderReaderOf(db, request, owner), params.id, input(body)) }),
  update: async ({ db, request, owner, params, body }) =>
    ({ result: await updateReminder(db, await orderReaderOf(db, request, owner), params.id, params.reminderId, input(body)) }),
  remove: async ({ db, request, owner, params }) =>
    ({ result: await removeReminder(db, await orderReaderOf(db, request, owner), params.id, params.reminderId) }),
});
