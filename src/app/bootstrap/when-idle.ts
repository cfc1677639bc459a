/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs`: for what the first page
 * does not need but the next steps will (the sign-in library, the fallback language's texts).
 * Where idleness cannot be told (tests, old browsers), on the next turn.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 0);
}
