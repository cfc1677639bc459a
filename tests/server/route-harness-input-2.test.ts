import { defineInputSuite } from './harness/input-suite';

/** Bad input on every route (harness/input-suite.ts): part 2 of 2 of the routes. */
defineInputSuite(1, 2);
