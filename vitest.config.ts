import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One config, three projects: the server suite also runs alone against PostgreSQL on CI
// (`vitest run --project server` with DATABASE_URL set). The server suite copies its databases from
// templates built once per run (tests/server/helpers/templates.ts) and shares one module graph per
// worker (isolate: false): each file still gets its own database and app, but no longer spends
// seconds re-creating PGlite and re-importing Fastify, oidc-provider and Kysely.
// Both cores: vitest's default in a run is one worker fewer than the machine has, so on the 2-core
// machines this project runs on every file ran after the other while a core idled.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'server', include: ['tests/server/**/*.test.ts', 'tests/oidc/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000, globalSetup: ['tests/server/helpers/templates.ts'], setupFiles: ['tests/server/helpers/setup.ts'], isolate: false } },
      { test: { name: 'generator', include: ['tests/generator/**/*.test.ts'], environment: 'node', testTimeout: 60000 } },
      // An app test renders a whole page in jsdom: a run beside other work on both cores took 20 s
      // for pages that take 2 s alone, so a test has 40 s (each wait inside it still 10 s, setup.ts).
      // react-router by the file Node resolves it to: a test importing it by name got a copy run by
      // Vitest's module runner, while ra-core (run by Node) reached Node's copy through react-router-dom;
      // with two routers react-admin's <Routes> rejected our <Route>s. Named by file, Vitest hands it to Node: one copy.
      { resolve: { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) }] }, test: { name: 'app', include: ['tests/app/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/app/setup.ts'], testTimeout: 40000 } },
    ],
  },
});
