/**
 * The one notification layer (core §4 Toasts) over react-admin's notify:
 * - a toast shows for CONSTANTS.toastMs (5 s) and at most one shows per 5 s. Decision: a toast asked
 *   for while another is still within its 5 s window is dropped, not queued — a queue would show
 *   stale messages long after what caused them (ten failed calls would keep toasting for 50 s).
 * - a toast has a message and a variation (default 'primary'); without a message, success shows
 *   'Processed successfully!' and error/warning 'Oops! Something went wrong.' (core §8), translated.
 * - a notification shows for CONSTANTS.notificationMs (8 s), only while the user is signed in.
 */
import type { NotificationOptions, NotificationType } from 'react-admin';
import { CONSTANTS } from '../../../model/catalogue/constants';

export type Variation = 'primary' | 'success' | 'info' | 'warning' | 'error';

type RaNotify = (message: string, options?: NotificationOptions & { type?: NotificationType }) => void;

export interface Notifier {
  /** Shows a toast unless one was shown less than 5 s ago; answers whether it was shown. */
  toast(message?: string, options?: { variation?: Variation; messageArgs?: Record<string, unknown> }): boolean;
  /** Shows a notification for 8 s when signed in; answers whether it was shown. */
  notification(message: string, options?: { variation?: Variation; messageArgs?: Record<string, unknown> }): boolean;
}

/** The default text of a toast without a message, as an i18n key (null: primary/info need a message). */
export function defaultToastKey(variation: Variation): string | null {
  if (variation === 'success') return 'shell.toast.success';
  if (variation === 'error' || variation === 'warning') return 'shell.toast.error';
  return null;
}

/** react-admin knows no 'primary'; it shows as its neutral 'info'. */
const typeOf = (variation: Variation): NotificationType => (variation === 'primary' ? 'info' : variation);

/**
 * At most one toast per CONSTANTS.toastMs: pass() answers whether a toast may show now; reset()
 * opens it again (a snackbar mounted anew shows none of the toasts before it, so none holds it shut).
 */
export function createToastGate(now: () => number = () => Date.now()) {
  let lastToastAt = -Infinity;
  return {
    pass(): boolean {
      const at = now();
      if (at - lastToastAt < CONSTANTS.toastMs) return false;
      lastToastAt = at;
      return true;
    },
    reset(): void {
      lastToastAt = -Infinity;
    },
  };
}

export type ToastGate = ReturnType<typeof createToastGate>;

/** One 5 s window for the whole app, whichever component asks for the toast. */
export const APP_TOAST_GATE: ToastGate = createToastGate();

/** A notification as the assistant (src/app/shell/assistant) shows it: an i18n key or text, its arguments and variation. */
export interface AppNotice {
  message: string;
  messageArgs?: Record<string, unknown>;
  variation: Variation;
}

/** Where shown notifications go besides react-admin's snackbar: the assistant icon listens here. */
export function createNoticeFeed() {
  const listeners = new Set<(notice: AppNotice) => void>();
  return {
    publish(notice: AppNotice): void {
      listeners.forEach((l) => l(notice));
    },
    subscribe(listener: (notice: AppNotice) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NoticeFeed = ReturnType<typeof createNoticeFeed>;

/** The app's one feed: every notification shown through useAppNotify reaches the assistant. */
export const APP_NOTICES: NoticeFeed = createNoticeFeed();

export function createNotifier(
  notify: RaNotify,
  deps: { isAuthenticated: () => boolean; gate?: ToastGate; notices?: NoticeFeed },
): Notifier {
  const gate = deps.gate ?? createToastGate();
  return {
    toast(message, { variation = 'primary', messageArgs } = {}) {
      const text = message ?? defaultToastKey(variation);
      if (!text) return false;
      if (!gate.pass()) return false;
      notify(text, { type: typeOf(variation), autoHideDuration: CONSTANTS.toastMs, messageArgs });
      return true;
    },
    notification(message, { variation = 'primary', messageArgs } = {}) {
      if (!deps.isAuthenticated()) return false;
      notify(message, { type: typeOf(variation), autoHideDuration: CONSTANTS.notificationMs, messageArgs });
      deps.notices?.publish({ message, messageArgs, variation });
      return true;
    },
  };
}
