import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';
import realQs from 'qs';
import realSideChannel from 'side-channel';
import * as vendor from '../../src/app/vendor/side-channel';
import getSideChannel from '../../src/app/vendor/side-channel';

/**
 * src/app/vendor/side-channel.ts replaces the npm package side-channel in the build (vite.config.ts
 * resolve.alias), for qs under instantsearch.js: it must keep the package's API, and qs must behave
 * the same on it.
 */

type AnyChannel = { assert(k: unknown): void; delete(k: unknown): boolean; get(k: unknown): unknown; has(k: unknown): boolean; set(k: unknown, v: unknown): void };

/** Runs one script of channel operations and records every answer and thrown message. */
function play(make: () => AnyChannel) {
  const channel = make();
  const other = make();
  const object = {};
  const fn = () => undefined;
  const keys: unknown[] = [object, fn, 'a', "it's", 1, 0, NaN, null, undefined, true, Symbol.for('s'), 10n];
  const log: unknown[] = [];
  const attempt = (step: () => unknown) => {
    try {
      log.push(step());
    } catch (error) {
      log.push(`${(error as Error).constructor.name}: ${(error as Error).message}`);
    }
  };
  for (const key of keys) attempt(() => [channel.get(key), channel.has(key), channel.delete(key)]);
  for (const key of keys) attempt(() => channel.assert(key));
  keys.forEach((key, i) => channel.set(key, i));
  for (const key of keys) attempt(() => [channel.get(key), channel.has(key), other.has(key)]);
  for (const key of keys) attempt(() => channel.assert(key));
  attempt(() => [channel.set(object, 'again'), channel.get(object)]);
  for (const key of keys) attempt(() => [channel.delete(key), channel.delete(key), channel.has(key), channel.get(key)]);
  return log;
}

describe('vendor side-channel', () => {
  it('answers get, has, delete, set and assert as the package does, for object and primitive keys', () => {
    const ours = play(getSideChannel as () => AnyChannel);
    expect(ours).toEqual(play(realSideChannel as () => AnyChannel));
    expect(ours).toContain("TypeError: Side channel does not contain 'it\\'s'");
    expect(ours).toContain('TypeError: Side channel does not contain the given object key');
  });

  it('is what require() gives a bundled CommonJS module: the function itself', () => {
    expect(vendor['module.exports']).toBe(getSideChannel);
  });
});

/**
 * qs as installed, loaded the way the bundle loads it: its own CommonJS files, with require('side-channel')
 * answered by our module's CommonJS export, and its other dependencies as usual.
 */
function qsOnVendorChannel(): typeof realQs {
  const nodeRequire = createRequire(import.meta.url);
  const dir = dirname(nodeRequire.resolve('qs'));
  const cache = new Map<string, unknown>();
  const load = (file: string): unknown => {
    if (!cache.has(file)) {
      const module = { exports: {} as unknown };
      cache.set(file, module.exports);
      const run = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module'], { filename: file });
      const depRequire = (name: string) => {
        if (name === 'side-channel') return vendor['module.exports'];
        return name.startsWith('./') ? load(join(dir, `${name}.js`)) : createRequire(file)(name);
      };
      run(module.exports, depRequire, module);
      cache.set(file, module.exports);
    }
    return cache.get(file);
  };
  return load(join(dir, 'index.js')) as typeof realQs;
}

describe('qs on the vendor side-channel', () => {
  const qs = qsOnVendorChannel();
  const nested = { a: { b: [1, 2, { c: 'x y', d: [true, null] }] }, e: 'é&=', f: [], g: { h: undefined } };

  it('stringifies and parses as with the package', () => {
    for (const options of [{}, { arrayFormat: 'brackets' as const }, { encodeValuesOnly: true, allowDots: true }]) {
      expect(qs.stringify(nested, options)).toBe(realQs.stringify(nested, options));
    }
    for (const query of ['a[b][0]=1&a[b][1]=2&a[b][2][c]=x%20y', 'a[]=1&a[]=2&a[5]=3', 'a.b.c=1&x[y][z]=2', 'a=1&a=2&__proto__[x]=1']) {
      expect(qs.parse(query, { allowDots: true })).toEqual(realQs.parse(query, { allowDots: true }));
    }
    expect(qs.parse(qs.stringify(nested))).toEqual({ a: { b: ['1', '2', { c: 'x y', d: ['true', ''] }] }, e: 'é&=' });
  });

  it('detects cyclic references in stringify, and repeats shared ones', () => {
    const cyclic: Record<string, unknown> = { a: { b: 1 } };
    (cyclic.a as Record<string, unknown>).self = cyclic;
    expect(() => realQs.stringify(cyclic)).toThrow(new RangeError('Cyclic object value'));
    expect(() => qs.stringify(cyclic)).toThrow(new RangeError('Cyclic object value'));
    const shared = { x: 1 };
    expect(qs.stringify({ a: shared, b: shared })).toBe('a%5Bx%5D=1&b%5Bx%5D=1');
  });
});
