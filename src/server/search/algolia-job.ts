/**
 * Production indexing (SEARCH_PROVIDER=algolia): pushes the same records the embedded engine
 * stores to Algolia with the official client — saveObjects, partialUpdateObjects, deleteObjects,
 * clearObjects and setSettings (the primary with its sort replicas), waiting for each task. `hosts` is only given in tests, which point
 * the client at the embedded engine's write side.
 */
import { algoliasearch } from 'algoliasearch';
import type { Kysely } from 'kysely';
import type { SearchConfig } from '../config';
import { indexNameFor, type SearchPublisher } from './index-sync';
import { replicaName, replicaNames, SEARCH_SORTS } from '../../shared/search-sorts';
import { INDEX_SETTINGS, replicaSettings, type SearchRecord } from './records';
import type { DB } from '../../../generated/db/database.gen';

export interface AlgoliaHost { url: string; protocol: 'http' | 'https'; port?: number }

export function createAlgoliaPublisher(db: Kysely<DB>, config: SearchConfig, options: { hosts?: AlgoliaHost[] } = {}): SearchPublisher & {
  /** Changes some attributes of records already in the index (e.g. stock) without resending them. */
  update(tenantId: string, partial: Partial<SearchRecord>[] & { objectID: string }[]): Promise<void>;
} {
  const client = algoliasearch(config.appId!, config.adminKey!, options.hosts ? { hosts: options.hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) } : undefined);
  const names = new Map<string, string>();
  const indexOf = async (tenantId: string) => {
    const known = names.get(tenantId);
    if (known) return known;
    const t = await db.selectFrom('tenants').select(['hostname', 'environment']).where('id', '=', tenantId).executeTakeFirstOrThrow();
    const name = indexNameFor(t as { hostname: string; environment: string }, config.indexPrefix);
    names.set(tenantId, name);
    return name;
  };
  return {
    async save(tenantId, records) {
      if (!records.length) return;
      await client.saveObjects({ indexName: await indexOf(tenantId), objects: records as unknown as Record<string, unknown>[], waitForTasks: true });
    },
    async update(tenantId, partial) {
      if (!partial.length) return;
      await client.partialUpdateObjects({ indexName: await indexOf(tenantId), objects: partial as Record<string, unknown>[], createIfNotExists: false, waitForTasks: true });
    },
    async remove(tenantId, objectIDs) {
      if (!objectIDs.length) return;
      await client.deleteObjects({ indexName: await indexOf(tenantId), objectIDs, waitForTasks: true });
    },
    async clear(tenantId) {
      const indexName = await indexOf(tenantId);
      const cleared = await client.clearObjects({ indexName });
      await client.waitForTask({ indexName, taskID: cleared.taskID });
      const settings = { ...INDEX_SETTINGS, searchableAttributes: [...INDEX_SETTINGS.searchableAttributes], attributesForFaceting: [...INDEX_SETTINGS.attributesForFaceting], customRanking: [...INDEX_SETTINGS.customRanking] };
      // The primary names its sort replicas, and its settings are forwarded to them; each replica then ranks by its attribute first.
      const set = await client.setSettings({ indexName, indexSettings: { ...settings, replicas: replicaNames(indexName) }, forwardToReplicas: true });
      await client.waitForTask({ indexName, taskID: set.taskID });
      for (const sort of SEARCH_SORTS) {
        const replica = replicaName(indexName, sort.id);
        const ranked = await client.setSettings({ indexName: replica, indexSettings: replicaSettings(sort) });
        await client.waitForTask({ indexName: replica, taskID: ranked.taskID });
      }
    },
  };
}

/** A secured key made by algoliasearch itself (production credentials). */
export function algoliaSecuredKey(config: SearchConfig, restrictions: { filters: string; validUntil: number; restrictIndices: string[]; userToken: string }): string {
  // The Node build of the client has it (TypeScript resolves the browser typings, which lack it).
  const client = algoliasearch(config.appId!, config.searchKey!) as unknown as {
    generateSecuredApiKey(o: { parentApiKey: string; restrictions: Record<string, unknown> }): string;
  };
  return client.generateSecuredApiKey({ parentApiKey: config.searchKey!, restrictions });
}
