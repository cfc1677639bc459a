import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/run';
import { fixtureModel } from './fixtures/model';

const root = resolve(import.meta.dirname, '../..');

/**
 * The project typecheck covers the real generated/; the fixture uses every field kind, so its output
 * is type-checked too: written into a scratch copy of the repository layout (the other folders
 * linked), with the project's compiler options.
 */
describe('fixture output', () => {
  it('type-checks against react-admin, the contract and the support components', async () => {
    const { files } = await generate(fixtureModel(), { migrations: [] });
    const dir = mkdtempSync(join(tmpdir(), 'gen-typecheck-'));
    for (const name of ['node_modules', 'model', 'generator', 'src', 'tests', 'e2e', 'playwright.config.ts', 'scripts']) symlinkSync(join(root, name), join(dir, name));
    for (const f of files) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), f.content);
    }
    const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include: ['generated'] }));
    let output = '';
    try {
      // run inside the copy so reported paths start with generated/
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8', cwd: dir });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    } finally {
      rmSync(dir, { recursive: true, force: true }); // removes the links, not what they point at
    }
    // errors in files the fixture does not own (others' work in progress) do not count
    expect(output.split('\n').filter((l) => l.startsWith('generated/')).join('\n')).toBe('');
  }, 120_000);
});
