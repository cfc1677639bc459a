import type { Kysely } from 'kysely';
import { t } from '../../../model/dsl/i18n';
import { defineJob } from '../jobs/definition';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { todayInShopZone } from '../../shared/shop-clock';
import { expireInvoices } from './invoices';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `invoices.expire`: once a day, shortly after midnight in the shop's time zone (the tenants'
 * business day is Belgian, src/shared/dates.ts), every tenant's open invoices whose due date lies
 * before today become expired (the invoice workflow's system step). Idempotent: a second run the same
 * day, or a run by hand, finds nothing more to do; a run that failed is done by the next one.
 */
export async function expireDueInvoices(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  const today = todayInShopZone(now);
  const tenants = await db.selectFrom('tenants').select('id').execute();
  let expired = 0;
  for (const tenant of tenants) expired += await expireInvoices(db, String(tenant.id), today);
  return expired;
}

export const invoicesExpireJob = defineJob<Record<string, never>>({
  title: t('Vervallen facturen markeren', 'Mark overdue invoices', 'Marquer les factures échues'),
  description: t(
    'Zet elke open factuur waarvan de vervaldatum voorbij is op vervallen (dagelijks, kort na middernacht).',
    'Marks every open invoice whose due date has passed as overdue (daily, shortly after midnight).',
    "Marque comme échue toute facture ouverte dont la date d'échéance est passée (chaque jour, peu après minuit).",
  ),
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900, deleteAfterSeconds: 30 * 86_400 },
  schedule: { cron: '5 0 * * *', tz: SHOP_TIME_ZONE },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const expired = await expireDueInvoices(db);
    if (expired) log.info({ expired }, 'invoices expired');
    return { expired };
  },
});
