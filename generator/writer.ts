import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from './emit';
import { unifiedDiff } from './text-diff';

export const GENERATED_DIR = 'generated';
// <name>.gen.spec.ts: Playwright only runs files ending in .spec.ts
const GEN_FILE = /\.gen\.(ts|tsx|sql|json|spec\.ts)$/;

export interface SyncResult {
  /** Files whose content differs from the output (written, or stale in check mode). */
  readonly changed: readonly string[];
  /** .gen files no pass produced any more (deleted, or stale in check mode). */
  readonly removed: readonly string[];
}

/** Every .gen file under generated/, repository-relative. */
export function listGeneratedFiles(root: string, dir = GENERATED_DIR): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .sort()
    .flatMap((name) => {
      const rel = `${dir}/${name}`;
      if (statSync(join(root, rel)).isDirectory()) return listGeneratedFiles(root, rel);
      return GEN_FILE.test(name) ? [rel] : [];
    });
}

/**
 * The one place that touches generated/: writes files whose content changed and deletes .gen files
 * that no pass produced. With `check`, touches nothing and only reports.
 */
export function syncFiles(root: string, files: readonly GeneratedFile[], options: { check: boolean }): SyncResult {
  const seen = new Set<string>();
  for (const f of files) {
    if (!f.path.startsWith(`${GENERATED_DIR}/`) || !GEN_FILE.test(f.path)) throw new Error(`Refusing to emit ${f.path}: outside generated/ or not a .gen file`);
    if (seen.has(f.path)) throw new Error(`Two passes emit ${f.path}`);
    seen.add(f.path);
  }
  const changed: string[] = [];
  for (const f of files) {
    const abs = join(root, f.path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === f.content) continue;
    changed.push(f.path);
    if (!options.check) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, f.content);
    }
  }
  const removed = listGeneratedFiles(root).filter((p) => !seen.has(p));
  if (!options.check) {
    for (const p of removed) unlinkSync(join(root, p));
    removeEmptyDirs(root, GENERATED_DIR);
  }
  return { changed, removed };
}

/** A unified diff per stale file of a check-mode sync: what is on disk → what the model produces. */
export function staleDiffs(root: string, files: readonly GeneratedFile[], result: SyncResult): string[] {
  const onDisk = (p: string) => (existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8') : undefined);
  return [
    ...result.changed.map((p) => unifiedDiff(p, onDisk(p), files.find((f) => f.path === p)!.content)),
    ...result.removed.map((p) => unifiedDiff(p, onDisk(p), undefined)),
  ];
}

function removeEmptyDirs(root: string, dir: string): boolean {
  const abs = join(root, dir);
  if (!existsSync(abs)) return true;
  const entries = readdirSync(abs);
  // visit every child (no short-circuit) so nested empty folders all go
  const results = entries.map((name) => statSync(join(abs, name)).isDirectory() && removeEmptyDirs(root, `${dir}/${name}`));
  const empty = results.every(Boolean);
  if (empty && dir !== GENERATED_DIR) rmdirSync(abs);
  return empty;
}
