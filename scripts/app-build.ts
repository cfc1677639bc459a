/**
 * Whether `npm start` must build the app again (scripts/start.ts): the build is missing, or a file
 * it is built from changed after it (a model change regenerates screens, an edit of the app) —
 * otherwise the server would serve stale screens. Decided on modification times alone, so it stays
 * fast: the app's sources are a few thousand files and node_modules is never walked.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The build the server serves; its modification time is the build's. */
export const APP_BUILD_INDEX = 'dist/app/index.html';

/** What the app is built from: folders (walked) and single files, relative to the project root. */
export const APP_SOURCES = ['model', 'generated', 'src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

export interface SourceFile { path: string; mtimeMs: number }

/**
 * Why the app must be built again, in one line for the console, or null when the build is up to date:
 * `builtAt` is the build's modification time (null: not built), `sources` the files it is built from
 * (read only until the first one newer than the build).
 */
export function rebuildReason(builtAt: number | null, sources: Iterable<SourceFile>): string | null {
  if (builtAt === null) return 'the app is not built yet';
  for (const file of sources) {
    if (file.mtimeMs > builtAt) return `${file.path} changed after the last build`;
  }
  return null;
}

/** The files under `roots` (folders or files, relative to `base`), lazily; names starting with a dot and node_modules are skipped. */
export function* sourceFiles(roots: readonly string[], base = '.'): Generator<SourceFile> {
  for (const root of roots) {
    const full = path.join(base, root);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    if (!stat.isDirectory()) {
      yield { path: root, mtimeMs: stat.mtimeMs };
      continue;
    }
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory() || entry.isFile()) yield* sourceFiles([path.posix.join(root, entry.name)], base);
    }
  }
}

/** The build's modification time, or null when there is none. */
export function builtAt(base = '.'): number | null {
  return fs.statSync(path.join(base, APP_BUILD_INDEX), { throwIfNoEntry: false })?.mtimeMs ?? null;
}

/**
 * Marks a build just made as made at `startedAt` (when it began reading its sources), so a file
 * saved while it ran still counts as newer on the next start.
 */
export function stampBuild(startedAt: Date, base = '.'): void {
  fs.utimesSync(path.join(base, APP_BUILD_INDEX), startedAt, startedAt);
}
