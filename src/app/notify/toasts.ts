/**
 * Where the app's toasts and notifications are shown (notify.ts decides whether and for how long):
 * one app-owned snackbar (AppToasts), rendered at the root of the app, so the light shop pages and
 * the react-admin areas show them alike. react-admin's own notifications (saved, deleted…) still
 * use its snackbar inside its areas.
 */
export type NoticeType = 'info' | 'success' | 'warning' | 'error';

export interface ShownNotice {
  /** Increases with every notice, so the same text twice shows twice. */
  id: number;
  message: string;
  type: NoticeType;
  autoHideDuration?: number;
  messageArgs?: Record<string, unknown>;
}

let current: ShownNotice | null = null;
let counter = 0;
const listeners = new Set<() => void>();

/** Shows a notice now (replacing the one on screen), with react-admin's notify signature. */
export function showNotice(message: string, options: { type?: NoticeType; autoHideDuration?: number | null; messageArgs?: Record<string, unknown> } = {}): void {
  current = { id: ++counter, message, type: options.type ?? 'info', autoHideDuration: options.autoHideDuration ?? undefined, messageArgs: options.messageArgs };
  listeners.forEach((l) => l());
}

/** Hides the notice with this id (when it is still the one shown). */
export function hideNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  listeners.forEach((l) => l());
}

export const readNotice = (): ShownNotice | null => current;

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
