import { sql } from 'kysely';
import { errors, type Adapter, type AdapterPayload, type ClientMetadata } from 'oidc-provider';
import type { OidcDb } from './db-types';

/**
 * oidc-provider's storage on the database (table oidc_payloads), so that sessions, grants and
 * refresh tokens survive a restart and are shared by every server process.
 * Clients are not stored: the 'Client' model answers from the tenants table (see clients.ts),
 * so a tenant added at runtime can sign in without a restart.
 */
export type ClientLookup = (clientId: string) => Promise<ClientMetadata | undefined>;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createAdapterClass(db: OidcDb, findClient: ClientLookup) {
  return class KyselyOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        // A re-saved model starts unconsumed, as with the provider's in-memory adapter.
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ kind: this.kind, id, ...row })
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(row))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return findClient(id);
      return this.findWhere('id', id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid', uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code', userCode);
    }

    /**
     * Atomic: of two requests spending the same code or refresh token at once (two tabs, or a thief),
     * one wins; the other finds it consumed and is treated as reuse, which revokes the whole grant,
     * as the provider does for a reuse it sees itself. Without this, both would get new tokens.
     */
    async consume(id: string): Promise<void> {
      const won = await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: sql<Date>`now()` })
        .where('kind', '=', this.kind)
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (won) return;
      const row = await db.selectFrom('oidc_payloads').select('grant_id')
        .where('kind', '=', this.kind).where('id', '=', id).executeTakeFirst();
      if (row?.grant_id) await revokeGrant(db, row.grant_id);
      throw new errors.InvalidGrant(`${this.kind === 'AuthorizationCode' ? 'authorization code' : 'token'} already used`);
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('grant_id', '=', grantId).execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at'])
        .where('kind', '=', this.kind)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: epochSeconds(new Date(row.consumed_at)) } : payload;
    }
  };
}

/** Removes a grant and everything issued under it (codes, refresh tokens). */
export async function revokeGrant(db: OidcDb, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  await db.deleteFrom('oidc_payloads').where('kind', '=', 'Grant').where('id', '=', grantId).execute();
}

/** Deletes expired provider state; find() already ignores it, this only keeps the table small. */
export async function purgeExpiredOidcPayloads(db: OidcDb): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
