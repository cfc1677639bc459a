/**
 * The top allocation sites of a sampling heap profile (bench/alloc-sampler.ts, or Node's
 * --heap-prof): bytes by function (self), and by the first frame of our own code (src/) on the
 * stack, so that allocations inside libraries are charged to the line of ours that called them.
 *
 *   npx tsx bench/alloc-top.ts <file.heapprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface Frame { functionName: string; url: string; lineNumber: number }
interface Node { callFrame: Frame; selfSize: number; children: Node[] }

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: alloc-top.ts <file.heapprofile> [rows]');
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: Node; seconds?: number; requests?: number };

const short = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*?\/(src|node_modules)\//, '$1/');
const name = (f: Frame) => `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
const self = new Map<string, number>();
const ours = new Map<string, number>();
let total = 0;
const walk = (n: Node, ourFrame: string | null) => {
  const own = /\/src\//.test(n.callFrame.url) && !/node_modules/.test(n.callFrame.url) ? name(n.callFrame) : ourFrame;
  if (n.selfSize) {
    total += n.selfSize;
    self.set(name(n.callFrame), (self.get(name(n.callFrame)) ?? 0) + n.selfSize);
    const key = own ?? '(no src/ frame)';
    ours.set(key, (ours.get(key) ?? 0) + n.selfSize);
  }
  for (const c of n.children) walk(c, own);
};
walk(profile.head, null);

const mb = (b: number) => (b / 2 ** 20).toFixed(1);
console.log(`${file}: ${mb(total)} MB allocated${profile.seconds ? ` in ${profile.seconds.toFixed(0)} s, ${mb(total / profile.seconds)} MB/s` : ''}${profile.requests ? `, ${profile.requests} requests, ${(total / profile.requests / 1024).toFixed(0)} KB a request` : ''}`);
for (const [title, map] of [['by function (self)', self], ['by the innermost frame of src/ on the stack', ours]] as const) {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${mb(v).padStart(8)} MB ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
}
