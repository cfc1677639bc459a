import { sql, type Kysely } from 'kysely';
import { CONSTANTS } from '../../../model/catalogue/constants';
import type { OidcDb } from './db-types';

/**
 * Sign-in throttling (CONSTANTS.signInThrottle): failures are counted in the database
 * (idp_sign_in_throttle), so every process behind a load balancer sees the same counters. A key
 * is either a tenant's account (its e-mail, whether or not it exists, so the answer tells nothing
 * about which accounts exist) or a client address.
 */

interface ThrottleTable {
  key: string;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}
type ThrottleDb = Kysely<{ idp_sign_in_throttle: ThrottleTable }>;

const LIMITS = CONSTANTS.signInThrottle;

export type ThrottleKey = { kind: 'account'; tenantId: string; email: string } | { kind: 'address'; address: string };

/** What a sign-in may do now: go on, wait some seconds (slowed down), or nothing until the lock ends. */
export type ThrottleVerdict =
  | { state: 'open' }
  | { state: 'delayed'; seconds: number }
  | { state: 'locked'; minutes: number };

const keyText = (key: ThrottleKey) =>
  key.kind === 'account' ? `account:${key.tenantId}:${key.email.trim().toLowerCase()}` : `address:${key.address}`;

const limitsOf = (key: ThrottleKey) => (key.kind === 'account' ? LIMITS.account : LIMITS.address);

/** Seconds to wait after `failures` failures (0 below the delay threshold), doubling up to the maximum. */
export function delayAfter(failures: number, delayFrom: number): number {
  if (failures < delayFrom) return 0;
  return Math.min(LIMITS.baseDelaySeconds * 2 ** (failures - delayFrom), LIMITS.maxDelaySeconds);
}

const FORGET_MS = LIMITS.forgetAfterMinutes * 60_000;
const LOCK_MS = LIMITS.lockMinutes * 60_000;

/** A row's verdict at `now`: the lock first, then the delay since its last failure. */
function verdictOf(row: ThrottleTable, key: ThrottleKey, now: number): ThrottleVerdict {
  const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
  if (lockedUntil > now) return { state: 'locked', minutes: Math.ceil((lockedUntil - now) / 60_000) };
  const last = new Date(row.last_failure_at).getTime();
  if (lockedUntil || now - last >= FORGET_MS) return { state: 'open' };
  const waitUntil = last + delayAfter(row.failures, limitsOf(key).delayAfter) * 1000;
  return waitUntil > now ? { state: 'delayed', seconds: Math.ceil((waitUntil - now) / 1000) } : { state: 'open' };
}

const SEVERITY = { open: 0, delayed: 1, locked: 2 } as const;
const worst = (a: ThrottleVerdict, b: ThrottleVerdict) => (SEVERITY[b.state] > SEVERITY[a.state] ? b : a);

/** The sign-in throttle on the provider's database; `now` is injectable so tests need not sleep. */
export function createThrottle(database: OidcDb, now: () => number = Date.now) {
  const db = database as unknown as ThrottleDb;
  return {
    /** The strictest verdict of the keys' counters. */
    async check(keys: ThrottleKey[]): Promise<ThrottleVerdict> {
      const rows = await db.selectFrom('idp_sign_in_throttle').selectAll().where('key', 'in', keys.map(keyText)).execute();
      const at = now();
      return keys.reduce<ThrottleVerdict>((verdict, key) => {
        const row = rows.find((r) => r.key === keyText(key));
        return row ? worst(verdict, verdictOf(row, key, at)) : verdict;
      }, { state: 'open' });
    },

    /**
     * Counts one failure on each key in one statement per key (atomic across processes): a counter
     * whose last failure is forgotten, or whose lock has ended, starts again at 1.
     * Answers the verdict right after it, so the page can say at once that it is now locked.
     */
    async fail(keys: ThrottleKey[]): Promise<ThrottleVerdict> {
      const at = new Date(now());
      const forgetBefore = new Date(at.getTime() - FORGET_MS);
      const lockUntil = new Date(at.getTime() + LOCK_MS);
      let verdict: ThrottleVerdict = { state: 'open' };
      for (const key of keys) {
        const lockAfter = limitsOf(key).lockAfter;
        const restart = sql<boolean>`(t.last_failure_at < ${forgetBefore} or (t.locked_until is not null and t.locked_until <= ${at}))`;
        const failures = sql<number>`case when ${restart} then 1 else t.failures + 1 end`;
        const { rows } = await sql<ThrottleTable>`
          insert into idp_sign_in_throttle as t (key, failures, last_failure_at, locked_until)
          values (${keyText(key)}, 1, ${at}, ${lockAfter <= 1 ? lockUntil : null})
          on conflict (key) do update set
            failures = ${failures},
            last_failure_at = ${at},
            locked_until = case when ${failures} >= ${lockAfter} then ${lockUntil}::timestamptz
                                when ${restart} then null else t.locked_until end
          returning key, failures, last_failure_at, locked_until`.execute(db);
        verdict = worst(verdict, verdictOf(rows[0], key, at.getTime()));
      }
      return verdict;
    },

    /** A right password ends the account's count (never the address's: one good account must not clear an attack from there). */
    async succeed(key: ThrottleKey & { kind: 'account' }): Promise<void> {
      await db.deleteFrom('idp_sign_in_throttle').where('key', '=', keyText(key)).execute();
    },

    /** Drops counters that no longer count (the provider's hourly purge). */
    async purge(): Promise<void> {
      const at = new Date(now());
      await db.deleteFrom('idp_sign_in_throttle')
        .where('last_failure_at', '<', new Date(at.getTime() - FORGET_MS))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
        .execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
