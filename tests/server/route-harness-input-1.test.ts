import { defineInputSuite } from './harness/input-suite';

/** Bad input on every route (harness/input-suite.ts): part 1 of 2 of the routes. */
defineInputSuite(0, 2);
