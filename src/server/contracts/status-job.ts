import { t } from '../../../model/dsl/i18n';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { defineJob } from '../jobs/definition';
import { settleContracts } from './settle';

/** `contracts.status`: once a day, shortly after midnight in the shop's time zone, settleContracts (settle.ts). Idempotent: a second run the same day finds nothing to do. */
export const contractsStatusJob = defineJob<Record<string, never>>({
  title: t('Contractstatussen bijwerken', 'Update contract statuses', 'Mettre à jour les statuts des contrats'),
  description: t(
    'Zet contracten op verlopen of bijna verlopen volgens hun data en mailt de meldingsadressen vóór de uiterste opzegdatum (dagelijks, kort na middernacht).',
    'Marks contracts expired or about to expire by their dates and mails their notification addresses before the latest cancellation date (daily, shortly after midnight).',
    "Marque les contrats expirés ou expirant bientôt selon leurs dates et prévient leurs adresses avant la date limite de résiliation (chaque jour, peu après minuit).",
  ),
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900, deleteAfterSeconds: 30 * 86_400 },
  schedule: { cron: '10 0 * * *', tz: SHOP_TIME_ZONE },
  parse: () => ({}),
  handle: async (_data, { db, log }) => {
    const done = await settleContracts(db);
    if (done.changed || done.notices || done.reminders) log.info(done, 'contracts settled');
    return done;
  },
});
