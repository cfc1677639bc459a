import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UblInvoiceError, type UblInvoiceErrorCode } from './errors';
import type { checkUblInvoice } from './index';
import type { ParsedInvoice, RuleViolation } from './types';

/**
 * checkUblInvoice on worker threads, so that reading a large e-invoice (up to 30 MB of XML, a 20 MB
 * PDF in it) never holds up the server's other requests. A few threads (one core is left to the
 * server) are started when first needed and stop after a minute without work; documents wait their
 * turn in order. A thread that dies (out of memory: MEMORY_MB is its heap) fails its own document only
 * — as too complex to read when it ran out of memory — and is replaced for the next one.
 */

export interface CheckRequest { id: number; chunks: Uint8Array[] }
export type CheckReply =
  | { id: number; ok: true; invoice: ParsedInvoice; violations: RuleViolation[] }
  | { id: number; ok: false; error: { code: UblInvoiceErrorCode; message: string; path: string | undefined; violations: RuleViolation[] } }
  | { id: number; failed: string };
type CheckResult = ReturnType<typeof checkUblInvoice>;

const THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
const IDLE_MS = 60_000;
/** A thread's heap: a 30 MB document is its text twice, its tree and a 20 MB PDF; what needs more is not an invoice. */
const MEMORY_MB = 768;
const ENTRY = new URL('./check-worker.mjs', import.meta.url);

interface Job { id: number; chunks: readonly Uint8Array[]; resolve: (result: CheckResult) => void; reject: (error: unknown) => void }
interface Thread { worker: Worker; job: Job | null; idle: NodeJS.Timeout | null }

const threads: Thread[] = [];
const queue: Job[] = [];
let ids = 0;

/** Buffers come back from a thread as Uint8Arrays: the same bytes, as Buffers again (not copied). */
const asBuffer = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null);

function settle(job: Job, reply: CheckReply): void {
  if ('failed' in reply) return job.reject(new Error(`Reading the e-invoice failed: ${reply.failed}`));
  if (!reply.ok) {
    const { code, message, path, violations } = reply.error;
    return job.resolve({ ok: false, error: new UblInvoiceError(code, message, path, violations) });
  }
  const attachments = reply.invoice.attachments.map((a) => ({ ...a, content: asBuffer(a.content) }));
  const pdf = reply.invoice.pdf ? attachments[reply.invoice.attachments.indexOf(reply.invoice.pdf)] ?? null : null;
  job.resolve({ ok: true, invoice: { ...reply.invoice, attachments, pdf }, violations: reply.violations });
}

function start(): Thread {
  const worker = new Worker(ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
  const thread: Thread = { worker, job: null, idle: null };
  worker.on('message', (reply: CheckReply) => {
    const job = thread.job;
    thread.job = null;
    if (job && job.id === reply.id) settle(job, reply);
    next(thread);
  });
  // 'error' then 'exit' when the thread dies: its document fails, the thread is replaced when needed.
  worker.on('error', (error: Error & { code?: string }) => {
    const job = thread.job;
    thread.job = null;
    if (!job) return;
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      job.resolve({ ok: false, error: new UblInvoiceError('tooComplex', 'The document needs more memory to read than any invoice does.') });
    } else {
      job.reject(error);
    }
  });
  worker.on('exit', () => {
    threads.splice(threads.indexOf(thread), 1);
    if (thread.idle) clearTimeout(thread.idle);
    thread.job?.reject(new Error('The e-invoice reader stopped.'));
    thread.job = null;
    dispatch();
  });
  threads.push(thread);
  return thread;
}

/** Gives `thread` the next document, or lets it rest (and stop after IDLE_MS). */
function next(thread: Thread): void {
  const job = queue.shift();
  if (!job) {
    thread.worker.unref();
    thread.idle ??= setTimeout(() => void thread.worker.terminate(), IDLE_MS).unref();
    return;
  }
  if (thread.idle) clearTimeout(thread.idle);
  thread.idle = null;
  thread.job = job;
  thread.worker.ref();
  // The bytes are moved to the thread, not copied on this one: a chunk that owns its memory is
  // transferred as it is (a Buffer posted as such would be serialized here, hundreds of ms for
  // 30 MB); only a chunk sharing its memory (a slice, Node's pool of small Buffers) is copied.
  const chunks = job.chunks.map((c) => (c.byteOffset === 0 && c.buffer instanceof ArrayBuffer && c.buffer.byteLength === c.byteLength && c.byteLength > 4096
    ? new Uint8Array(c.buffer) : new Uint8Array(c)));
  thread.worker.postMessage({ id: job.id, chunks } satisfies CheckRequest, chunks.map((c) => c.buffer as ArrayBuffer));
}

function dispatch(): void {
  while (queue.length > 0) {
    const free = threads.find((t) => t.job === null) ?? (threads.length < THREADS ? start() : null);
    if (!free) return;
    next(free);
  }
}

/**
 * checkUblInvoice on a worker thread, for the document whose bytes are `chunks` in order: the same
 * answer, without blocking this thread. The chunks are MOVED to the thread (a large one is empty
 * afterwards): the caller does not use them again.
 */
export function checkUblInvoiceOffThread(chunks: readonly Uint8Array[]): Promise<CheckResult> {
  return new Promise((resolve, reject) => {
    queue.push({ id: (ids += 1), chunks, resolve, reject });
    dispatch();
  });
}
