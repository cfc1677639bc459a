import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionPing } from '../../src/app/session/ping';

describe('session ping (core §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends PUT /user-sessions/ping {} every 10 s until stopped', async () => {
    const put = vi.fn(() => Promise.resolve({ ok: true }));
    const stop = startSessionPing({ put } as never);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(put).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/user-sessions/ping', {});
    await vi.advanceTimersByTimeAsync(20_000);
    expect(put).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(put).toHaveBeenCalledTimes(3);
  });

  it('keeps pinging after a failed ping', async () => {
    const put = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startSessionPing({ put } as never);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(put).toHaveBeenCalledTimes(2);
    stop();
  });
});
