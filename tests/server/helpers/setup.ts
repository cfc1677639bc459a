import { afterAll } from 'vitest';
import { takeUndeclared } from './undeclared-errors';

// Each server test file fails when a contract's call answered an error code its contract's `errors`
// does not list (nor ANY_CALL_ERRORS, src/shared/contracts/define.ts).
afterAll(() => {
  const undeclared = takeUndeclared();
  if (undeclared.length) {
    throw new Error(`calls answered error codes their contract does not declare (add them to its errors in src/shared/contracts/):\n${undeclared.map((u) => `  ${u.route}: ${u.errorCode}`).join('\n')}`);
  }
});
