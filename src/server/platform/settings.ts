import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/** GET /platform-settings: what the app needs to show the maintenance page (core §4 Maintenance). */
export interface PlatformSettingsDto {
  maintenance: boolean;
  message: string | null;
}

const KEY = 'platform';
const DEFAULTS: PlatformSettingsDto = { maintenance: false, message: null };
/**
 * The maintenance check runs on every API request; one cached read per second keeps that off the
 * database. Another process sees a switch within this time; this process at once (save() refreshes).
 */
const TTL_MS = 1000;

interface Cached { value: PlatformSettingsDto; until: number }
// Per database (one app instance each), so test apps on their own databases do not share a cache.
const caches = new WeakMap<Kysely<DB>, Cached>();

/** The settings as stored (no row yet means the defaults: not in maintenance). */
export async function readPlatformSettings(db: Kysely<DB>): Promise<PlatformSettingsDto> {
  const row = await db.selectFrom('platformSettings').select(['maintenance', 'message']).where('key', '=', KEY).executeTakeFirst();
  return row ? { maintenance: row.maintenance === true, message: row.message ?? null } : { ...DEFAULTS };
}

/** The settings, at most TTL_MS old. */
export async function platformSettings(db: Kysely<DB>): Promise<PlatformSettingsDto> {
  const hit = caches.get(db);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await readPlatformSettings(db);
  caches.set(db, { value, until: Date.now() + TTL_MS });
  return value;
}

/** Stores the settings (one row, created on first save) and refreshes this process's cache. */
export async function savePlatformSettings(db: Kysely<DB>, input: PlatformSettingsDto): Promise<PlatformSettingsDto> {
  const values = { maintenance: input.maintenance, message: input.message || null };
  const row = await db.insertInto('platformSettings').values({ key: KEY, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet({ ...values, updatedAt: new Date() }))
    .returning(['maintenance', 'message']).executeTakeFirstOrThrow();
  const value = { maintenance: row.maintenance === true, message: row.message ?? null };
  caches.set(db, { value, until: Date.now() + TTL_MS });
  return value;
}
