/**
 * The app's build reaches into libraries' internals in a few places (vite.config.ts, src/app/vendor/):
 * it names files inside a package, swaps one for a stand-in written against it, or rewrites one by a
 * regular expression. An upgrade that moves or rewrites such a file breaks the patch silently: the
 * alias points nowhere, the stand-in no longer matches what it replaces, the expression no longer
 * matches and the bundle quietly grows. So each patch records the files it was written against with
 * their sha256; when one differs, the test names the patch to re-check. After re-checking, put the
 * new digest here. Where a patch could stop working without its file changing, a second test
 * runs it against today's file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, test } from 'vitest';
import { RA_ROUTER_ADAPTER, raRouterAdapterPlugin, reactRouterProduction, reactRouterPureComponentsPlugin, SHOP_MUI } from '../../vite.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = path.join(ROOT, 'node_modules');

interface LibraryPatch {
  /** What the patch is and where it lives. */
  name: string;
  /** What to re-check when a file changed. */
  recheck: string;
  /** The files it was written against (under node_modules) and their sha256. */
  files: Readonly<Record<string, string>>;
}

const PATCHES: readonly LibraryPatch[] = [
  {
    name: "react-router's production build (vite.config.ts reactRouterProduction)",
    recheck: "that dist/production/index.mjs and dom-export.mjs still are the package's two entries (index re-exporting the chunk, dom-export importing it: one module), and whether the package now resolves to its production build by itself (then drop the aliases)",
    files: {
      'react-router/dist/production/index.mjs': '6baf2472e54e32f10f32b57bb8b6f01f76714157b6a856af332d2bd06c8d71c7',
      'react-router/dist/production/dom-export.mjs': 'a5fc08d6fcca6a0e20c6b1fe2f69d3b5c81528efeae6dbe972ecfdd86d4fb9af',
    },
  },
  {
    name: "ra-core's react-router adapter swapped for src/app/vendor/ra-router-provider.ts (vite.config.ts raRouterAdapterPlugin)",
    recheck: "the stand-in against the new adapter hook for hook and component for component (tests/app/ra-router-provider.test.ts compares their exports), then its header's ra-core version",
    files: { 'ra-core/dist/routing/adapters/reactRouterProvider.js': '48a58f35701f17f91fa7ca2d6347842e40f9a4bbd95618423109dc13b8ad54df' },
  },
  {
    name: "react-router's components marked pure (vite.config.ts reactRouterPureComponentsPlugin)",
    recheck: "that the chunk still wraps <Link>, <NavLink>, <Form> as `var X = ReactN.forwardRef(` and the data routes in `ReactN.memo(` (else fix the expression or drop the plugin if react-router marks them pure itself), and that unused ones still leave the bundle",
    files: { 'react-router/dist/production/chunk-7RTFRKQW.mjs': '6b14f8c6dc36dfcf524ad4d8690ab367b93424e54392036d6b3f7f95a9dd930d' },
  },
  {
    name: 'side-channel replaced by src/app/vendor/side-channel.ts (vite.config.ts resolve.alias)',
    recheck: "the stand-in's API against the package's (tests/app/side-channel.test.ts), then its header's version",
    files: { 'side-channel/index.js': '54f0fec2ecb069f39b17455cc77a86e5ad135138a6e6ab5f7b33dc44ed157e86' },
  },
];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const versionOf = (pkg: string) => (JSON.parse(readFileSync(path.join(MODULES, pkg, 'package.json'), 'utf8')) as { version: string }).version;
const packageOf = (file: string) => (file.startsWith('@') ? file.split('/').slice(0, 2) : file.split('/').slice(0, 1)).join('/');

