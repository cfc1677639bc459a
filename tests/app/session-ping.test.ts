import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionPing } from '../../src/app/session/ping';

describe('session ping (core §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends PUT /user-sessions/ping {} every 10 s until stopped', async () => {
    const request = vi.fn(() => Promise.resolve({ ok: true }));
    const stop = startSessionPing({ request } as never);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('PUT', '/user-sessions/ping', expect.objectContaining({ body: {} }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(request).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('keeps pinging after a failed ping', async () => {
    const request = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startSessionPing({ request } as never);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(request).toHaveBeenCalledTimes(2);
    stop();
  });
});
