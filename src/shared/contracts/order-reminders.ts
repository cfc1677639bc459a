import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { orderReminders } from '../../../model/resources/order-reminders';
import { orderReminderCreateSchema } from '../../../generated/schemas/order-reminders.gen';
import { contractsOf } from './define';
import { resultOf } from './shapes';

/** The whole reminder, as POST and PUT take it. */
const reminderBody = orderReminderCreateSchema;
const reminderSchema = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), title: z.string(), description: z.string().nullable(),
  date: z.string(), isRecurring: z.boolean(), frequency: z.string().nullable(),
  /** When it is mailed next (none: a one-off already sent). */
  nextDueAt: z.string().nullable(), lastSentAt: z.string().nullable(), sentCount: z.number().int(),
  createdAt: z.string(), updatedAt: z.string(),
});

/**
 * GET/POST /v2/orders/{id}/reminders, PUT/DELETE /v2/orders/{id}/reminders/{reminderId} (flows §3
 * Reminder): the caller's own reminders on an order; the work is in src/server/reminders. PUT takes
 * the whole reminder, as POST does.
 */
export const orderReminderContracts = contractsOf(orderReminders, {
  list: {
    method: 'GET', path: '/v2/orders/{id}/reminders', access: access.customer('orders', 'R'),
    summary: "The caller's own reminders on the order, by date.",
    response: resultOf(z.array(reminderSchema)),
    errors: ['OrderNotFound'],
  },
  create: {
    method: 'POST', path: '/v2/orders/{id}/reminders', access: access.customer('orders', 'R'),
    summary: 'Adds a reminder for the caller ({title, description, date, isRecurring, frequency}); a one-off must lie ahead, a recurring one needs its frequency.',
    body: reminderBody,
    response: resultOf(reminderSchema),
    errors: ['OrderNotFound'],
  },
  update: {
    method: 'PUT', path: '/v2/orders/{id}/reminders/{reminderId}', access: access.customer('orders', 'R'),
    summary: "Changes one of the caller's reminders (the same body); a new date or frequency plans it again.",
    body: reminderBody,
    response: resultOf(reminderSchema),
    errors: ['OrderNotFound', 'ReminderNotFound'],
  },
  remove: {
    method: 'DELETE', path: '/v2/orders/{id}/reminders/{reminderId}', access: access.customer('orders', 'R'),
    summary: "Removes one of the caller's reminders.",
    response: resultOf(z.object({ id: z.string() })),
    errors: ['OrderNotFound', 'ReminderNotFound'],
  },
});
