import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier, createToastGate, defaultToastKey } from '../../src/app/notify/notify';
import { en as shellEn } from '../../src/app/i18n/messages/shell.en';

describe('toasts and notifications (core §4)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-05T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  const make = (signedIn = true) => {
    const notify = vi.fn();
    return { notify, notifier: createNotifier(notify, { isAuthenticated: () => signedIn, gate: createToastGate() }) };
  };

  it('shows a toast for 5 s with the primary variation by default', () => {
    const { notify, notifier } = make();
    expect(notifier.toast('app.company.switched', { messageArgs: { company: 'Acme' } })).toBe(true);
    expect(notify).toHaveBeenCalledWith('app.company.switched', { type: 'info', autoHideDuration: 5000, messageArgs: { company: 'Acme' } });
  });

  it('shows at most one toast per 5 s: later ones within the window are dropped', () => {
    const { notify, notifier } = make();
    expect(notifier.toast('first')).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(notifier.toast('second')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(notifier.toast('third', { variation: 'success' })).toBe(true);
    expect(notify.mock.calls.map((c) => c[0])).toEqual(['first', 'third']);
    // Nothing was queued: the dropped toast never shows later.
    vi.advanceTimersByTime(60_000);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it("opens the 5 s window again on reset (the app's snackbar mounted anew did not show the toast that shut it)", () => {
    const gate = createToastGate();
    const notifier = createNotifier(vi.fn(), { isAuthenticated: () => true, gate });
    expect(notifier.toast('first')).toBe(true);
    expect(notifier.toast('second')).toBe(false);
    gate.reset();
    expect(notifier.toast('third')).toBe(true);
  });

  it('uses the default texts: success "Processed successfully!", error and warning "Oops! Something went wrong."', () => {
    expect(defaultToastKey('success')).toBe('shell.toast.success');
    expect(defaultToastKey('error')).toBe('shell.toast.error');
    expect(defaultToastKey('warning')).toBe('shell.toast.error');
    expect(defaultToastKey('primary')).toBeNull();
    expect(shellEn.shell.toast).toEqual({ success: 'Processed successfully!', error: 'Oops! Something went wrong.' });
    const { notify, notifier } = make();
    notifier.toast(undefined, { variation: 'error' });
    expect(notify).toHaveBeenCalledWith('shell.toast.error', expect.objectContaining({ type: 'error', autoHideDuration: 5000 }));
  });

  it('shows notifications for 8 s, only when signed in, outside the toast window', () => {
    const signedIn = make(true);
    signedIn.notifier.toast('toast');
    expect(signedIn.notifier.notification('note')).toBe(true);
    expect(signedIn.notify).toHaveBeenLastCalledWith('note', expect.objectContaining({ autoHideDuration: 8000 }));
    const signedOut = make(false);
    expect(signedOut.notifier.notification('note')).toBe(false);
    expect(signedOut.notify).not.toHaveBeenCalled();
  });
});
