import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { APP_BUILD_INDEX, APP_SOURCES, builtAt, rebuildReason, sourceFiles, stampBuild, type SourceFile } from '../../scripts/app-build';

/**
 * `npm start` builds the app again when the build is missing or older than a file it is built from
 * (scripts/app-build.ts): after a model change it would otherwise serve stale screens. The decision
 * runs on modification times, without vite.
 */

describe('rebuildReason', () => {
  const at = 1_000_000;

  test('no build: built, saying so', () => {
    expect(rebuildReason(null, [])).toBe('the app is not built yet');
  });

  test('every source older than the build, or as old: no build', () => {
    expect(rebuildReason(at, [{ path: 'model/a.ts', mtimeMs: at - 5000 }, { path: 'src/app/App.tsx', mtimeMs: at }])).toBeNull();
  });

  test('a source newer than the build: built again, naming it', () => {
    const files: SourceFile[] = [{ path: 'src/app/App.tsx', mtimeMs: at - 1 }, { path: 'generated/app/screens.gen.tsx', mtimeMs: at + 1 }];
    expect(rebuildReason(at, files)).toBe('generated/app/screens.gen.tsx changed after the last build');
  });

  test('the sources are read only up to the first newer one', () => {
    function* sources(): Generator<SourceFile> {
      yield { path: 'model/resources/orders.ts', mtimeMs: at + 1 };
      throw new Error('read past the first newer file');
    }
    expect(rebuildReason(at, sources())).toBe('model/resources/orders.ts changed after the last build');
  });
});

describe('on a project folder', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A file of the temporary project, modified `secondsAgo` seconds ago. */
  const write = (file: string, secondsAgo: number) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(full, when, when);
  };

  test('the model, generated/, the app and its single files are walked; node_modules and dot folders are not', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-build-'));
    for (const f of ['model/resources/orders.ts', 'generated/app/screens.gen.tsx', 'src/app/App.tsx', 'src/shared/access.ts', 'index.html', 'vite.config.ts',
      'src/app/node_modules/x/index.js', 'model/.cache/x.json', 'src/server/app.ts']) write(f, 60);
    expect([...sourceFiles(APP_SOURCES, dir)].map((f) => f.path).sort()).toEqual(
      ['generated/app/screens.gen.tsx', 'index.html', 'model/resources/orders.ts', 'src/app/App.tsx', 'src/shared/access.ts', 'vite.config.ts']);
  });

  test('a model change after the build asks for a build; a server change does not; a build stamped at its start counts files saved meanwhile', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-build-'));
    for (const f of ['model/resources/orders.ts', 'src/app/App.tsx', 'index.html']) write(f, 120);
    expect(rebuildReason(builtAt(dir), sourceFiles(APP_SOURCES, dir))).toBe('the app is not built yet');
    write(APP_BUILD_INDEX, 60);
    write('src/server/app.ts', 10);
    expect(rebuildReason(builtAt(dir), sourceFiles(APP_SOURCES, dir))).toBeNull();
    write('model/resources/orders.ts', 10);
    expect(rebuildReason(builtAt(dir), sourceFiles(APP_SOURCES, dir))).toBe('model/resources/orders.ts changed after the last build');

    // A build that began before the model file was saved again and ended after it.
    write(APP_BUILD_INDEX, 0);
    stampBuild(new Date(Date.now() - 30_000), dir);
    expect(rebuildReason(builtAt(dir), sourceFiles(APP_SOURCES, dir))).toBe('model/resources/orders.ts changed after the last build');
  });
});
