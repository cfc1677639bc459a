import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/ensure-chromium';

/** One started server for every journey; each run starts on an empty embedded database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'generated/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey's limit only guards against a hang: each of its steps waits for what it needs (an
  // expectation 20 s, an action or a response its own), so a journey takes as long as the machine
  // makes its steps take. Limits set from a quiet day's time ran out mid-journey on slow days (two
  // browsers, the server and the SPA booting on every page.goto on two cores), every step slow,
  // nothing wrong; a fresh-clone rehearsal on 2026-12-07 lost two journeys that way.
  timeout: 600_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'nl-BE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: 'e2e/maintenance.spec.ts' },
    // Switches the whole platform into maintenance: only once everything else is done.
    { name: 'maintenance', testMatch: 'e2e/maintenance.spec.ts', dependencies: ['journeys'] },
  ],
  webServer: {
    command: `rm -rf .e2e-data && npx tsx src/server/main.ts`,
    url: `http://localhost:${E2E_PORT}/api/domains/localhost`,
    timeout: 120_000,
    reuseExistingServer: false,
    // A smaller demo catalogue than `npm start` seeds: the journeys need variety, not 45,000 articles.
    env: { PORT: String(E2E_PORT), DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${E2E_PORT}`, DATABASE_URL: '', DEMO_CATALOGUE_SIZE: '4000', LOG_LEVEL: 'warn' },
    stdout: 'pipe',
  },
});
