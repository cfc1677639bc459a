import { z } from 'zod';
import { t } from '../../../model/dsl/i18n';
import { defineJob, type JobResult } from '../jobs/definition';
import { rebuildTenantIndex } from './index-sync';

/**
 * `search.reindex`: rebuilds the search index of one tenant (`{tenantId}`) or of every tenant (`{}`)
 * from its supplier articles (rebuildTenantIndex: the embedded index, and Algolia's with
 * SEARCH_PROVIDER=algolia). Scheduled nightly at 03:30, so an index that missed a change (a failed
 * sync after an article change is logged, not refused) is whole again by morning; platform admins may
 * run it now from /ycAdmin/cron; queued for one tenant where a change needs a full rebuild
 * (src/server/catalogue/changes.ts). The queue runs one rebuild at a time across all processes
 * (pg-boss's singleton policy): two rebuilds clearing one index at once would leave it half full.
 */
export const searchReindexSchema = z.object({ tenantId: z.uuid().optional() });

export const searchReindexJob = defineJob<z.infer<typeof searchReindexSchema>>({
  title: t('Zoekindex herbouwen', 'Rebuild the search index', "Reconstruire l'index de recherche"),
  description: t(
    'Bouwt de zoekindex van de artikelen opnieuw op uit de catalogus (elke nacht, of nu); nodig als de index een wijziging miste.',
    'Rebuilds the article search index from the catalogue (every night, or now); needed when the index missed a change.',
    "Reconstruit l'index de recherche des articles à partir du catalogue (chaque nuit, ou maintenant) ; nécessaire quand l'index a manqué une modification.",
  ),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
  schedule: { cron: '30 3 * * *' },
  parse: (data) => searchReindexSchema.parse(data),
  handle: async ({ tenantId }, { db }): Promise<JobResult> => {
    let q = db.selectFrom('tenants').select('id').orderBy('hostname');
    if (tenantId) q = q.where('id', '=', tenantId);
    const tenants = await q.execute();
    let articles = 0;
    for (const tenant of tenants) articles += await rebuildTenantIndex(db, tenant.id);
    return { tenants: tenants.length, articles };
  },
});
