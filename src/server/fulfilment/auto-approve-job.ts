import { sql, type Kysely } from 'kysely';
import { CONSTANTS } from '../../../model';
import { t } from '../../../model/dsl/i18n';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { todayInShopZone } from '../../shared/shop-clock';
import { defineJob } from '../jobs/definition';
import { autoApproveDelivery } from './deliveries';
import type { DB } from '../../../generated/db/database.gen';

/**
 * `deliveries.autoApprove` (flows §3 Delivery "approved … or auto-approved"): every hour, each
 * tenant's deliveries that still wait for the company's confirmation
 * `CONSTANTS.deliveryAutoApprovalDays` days after their delivery date (else their expected date,
 * else the day they were announced, in the shop's time zone) are confirmed by the system as
 * delivered in full: the workflow's 'system' step, the same code as a person's confirmation
 * (deliveries.ts), so the supplier order, the order's history and the warehouse stock follow, and
 * the delivery is marked autoApproved. Each delivery in its own transaction on its locked rows: one
 * confirmed meanwhile is left alone.
 */

const BATCH = 200;

/** Confirms what is overdue on `today` (yyyy-MM-dd, Brussels); answers how many deliveries were. */
export async function autoApproveDeliveries(db: Kysely<DB>, today = todayInShopZone()): Promise<number> {
  const due = await db.selectFrom('deliveries').select(['id', 'tenantId'])
    .where('status', '=', 'toApprove')
    .where(sql<boolean>`coalesce(delivery_date, expected_date, (created_at at time zone ${SHOP_TIME_ZONE})::date) + ${CONSTANTS.deliveryAutoApprovalDays}::int <= ${today}::date`)
    .orderBy('createdAt').orderBy('id').limit(BATCH).execute();
  let approved = 0;
  for (const d of due) if (await autoApproveDelivery(db, d.tenantId, d.id)) approved++;
  return approved;
}

export const deliveriesAutoApproveJob = defineJob<Record<string, never>>({
  title: t('Leveringen automatisch bevestigen', 'Approve deliveries automatically', 'Confirmer les livraisons automatiquement'),
  description: t(
    `Bevestigt leveringen die ${CONSTANTS.deliveryAutoApprovalDays} dagen na hun leverdatum nog niet bevestigd zijn, als volledig geleverd.`,
    `Confirms deliveries still unconfirmed ${CONSTANTS.deliveryAutoApprovalDays} days after their delivery date as delivered in full.`,
    `Confirme comme entièrement livrées les livraisons toujours non confirmées ${CONSTANTS.deliveryAutoApprovalDays} jours après leur date de livraison.`,
  ),
  queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 900, retentionSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
  schedule: { cron: '20 * * * *' },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const approved = await autoApproveDeliveries(db);
    if (approved) log.info({ approved }, 'deliveries approved automatically');
    return { approved };
  },
});
