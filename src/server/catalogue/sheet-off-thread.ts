import { Worker } from 'node:worker_threads';
import { SheetError, type ReadSheet } from './sheet-reader';

/**
 * readSheet on a worker thread, so that unpacking and parsing an uploaded spreadsheet (up to
 * CONSTANTS.productImportMaxMb MB) never holds up the server's other requests. One thread, started
 * when first needed and stopped after a minute without work (imports are rare; files wait their turn
 * in order). A thread that dies (out of memory: MEMORY_MB is its heap, which a zip bomb reaches)
 * fails its own file only, as unreadable, and is replaced for the next one. The sheet comes back in
 * messages of some hundred lines (sheet-worker.ts) (so that no one message takes long to take in here), then as JSON
 * bytes moved from the thread, which the import keeps as they are.
 */

export interface SheetRequest { id: number; bytes: Uint8Array; maxLines: number }
export type SheetReply =
  | { id: number; rows: ReadSheet['rows'] }
  | { id: number; ok: true; json: Uint8Array; format: ReadSheet['format']; columns: ReadSheet['columns']; ignored: ReadSheet['ignored'] }
  | { id: number; ok: false; code: SheetError['code']; details: SheetError['details']; reason: string }
  | { id: number; failed: string };

export interface SheetRead {
  sheet: ReadSheet;
  /** The sheet as JSON (UTF-8): what the import keeps of the upload. */
  json: Uint8Array;
}

const IDLE_MS = 60_000;
const MEMORY_MB = 512;
const ENTRY = new URL('./sheet-worker.mjs', import.meta.url);

interface Job { id: number; bytes: Uint8Array; maxLines: number; rows: ReadSheet['rows']; resolve: (read: SheetRead) => void; reject: (error: unknown) => void }

let thread: { worker: Worker; job: Job | null; idle: NodeJS.Timeout | null } | null = null;
const queue: Job[] = [];
let ids = 0;
/** Files read on the thread so far (the tests see the work leave the server's thread). */
let readOnThread = 0;
export const sheetsReadOnThread = () => readOnThread;

function settle(job: Job, reply: SheetReply): void {
  if ('failed' in reply) return job.reject(new Error(`Reading the spreadsheet failed: ${reply.failed}`));
  if ('rows' in reply) return void job.rows.push(...reply.rows);
  if (!reply.ok) return job.reject(new SheetError(reply.code, reply.details, reply.reason));
  readOnThread += 1;
  job.resolve({ sheet: { format: reply.format, columns: reply.columns, ignored: reply.ignored, rows: job.rows }, json: reply.json });
}

function start() {
  const worker = new Worker(ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
  const own = { worker, job: null as Job | null, idle: null as NodeJS.Timeout | null };
  worker.on('message', (reply: SheetReply) => {
    const job = own.job;
    if (!job || job.id !== reply.id) return;
    settle(job, reply);
    if ('rows' in reply) return;
    own.job = null;
    next();
  });
  // 'error' then 'exit' when the thread dies: its file fails, the thread is replaced when needed.
  worker.on('error', (error: Error & { code?: string }) => {
    const job = own.job;
    own.job = null;
    if (!job) return;
    job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SheetError('ProductImportUnreadable', [], 'the file needs more memory to read than a list of articles does') : error);
  });
  worker.on('exit', () => {
    if (own.idle) clearTimeout(own.idle);
    own.job?.reject(new Error('The spreadsheet reader stopped.'));
    own.job = null;
    if (thread === own) thread = null;
    next();
  });
  thread = own;
  return own;
}

/** Gives the thread the next file, or lets it rest (and stop after IDLE_MS). */
function next(): void {
  if (thread?.job) return;
  const job = queue.shift();
  if (!job) {
    if (thread) {
      const resting = thread;
      resting.worker.unref();
      resting.idle ??= setTimeout(() => void resting.worker.terminate(), IDLE_MS).unref();
    }
    return;
  }
  const own = thread ?? start();
  if (own.idle) clearTimeout(own.idle);
  own.idle = null;
  own.job = job;
  own.worker.ref();
  // The bytes are moved to the thread, not copied here (a Buffer sharing Node's pool is copied first).
  const bytes = job.bytes.byteOffset === 0 && job.bytes.buffer instanceof ArrayBuffer && job.bytes.buffer.byteLength === job.bytes.byteLength
    ? job.bytes : new Uint8Array(job.bytes);
  own.worker.postMessage({ id: job.id, bytes, maxLines: job.maxLines } satisfies SheetRequest, [bytes.buffer as ArrayBuffer]);
}

/**
 * readSheet on the worker thread: the same sheet (or SheetError), without blocking this thread. The
 * bytes are MOVED to the thread: the caller does not use them again.
 */
export function readSheetOffThread(bytes: Uint8Array, maxLines: number): Promise<SheetRead> {
  return new Promise((resolve, reject) => {
    queue.push({ id: (ids += 1), bytes, maxLines, rows: [], resolve, reject });
    next();
  });
}
