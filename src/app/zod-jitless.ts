/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (src/server/plugins/
 * security-headers.ts), so zod cannot compile its parsers with `new Function` anyway; jitless
 * also skips zod's probe for it, which chromium reports as a CSP violation even though zod
 * catches the refusal. zod 4 keeps its configuration on globalThis.__zod_globalConfig (what
 * `z.config()` writes); setting it here costs the first load no zod import. Imported first by
 * main.tsx, before anything parses; e2e/security.spec.ts fails if the probe comes back.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
