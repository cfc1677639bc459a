import { z } from 'zod';

// PostgreSQL refuses NUL in text and jsonb (a 500 when it reaches a query); other control characters
// and lone surrogates are never meant as text and break exports, mails and JSON encoders downstream.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is storable text: no control characters (tab, line breaks only if `multiline`), no unpaired surrogates. */
export function isSafeText(value: string, multiline = true): boolean {
  return !(multiline ? CONTROL : CONTROL_OR_BREAK).test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The base of every string a request may carry to the database: a zod string refusing unsafe text
 * with the 'invalid' validation rule. `params` are z.string()'s (e.g. the type error message).
 */
export function safeString(params?: Parameters<typeof z.string>[0], multiline = true) {
  return z.string(params).refine((v) => isSafeText(v, multiline), { error: 'invalid' });
}

/** Deeper than any request body we accept: walking such a value recursively overflows the stack. */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `max` (walked without recursion). */
export function nestsTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
