/**
 * The shop's JavaScript budget (issue 4 "Proof and figures", raised by issue 12 §6 so that i18next and
 * react-router fit): the marketplace and product pages load at most 300 KB of gzipped JavaScript
 * before they are usable. "Before usable" is the entry script of
 * dist/app/index.html with everything it imports statically (its modulepreloads), plus the lazy chunks
 * the route needs to draw its page, each with its own static imports. The import graph comes from
 * Vite's manifest (build.manifest); every file is gzipped as the server would send it.
 *
 * `npx tsx scripts/bundle-budget.ts [dist/app]` prints the figure per route and exits 1 above the
 * budget (`npm test` runs it after the build). Lazy chunks that load on demand (a menu or
 * dialog when opened, the sign-in library once the page is idle, react-admin's texts and areas) are
 * not counted: the page is usable without them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export const BUDGET_KB = 300;

/** One chunk of Vite's manifest (.vite/manifest.json), keyed by its source module. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  name?: string;
}
export type Manifest = Record<string, ManifestChunk>;

/** The interface language's base texts: one of these packs, whichever the user's language is. */
export const LANGUAGE_PACKS = ['src/app/i18n/packs/nl.ts', 'src/app/i18n/packs/en.ts', 'src/app/i18n/packs/fr.ts'] as const;
const LANGUAGE_PACK = LANGUAGE_PACKS[0];

/**
 * The lazy modules each route needs before it is usable, as source paths (a manifest key, or its
 * ending for modules under node_modules): the interface language's texts (LANGUAGE_PACK stands for
 * each of LANGUAGE_PACKS in turn: the figure is the heaviest language's), the light shop shell, the
 * header's search box (part of every shop page), the page itself and, for /products, the search
 * client it loads at once.
 */
export const ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/products': [
    LANGUAGE_PACK,
    'src/app/shell/light/LightShop.tsx',
    'src/app/features/marketplace/search/HeaderSearch.tsx',
    'src/app/features/marketplace/ProductsPage.tsx',
    'algoliasearch/dist/lite/builds/browser.js',
  ],
  '/products/{id}': [
    LANGUAGE_PACK,
    'src/app/shell/light/LightShop.tsx',
    'src/app/features/marketplace/search/HeaderSearch.tsx',
    'src/app/features/marketplace/ProductPage.tsx',
  ],
};

/**
 * The manifest key of a module: the key itself, or the one key ending in '/' + it (node_modules paths
 * vary). A module that is imported lazily in one place and statically in another becomes a chunk the
 * manifest lists without its source ('_nl-XXXX.js', name 'nl'): then the one such chunk named after
 * the module's file. null when none or several match.
 */
export function chunkKeyOf(manifest: Manifest, module: string): string | null {
  if (manifest[module]) return module;
  const bySource = Object.keys(manifest).filter((key) => key.endsWith(`/${module}`));
  if (bySource.length) return bySource.length === 1 ? bySource[0]! : null;
  const name = module.split('/').pop()!.replace(/\.[cm]?[jt]sx?$/, '');
  const byName = Object.keys(manifest).filter((key) => !manifest[key]!.src && manifest[key]!.name === name);
  return byName.length === 1 ? byName[0]! : null;
}

/** The entry chunk's key (index.html). */
export function entryKeyOf(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk');
  return key;
}

/** The files a set of chunks loads: each chunk and, transitively, its static imports (never its dynamic ones). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The JavaScript files a route loads before it is usable: the entry's closure plus its lazy modules' closures. */
export function routeFiles(manifest: Manifest, modules: readonly string[]): { files: Set<string>; missing: string[] } {
  const missing: string[] = [];
  const keys = [entryKeyOf(manifest)];
  for (const module of modules) {
    const key = chunkKeyOf(manifest, module);
    if (key) keys.push(key);
    else missing.push(module);
  }
  return { files: staticClosure(manifest, keys), missing };
}

export interface RouteFigure {
  route: string;
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
  missing: string[];
}

/** Gzipped size (level 9, as a static server would compress) of every route's files. */
export function measure(dir: string, manifest: Manifest, routes = ROUTES): RouteFigure[] {
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };
  const figure = (route: string, modules: readonly string[]): RouteFigure => {
    const { files, missing } = routeFiles(manifest, modules);
    const list = [...files].map((file) => ({ file, gzipBytes: gz(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { route, gzipBytes: list.reduce((sum, f) => sum + f.gzipBytes, 0), files: list, missing };
  };
  return Object.entries(routes).map(([route, modules]) => {
    const variants = LANGUAGE_PACKS.map((pack) => figure(route, modules.map((m) => (m === LANGUAGE_PACK ? pack : m))));
    return variants.reduce((heaviest, v) => (v.gzipBytes > heaviest.gzipBytes ? v : heaviest));
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const dir = process.argv[2] ?? 'dist/app';
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: build the app first (npx vite build, build.manifest on)`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  let over = false;
  for (const figure of measure(dir, manifest)) {
    const fails = figure.gzipBytes > BUDGET_KB * 1024 || figure.missing.length > 0;
    const verdict = fails ? `OVER the ${BUDGET_KB} KB budget` : `within the ${BUDGET_KB} KB budget`;
    over ||= fails;
    console.log(`${figure.route}: ${kb(figure.gzipBytes)} KB gzip JavaScript before usable: ${verdict}`);
    for (const f of figure.files.slice(0, 8)) console.log(`    ${kb(f.gzipBytes).padStart(6)} KB  ${f.file}`);
    if (figure.files.length > 8) console.log(`    … ${figure.files.length - 8} smaller files`);
    for (const m of figure.missing) console.log(`    missing from the build: ${m}`);
  }
  process.exit(over ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
