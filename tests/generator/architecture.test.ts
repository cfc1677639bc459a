/**
 * The shape of the code's imports, measured by dpdm (the module graph from the entry points, type
 * imports included): no import circle in src/, and on the server no import from a lower floor back
 * up; and one name per library (the router is imported as react-router only). Runs in the generator
 * project because it needs no database (the server project builds its templates first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRIES = ['src/server/main.ts', 'src/app/main.tsx'];

/**
 * The server's floors, lowest first: a module imports from its own floor or below, never above.
 * A file belongs to the first floor one of whose patterns matches its path.
 * - shared: what the server and the app share (src/shared).
 * - base: configuration, errors, the server's types, the request's context and the server's texts
 *   (i18n/: one i18next instance over the texts each area declares in its *texts.ts).
 * - db: the database (ids and rows, migrations, the change watcher, caches dropped by it) and the
 *   job queue that lives in it (pg-boss: the queue, the definitions' shape, the admin's task reads).
 * - records: the model's record rules every area applies (owner scope, references, validation,
 *   the generic record service).
 * - domain: the areas (ordering, fulfilment, catalogue, mail, storage, search, ...), including
 *   enqueue() and the job names' types.
 * - http: the plugins, the session calls, the generic CRUD routes, the actions, the operations
 *   endpoints and lifecycle (ops/: health, metrics, overload, shutdown, backup), and every file
 *   that registers routes (`*routes.ts`) or is an action module.
 * - app: the composition root (app.ts, main.ts, the job registry, the blob containers) and the
 *   demo data (src/server/demo), which builds on everything.
 */
