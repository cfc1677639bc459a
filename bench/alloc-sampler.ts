/**
 * Loaded into a server process by the cluster bench when BENCH_ALLOC_PROFILE names a folder
 * (`--import ./bench/alloc-sampler.ts`): the first SIGUSR2 starts V8's sampling heap profiler,
 * keeping the samples of objects the collector has freed since (unlike `--heap-prof`, which keeps
 * only what is still alive at the end), and the second writes `<folder>/alloc-<pid>.heapprofile`:
 * every byte the process allocated in between, estimated by sampling, with the stack that allocated
 * it, and how many requests it answered. `npx tsx bench/alloc-top.ts <file>` lists the top allocation sites.
 */
import diagnostics from 'node:diagnostics_channel';
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.env.BENCH_ALLOC_PROFILE;
if (folder) {
  const session = new Session();
  session.connect();
  let startedAt = 0;
  // The requests the process answered meanwhile (bytes per request).
  let requests = 0;
  diagnostics.subscribe('http.server.request.start', () => { requests++; });
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!startedAt) {
        startedAt = Date.now();
        requests = 0;
        await session.post('HeapProfiler.startSampling', { samplingInterval: 32 * 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        return;
      }
      const { profile } = await session.post('HeapProfiler.stopSampling');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `alloc-${process.pid}.heapprofile`), JSON.stringify({ ...profile, seconds: (Date.now() - startedAt) / 1000, requests }));
      startedAt = 0;
    })();
  });
}
