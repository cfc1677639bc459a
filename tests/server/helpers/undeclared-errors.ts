import type { UndeclaredError } from '../../../src/server/plugins/error-handler';

/**
 * The errors contracts' calls answered in this test file without their contract declaring them
 * (buildApp's onUndeclaredError, set by startTestApp): tests/server/helpers/setup.ts fails the file
 * on any, listing them. A contract's `errors` is then what its handler answers, not a guess.
 */
const found = new Map<string, UndeclaredError>();

export function recordUndeclared(error: UndeclaredError): void {
  found.set(`${error.route} ${error.errorCode}`, error);
}

/** What was recorded since the last call (and forgets it). */
export function takeUndeclared(): UndeclaredError[] {
  const all = [...found.values()];
  found.clear();
  return all;
}
