/**
 * One refresh at a time across every tab of the site. Refresh tokens rotate: when two tabs spend the
 * same refresh token, the provider takes it for theft and revokes the whole grant, logging the user
 * out everywhere. Web Locks serialise the tabs where the browser has them; elsewhere a lease in
 * localStorage does (last writer wins, then re-read to confirm). The lock alone does not tell the
 * next holder what the last one did (local storage reaches other tabs late): spent-refresh-tokens.ts.
 */
import type { SpentRefreshTokens } from './spent-refresh-tokens';

export interface LockEnvironment {
  locks?: Pick<LockManager, 'request'>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a lease holds if its tab dies mid-refresh. */
  leaseMs?: number;
  /** How long to wait for another tab before refreshing anyway. */
  waitMs?: number;
  /** The refresh tokens the tabs have spent (default: IndexedDB, spent-refresh-tokens.ts). */
  spentTokens?: SpentRefreshTokens;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function browserEnvironment(): LockEnvironment {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    locks: nav?.locks,
    storage: typeof localStorage !== 'undefined' ? localStorage : undefined,
  };
}

export async function withCrossTabLock<T>(name: string, task: () => Promise<T>, env: LockEnvironment = browserEnvironment()): Promise<T> {
  if (env.locks) return env.locks.request(name, { mode: 'exclusive' }, task) as Promise<T>;
  if (env.storage) return withLease(name, task, env as LockEnvironment & { storage: NonNullable<LockEnvironment['storage']> });
  return task();
}

interface Lease { owner: string; until: number }

function readLease(storage: NonNullable<LockEnvironment['storage']>, key: string): Lease | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Lease | null;
    return value && typeof value.owner === 'string' && typeof value.until === 'number' ? value : null;
  } catch {
    return null;
  }
}

async function withLease<T>(name: string, task: () => Promise<T>, env: LockEnvironment & { storage: NonNullable<LockEnvironment['storage']> }): Promise<T> {
  const { storage } = env;
  const now = env.now ?? Date.now;
  const sleep = env.sleep ?? defaultSleep;
  const leaseMs = env.leaseMs ?? 10_000;
  const key = `lock:${name}`;
  const owner = `${now()}-${Math.random().toString(36).slice(2)}`;
  const deadline = now() + (env.waitMs ?? 15_000);
  let held = false;
  while (!held && now() < deadline) {
    const lease = readLease(storage, key);
    if (lease && lease.until > now()) {
      await sleep(50 + Math.random() * 50);
      continue;
    }
    storage.setItem(key, JSON.stringify({ owner, until: now() + leaseMs }));
    // Another tab may have written in the same instant: whoever's value stands after a pause holds it.
    await sleep(20 + Math.random() * 20);
    held = readLease(storage, key)?.owner === owner;
  }
  try {
    return await task();
  } finally {
    if (readLease(storage, key)?.owner === owner) storage.removeItem(key);
  }
}
