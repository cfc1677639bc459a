import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staleDiffs, syncFiles } from '../../generator/writer';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'gen-writer-'));
  roots.push(root);
  mkdirSync(join(root, 'generated/old'), { recursive: true });
  writeFileSync(join(root, 'generated/old/stale.gen.ts'), 'old');
  writeFileSync(join(root, 'generated/keep.gen.ts'), 'same');
  writeFileSync(join(root, 'generated/README.md'), 'not generated');
  return root;
}
const files = [{ path: 'generated/keep.gen.ts', content: 'same' }, { path: 'generated/app/new.gen.ts', content: 'new' }];

describe('writer', () => {
  it('in check mode reports changed and stale files and touches nothing', () => {
    const root = tree();
    expect(syncFiles(root, files, { check: true })).toEqual({ changed: ['generated/app/new.gen.ts'], removed: ['generated/old/stale.gen.ts'] });
    expect(existsSync(join(root, 'generated/app/new.gen.ts'))).toBe(false);
    expect(existsSync(join(root, 'generated/old/stale.gen.ts'))).toBe(true);
  });

  it('writes changed files, deletes stale .gen files and their empty folders, keeps other files', () => {
    const root = tree();
    syncFiles(root, files, { check: false });
    expect(readFileSync(join(root, 'generated/app/new.gen.ts'), 'utf8')).toBe('new');
    expect(existsSync(join(root, 'generated/old'))).toBe(false);
    expect(existsSync(join(root, 'generated/README.md'))).toBe(true);
    expect(syncFiles(root, files, { check: true })).toEqual({ changed: [], removed: [] });
  });

  it('in check mode shows what differs in each stale file as a unified diff, trimmed when huge', () => {
    const root = tree();
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    writeFileSync(join(root, 'generated/big.gen.ts'), lines.join('\n'));
    const big = lines.map((l, i) => (i % 10 === 0 ? `${l} changed` : l)).join('\n');
    const out = [files[1]!, { path: 'generated/big.gen.ts', content: big }, { path: 'generated/keep.gen.ts', content: 'same\nmore' }];
    const diffs = staleDiffs(root, out, syncFiles(root, out, { check: true })).join('\n');
    expect(diffs).toContain('--- generated/keep.gen.ts (on disk)\n+++ generated/keep.gen.ts (from the model)\n@@ -1,1 +1,2 @@\n same\n+more');
    expect(diffs).toContain('-line 10\n+line 10 changed');
    expect(diffs).toMatch(/… \d+ more diff lines of generated\/big\.gen\.ts not shown/);
    expect(diffs).toContain('+++ generated/app/new.gen.ts (from the model)\n@@ -1,0 +1,1 @@\n+new');
    expect(diffs).toContain('--- generated/old/stale.gen.ts (on disk)\n+++ /dev/null\n@@ -1,1 +1,0 @@\n-old');
  });

  it('refuses to write outside generated/ or without the .gen marker', () => {
    expect(() => syncFiles(tree(), [{ path: 'src/x.ts', content: '' }], { check: true })).toThrow(/Refusing/);
    expect(() => syncFiles(tree(), [{ path: 'generated/x.ts', content: '' }], { check: true })).toThrow(/Refusing/);
  });
});
