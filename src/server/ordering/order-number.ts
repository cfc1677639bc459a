import { sql, type Kysely } from 'kysely';
import { todayInShopZone } from '../../shared/shop-clock';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Order numbers `<prefix>-<year>-<6-digit sequence>` (prefix: the tenant's supplier-order prefix,
 * else ORD), unique per tenant. The counter is one app_state row per tenant and year, bumped by a
 * single upsert: PostgreSQL locks that row until the order's transaction ends, so concurrent orders
 * take numbers one after the other, and a refused order gives its number back (no gaps from
 * rollbacks). app_state is the key/value table the server already keeps outside the model.
 */
export async function nextOrderNumber(db: Kysely<DB>, tenantId: string, prefix: string | null | undefined): Promise<string> {
  const year = todayInShopZone().slice(0, 4);
  const key = `orderNumber:${tenantId}:${year}`;
  const result = await sql<{ last: string }>`
    insert into app_state (key, value, updated_at) values (${key}, '{"last":1}'::jsonb, now())
    on conflict (key) do update set value = jsonb_build_object('last', (app_state.value->>'last')::int + 1), updated_at = now()
    returning (value->>'last') as last`.execute(db);
  const seq = Number(result.rows[0].last);
  const head = prefix && /^[A-Za-z]{3,4}$/.test(prefix) ? prefix.toUpperCase() : 'ORD';
  return `${head}-${year}-${String(seq).padStart(6, '0')}`;
}
