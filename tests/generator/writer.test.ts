import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncFiles } from '../../generator/writer';

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

  it('refuses to write outside generated/ or without the .gen marker', () => {
    expect(() => syncFiles(tree(), [{ path: 'src/x.ts', content: '' }], { check: true })).toThrow(/Refusing/);
    expect(() => syncFiles(tree(), [{ path: 'generated/x.ts', content: '' }], { check: true })).toThrow(/Refusing/);
  });
});