describe("the build's patches of libraries' internals", () => {
  test.each(PATCHES.map((p) => [p.name, p] as const))('%s: written against the installed files', (_name, patch) => {
    const changed = Object.entries(patch.files).flatMap(([file, digest]) => {
      const full = path.join(MODULES, file);
      const pkg = packageOf(file);
      if (!existsSync(full)) return [`${file} is gone (${pkg} ${versionOf(pkg)})`];
      const now = sha256(full);
      return now === digest ? [] : [`${file} changed (${pkg} ${versionOf(pkg)}; sha256 now ${now})`];
    });
    expect(changed, `Re-check "${patch.name}": ${patch.recheck}. Then record the new sha256 in tests/generator/build-patches.test.ts.`).toEqual([]);
  });

  test('react-router still resolves to its development build, so the production aliases are still needed, and they name files that exist', () => {
    const exports = (JSON.parse(readFileSync(path.join(MODULES, 'react-router/package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
    // A "production" condition would let Vite pick the production build itself (then drop reactRouterProduction).
    expect(JSON.stringify(exports['.'])).not.toMatch(/production/);
    expect(JSON.stringify(exports['./dom'])).not.toMatch(/production/);
    expect(reactRouterProduction.map((a) => String(a.find))).toEqual([String(/^react-router$/), String(/^react-router\/dom$/)]);
    for (const alias of reactRouterProduction) expect(existsSync(alias.replacement), alias.replacement).toBe(true);
  });

  test('react-router-dom re-exports the installed react-router, not a copy of its own (two copies would put the router in the bundle twice)', () => {
    const dom = JSON.parse(readFileSync(path.join(MODULES, 'react-router-dom/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(dom.dependencies['react-router']).toBe(versionOf('react-router'));
    expect(existsSync(path.join(MODULES, 'react-router-dom/node_modules/react-router'))).toBe(false);
  });

  test("the adapter swap still catches ra-core's import of its react-router adapter", async () => {
    const plugin = raRouterAdapterPlugin();
    const resolveId = plugin.resolveId as Extract<Plugin['resolveId'], (...args: never[]) => unknown>;
    // Vite resolves a relative import next to its importer; the plugin asks for that, then swaps the file.
    const context = { resolve: async (source: string, importer: string) => ({ id: path.resolve(path.dirname(importer), source) }) };
    const importers = readdirSync(path.join(MODULES, 'ra-core/dist/routing'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(MODULES, 'ra-core/dist/routing', f))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from "(\.[^"]*reactRouterProvider\.js)"/g)].map((m) => [m[1]!, file] as const));
    expect(importers.length).toBeGreaterThan(0);
    for (const [source, importer] of importers) {
      const swapped = await resolveId.call(context as never, source, importer, { isEntry: false, attributes: {} } as never);
      expect(swapped, `${importer} imports ${source}`).toBe(path.join(ROOT, 'src/app/vendor/ra-router-provider.ts'));
    }
    expect(existsSync(path.join(MODULES, RA_ROUTER_ADAPTER))).toBe(true);
  });

  test("the pure marks still match react-router's production chunk: <Link>, <NavLink>, <Form> and the memoised data routes", () => {
    const transform = reactRouterPureComponentsPlugin().transform as { filter: { id: RegExp }; handler: (code: string, id: string) => { code: string } | null };
    const dir = path.join(MODULES, 'react-router/dist/production');
    // The file that defines <Link> must be one the plugin's filter lets through.
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => path.join(dir, f)).filter((f) => /\nvar Link = /.test(readFileSync(f, 'utf8')));
    expect(chunks).toHaveLength(1);
    expect(transform.filter.id.test(chunks[0]!)).toBe(true);
    const marked = transform.handler.call({} as never, readFileSync(chunks[0]!, 'utf8'), chunks[0]!)?.code ?? '';
    const pure = [...marked.matchAll(/var (\w+) = \/\* @__PURE__ \*\/ React\d*\.(?:forwardRef|memo)\(/g)].map((m) => m[1]);
    expect(pure.sort()).toEqual(['Form', 'Link', 'MemoizedDataRoutes', 'NavLink']);
    // Their displayName lines go with them (a name given would keep the component).
    expect(marked).not.toMatch(/^(Link|NavLink|Form)\.displayName = /m);
  });

  test("qs still takes side-channel, so the alias still applies to what the marketplace loads", () => {
    const qs = ['parse.js', 'stringify.js'].map((f) => readFileSync(path.join(MODULES, 'qs/lib', f), 'utf8'));
    expect(qs.some((code) => /require\('side-channel'\)/.test(code))).toBe(true);
  });

  test("the shop's MUI chunk group still names files @mui/material has", () => {
    const files = ['CircularProgress', 'ListItemButton'].map((name) => ['esm/', ''].map((esm) => `node_modules/@mui/material/${esm}${name}/${name}.js`).find((f) => existsSync(path.join(ROOT, f))));
    expect(files.every((f) => f !== undefined && SHOP_MUI.test(f)), String(files)).toBe(true);
  });
});
