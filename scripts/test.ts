/**
 * `npm test`: typecheck, unused or unlisted dependencies (knip), generated/ freshness, vitest
 * (generator, server, app), a fresh SPA build, the shop pages' JavaScript budget
 * (scripts/bundle-budget.ts) and the Playwright journeys in Debian's chromium. `--server-only` runs
 * just the server suite (CI runs it again with DATABASE_URL pointing at PostgreSQL). Ends with one
 * 'N passed, N failed' line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium';

const serverOnly = process.argv.includes('--server-only');
// The project's own Node (docs/runtime.md); every step below starts its processes on it through PATH.
console.log(`Node ${process.version}`);
let passed = 0;
let failed = 0;

function step(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n━━ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) finish(`${title} failed`);
}

function finish(problem?: string): never {
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  if (problem) console.error(problem);
  process.exit(problem || failed > 0 ? 1 : 0);
}

/** Adds a JSON report's counts (vitest and Playwright) to the totals. */
function count(file: string, kind: 'vitest' | 'playwright'): void {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') { passed += r.numPassedTests ?? 0; failed += r.numFailedTests ?? 0; }
  else { passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0); failed += r.stats?.unexpected ?? 0; }
}

/**
 * Test files whose process died: failed, with no test failed (the tests after the crash never
 * ended), how many of their tests had passed before, and whether any test failed in the run. Node's
 * V8 can abort a process that creates and frees many PGlite WebAssembly instances (`Check failed:
 * jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500, open upstream): a crash of the
 * runtime, not an answer of our code, and rare (one file in one run of many).
 */
function crashedFiles(file: string): { files: string[]; passedBefore: number; testsFailed: boolean } {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numFailedTests: number; testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
  };
  const crashed = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed'));
  return {
    files: crashed.map((t) => t.name),
    passedBefore: crashed.reduce((n, t) => n + t.assertionResults.filter((a) => a.status === 'passed').length, 0),
    testsFailed: r.numFailedTests > 0,
  };
}

function vitest(project?: string): void {
  const out = 'test-results/vitest.json';
  rmSync(out, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  if (project) args.push('--project', project);
  console.log(`\n━━ vitest${project ? ` (${project})` : ''}${process.env.DATABASE_URL ? ' on PostgreSQL' : ' on embedded PGlite'}`);
  const r = spawnSync('npx', args, { stdio: 'inherit' });
  count(out, 'vitest');
  if (r.status === 0) return;
  // A file whose process crashed runs once more, alone, and says so; a test that failed is never run again.
  if (!existsSync(out)) finish('vitest failed');
  const crashed = crashedFiles(out);
  if (!crashed.files.length || crashed.testsFailed) finish('vitest failed');
  console.log(`\n━━ vitest: the process of ${crashed.files.length} file(s) died before their tests ended (see above); running them once more:\n${crashed.files.join('\n')}`);
  passed -= crashed.passedBefore; // counted again by the run below
  const again = spawnSync('npx', [...args, ...crashed.files], { stdio: 'inherit' });
  count(out, 'vitest');
  if (again.status !== 0) finish('vitest failed');
}

if (serverOnly) {
  vitest('server');
  finish();
}

step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
// Issue 31: no dependency that nothing uses, nothing used that package.json does not list (knip.json).
step('dependencies are used and listed', 'npx', ['knip']);
step('generated/ is fresh', 'npx', ['tsx', 'generator/main.ts', '--check']);
vitest();
ensureChromium();
step('build the app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
// Issues 4 and 12: /products and /products/{id} load at most 300 KB of gzipped JavaScript before they are usable.
step('JavaScript budget of the shop pages', 'npx', ['tsx', 'scripts/bundle-budget.ts']);
const pwOut = 'test-results/playwright.json';
rmSync(pwOut, { force: true });
console.log('\n━━ playwright (chromium)');
const pw = spawnSync('npx', ['playwright', 'test'], { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut } });
count(pwOut, 'playwright');
finish(pw.status !== 0 ? 'playwright failed' : undefined);
