import { afterEach, describe, expect, test, vi } from 'vitest';
import { cachingVerifier } from '../../src/server/plugins/auth';
import type { TokenVerifier } from '../../src/server/types';
import { createTestVerifier } from './helpers/test-verifier';

/** The per-process cache of verified access tokens (src/server/plugins/auth.ts cachingVerifier). */
async function counted() {
  const t = await createTestVerifier();
  const calls = { n: 0 };
  const inner: TokenVerifier = { verify: (token) => { calls.n++; return t.verifier.verify(token); } };
  return { ...t, calls, cached: cachingVerifier(inner) };
}

afterEach(() => { vi.useRealTimers(); });

describe('verified token cache', () => {
  test('checks a token once and reuses its claims, for 30 seconds at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { sign, calls, cached } = await counted();
    const token = await sign({ userId: 'u1' });
    expect((await cached.verify(token)).userId).toBe('u1');
    expect((await cached.verify(token)).userId).toBe('u1');
    expect(calls.n).toBe(1);
    vi.setSystemTime(Date.now() + 31_000);
    await cached.verify(token);
    expect(calls.n).toBe(2);
  });

  test('never answers for a token past its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { sign, cached } = await counted();
    const token = await sign({ userId: 'u1' }, { expiresIn: '5s' });
    await cached.verify(token);
    vi.setSystemTime(Date.now() + 6_000);
    await expect(cached.verify(token)).rejects.toThrow(/exp/);
  });

  test('keeps nothing of a token that fails the check', async () => {
    const { sign, otherKey, calls, cached } = await counted();
    const forged = await sign({ userId: 'u1' }, { key: await otherKey() });
    await expect(cached.verify(forged)).rejects.toThrow();
    await expect(cached.verify(forged)).rejects.toThrow();
    expect(calls.n).toBe(2);
  });
});