const FLOORS: readonly (readonly [string, readonly RegExp[]])[] = [
  ['shared', [/^src\/shared\//]],
  ['base', [/^src\/server\/(config|errors|public-url|types|request-context)\.ts$/, /^src\/server\/i18n\//, /^src\/server\/[a-z-]+\/([a-z-]+-)?texts\.ts$/]],
  ['db', [/^src\/server\/db\//, /^src\/server\/ttl-cache\.ts$/, /^src\/server\/jobs\/(connection|definition|queue|schema|install|tasks)\.ts$/]],
  ['records', [/^src\/server\/crud\/(dynamic-db|scope|references|validate|service)\.ts$/]],
  ['http', [/^src\/server\/(plugins|session|actions|crud|ops)\//, /routes\.ts$/, /^src\/server\/users\/(admin-users|customer-users|departments)\.ts$/]],
  ['app', [/^src\/server\/[^/]+\.ts$/, /^src\/server\/demo\//]],
  ['domain', [/^src\/server\/[^/]+\//]],
];
const ORDER = ['shared', 'base', 'db', 'records', 'domain', 'http', 'app'];

function floorOf(file: string): string | null {
  for (const [floor, patterns] of FLOORS) if (patterns.some((p) => p.test(file))) return floor;
  return null;
}

/** Every source file under `dir` (relative to the project root), tests and files outside the module graph included. */
function codeFilesUnder(dir: string): string[] {
  return (readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }))
    .filter((f) => /\.(m|c)?[jt]sx?$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

let tree: DependencyTree;
beforeAll(async () => {
  // transform: false keeps `import type` (a type-only circle is a circle too).
  tree = await parseDependencyTree(ENTRIES, { context: ROOT, cwd: ROOT, tsconfig: path.join(ROOT, 'tsconfig.json'), transform: false });
}, 60_000);

describe('imports', () => {
  test('the graph reaches the server and the app', () => {
    const files = Object.keys(tree);
    expect(files.filter((f) => f.startsWith('src/server/')).length).toBeGreaterThan(200);
    expect(files.filter((f) => f.startsWith('src/app/')).length).toBeGreaterThan(200);
  });

  test('no import circle in src/', () => {
    // parseCircular walks depth first and reports a circle for every edge back into its path: a
    // graph without one has no circle at all.
    const circles = parseCircular(tree).filter((c) => c.some((f) => f.startsWith('src/')));
    expect(circles.map((c) => c.join(' -> '))).toEqual([]);
  });

  test('every server module has a floor, and none imports from a floor above its own', () => {
    const unplaced: string[] = [];
    const upward: string[] = [];
    for (const [file, deps] of Object.entries(tree)) {
      if (!file.startsWith('src/server/') && !file.startsWith('src/shared/')) continue;
      const from = floorOf(file);
      if (!from) { unplaced.push(file); continue; }
      for (const dep of deps ?? []) {
        if (!dep.id || !(dep.id.startsWith('src/server/') || dep.id.startsWith('src/shared/'))) continue;
        const to = floorOf(dep.id);
        if (to && ORDER.indexOf(to) > ORDER.indexOf(from)) upward.push(`${file} (${from}) -> ${dep.id} (${to})`);
      }
    }
    expect(unplaced).toEqual([]);
    expect(upward).toEqual([]);
  });

  test("the app takes only the contracts' types: their schemas stay out of its JavaScript (calls are data in generated/app/calls.gen.ts)", () => {
    const appFiles = Object.keys(tree).filter((f) => f.startsWith('src/app/') || f.startsWith('generated/app/'));
    const valueImports = appFiles.flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import (?!type )[^;]*?from '[^']*shared\/contracts\/[^']*';/gm)].map((m) => `${file}: ${m[0]}`));
    expect(appFiles.length).toBeGreaterThan(200);
    expect(valueImports).toEqual([]);
  });

  test("react-router is the router: nothing of ours imports react-router-dom (it only re-exports react-router and stays installed for ra-core's peer dependency)", () => {
    const ours = ['src', 'tests', 'e2e', 'generator', 'generated', 'scripts'].flatMap((dir) => codeFilesUnder(dir));
    const dom = ours.flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\b(?:from|import|require|mock)\s*\(?\s*['"]react-router-dom(?:\/[^'"]*)?['"]/g)].map((m) => `${file}: ${m[0]}`));
    expect(ours.length).toBeGreaterThan(500);
    expect(dom).toEqual([]);
  });

  test('the app and the server import each other only through src/shared', () => {
    const crossing = Object.entries(tree).flatMap(([file, deps]) => (deps ?? [])
      .filter((d) => d.id && ((file.startsWith('src/app/') && d.id.startsWith('src/server/')) || (file.startsWith('src/server/') && d.id.startsWith('src/app/'))))
      .map((d) => `${file} -> ${d.id}`));
    expect(crossing).toEqual([]);
  });
});

/**
 * The app's rooms (src/app): the core (data, session, access, i18n, common UI, …) serves every
 * screen; each features/<domain>/ holds a domain's screens and may use the core and other
 * features; the shell (layouts, menus, areas, the app's own pages) composes them. A room imports
 * only from its own level or below: the core never reaches into a feature or the shell, and a
 * feature never into the shell. The language packs (i18n/packs) gather the features' texts, so
 * they sit with the shell, and i18n/index.ts loads them by language on demand (a dynamic import,
 * the one upward edge allowed); App.tsx and main.tsx are the root.
 */
function appRoomOf(file: string): number | null {
  if (!file.startsWith('src/app/')) return null;
  if (/^src\/app\/(App|main)\.tsx$/.test(file)) return 3;
  if (file.startsWith('src/app/shell/') || file.startsWith('src/app/i18n/packs/')) return 2;
  if (file.startsWith('src/app/features/')) return 1;
  return 0;
}
const APP_ROOMS = ['core', 'features', 'shell', 'root'];

describe("the app's rooms", () => {
  test('the core imports no feature and no shell, a feature imports no shell', () => {
    const upward = Object.entries(tree).flatMap(([file, deps]) => {
      const from = appRoomOf(file);
      if (from === null) return [];
      return (deps ?? []).filter((d) => d.id && (appRoomOf(d.id) ?? 0) > from)
        .filter((d) => !(d.kind === 'DynamicImport' && d.id!.startsWith('src/app/i18n/packs/')))
        .map((d) => `${file} (${APP_ROOMS[from]}) -> ${d.id} (${APP_ROOMS[appRoomOf(d.id!)!]})`);
    });
    expect(Object.keys(tree).filter((f) => f.startsWith('src/app/features/')).length).toBeGreaterThan(100);
    expect(upward).toEqual([]);
  });

  test('the old folders are gone: screens live in features/<domain>/, the layouts in one shell', () => {
    const old = Object.keys(tree).filter((f) => /^src\/app\/(pages|shop|layout|light|areas)\//.test(f));
    expect(old).toEqual([]);
  });
});
