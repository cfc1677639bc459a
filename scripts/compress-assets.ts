/**
 * Brotli and gzip copies of the built app's text files (`<file>.br`, `<file>.gz`), written once at
 * build time so that the server sends them compressed without compressing on every request
 * (src/server/plugins/spa.ts: @fastify/static's preCompressed). The shop's JavaScript budget
 * (scripts/bundle-budget.ts) counts gzipped bytes: this is what makes them the bytes on the wire.
 * Used as a Vite plugin (vite.config.ts), so `npm run build` and `npx vite build` both write them.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files are not worth a second request path: the headers weigh as much. */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the .br and .gz copies next to each compressible file of `dir`; returns how many files. */
export function compressAssets(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    count++;
  }
  return count;
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function compressAssetsPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      compressAssets(outDir);
    },
  };
}
