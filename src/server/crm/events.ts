import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/** An event as Teamleader's webhooks post it: {type, subject: {type, id}, account, user}. */
export interface CrmEvent {
  type: string;
  subject?: { type?: string; id?: string } | null;
  [key: string]: unknown;
}

/**
 * What the shop does with a CRM event: the one place where the events will be mapped onto the
 * shop's invoices (booked, paid, …). For now it records the event (crm_events), which the CRM
 * integration page lists.
 */
export async function handleCrmEvent(db: Kysely<DB>, tenantId: string, provider: string, event: CrmEvent): Promise<void> {
  await db.insertInto('crmEvents').values({
    tenantId, provider, eventType: event.type.slice(0, 100),
    subjectType: typeof event.subject?.type === 'string' ? event.subject.type.slice(0, 100) : null,
    subjectId: typeof event.subject?.id === 'string' ? event.subject.id.slice(0, 100) : null,
    payload: JSON.stringify(event).slice(0, 20_000), receivedAt: sql<Date>`now()`,
  } as never).execute();
}
