import { z } from 'zod';
import { resourceByName } from '../../../model';
import { schemasFor } from '../../shared/schema-builder';
import { resultOf } from '../../shared/contracts/shapes';
import { orderReaderOf } from '../ordering/order-reader';
import type { Frequency } from '../reminders/occurrence';
import { createReminder, listReminders, removeReminder, updateReminder, type ReminderInput } from '../reminders/reminders';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * GET/POST /v2/orders/{id}/reminders, PUT/DELETE /v2/orders/{id}/reminders/{reminderId} (flows §3
 * Reminder): the caller's own reminders on an order; the work is in src/server/reminders. PUT takes
 * the whole reminder, as POST does.
 */

const reminderBody = schemasFor(resourceByName('order-reminders')).create;
const reminderSchema = z.object({
  id: z.string(), orderId: z.string(), userId: z.string().nullable(), title: z.string(), description: z.string().nullable(),
  date: z.string(), isRecurring: z.boolean(), frequency: z.string().nullable(),
  /** When it is mailed next (none: a one-off already sent). */
  nextDueAt: z.string().nullable(), lastSentAt: z.string().nullable(), sentCount: z.number().int(),
  createdAt: z.string(), updatedAt: z.string(),
});
const listAnswer = resultOf(z.array(reminderSchema));
const oneAnswer = resultOf(reminderSchema);
const removedAnswer = resultOf(z.object({ id: z.string() }));
type Answer<S extends z.ZodType> = Promise<z.input<S>>;

export const orderReminderSchemas: Record<string, ActionSchemas> = {
  list: { response: listAnswer },
  create: { body: reminderBody, response: oneAnswer },
  update: { body: reminderBody, response: oneAnswer },
  remove: { response: removedAnswer },
};

const params = (ctx: ActionContext) => ctx.params as { id?: string; reminderId?: string };
const input = (body: Record<string, unknown>): ReminderInput => ({
  title: String(body.title), description: (body.description as string | null | undefined) ?? null, date: String(body.date),
  isRecurring: (body.isRecurring as boolean | null | undefined) ?? false, frequency: (body.frequency as Frequency | null | undefined) ?? null,
});

const list = async (ctx: ActionContext): Answer<typeof listAnswer> =>
  ({ result: await listReminders(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id) });

const create = async (ctx: ActionContext<Record<string, unknown>>): Answer<typeof oneAnswer> =>
  ({ result: await createReminder(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, input(ctx.body)) });

const update = async (ctx: ActionContext<Record<string, unknown>>): Answer<typeof oneAnswer> =>
  ({ result: await updateReminder(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, params(ctx).reminderId, input(ctx.body)) });

const remove = async (ctx: ActionContext): Answer<typeof removedAnswer> =>
  ({ result: await removeReminder(ctx.db, await orderReaderOf(ctx.db, ctx.request, ctx.owner), params(ctx).id, params(ctx).reminderId) });

export const orderReminderActions = actionsOf({ list, create, update, remove });
