/**
 * The e-invoice inbox: a folder where UBL invoices arrive as files (from a Peppol access point, a
 * mail gateway or a person), read by the `invoices.inbox` job. Each file is claimed by renaming it
 * into `processing/` (a rename is atomic, so with several server processes one of them gets it),
 * booked, and moved to `done/`, or to `refused/` with a `<file>.reason.json` saying why: once, never
 * read again. A file whose booking failed unexpectedly (the database away), or that was left in
 * `processing/` by a process that died, is claimed again once its claim is older than STALE_MS, at most
 * MAX_ATTEMPTS times in all; then it is refused too (`internalError`), so no file is tried for ever.
 * Booking a file twice is refused as a duplicate (the same supplier's invoice number), so nothing is
 * booked twice.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const INBOX_FOLDERS = { processing: 'processing', done: 'done', refused: 'refused' } as const;
/** A claimed file untouched this long belonged to a process that stopped. */
export const STALE_MS = 15 * 60_000;
/** How many files one run takes at most: a run stays short, the next one goes on. */
export const BATCH = 200;
/** How many times a file is tried before it is refused: a failure that lasts is not waited out for ever. */
export const MAX_ATTEMPTS = 3;

export type IngestOutcome = { booked: true; invoiceId: string } | { booked: false; errorCode: string; message: string; details?: unknown };

export interface InboxRun {
  booked: { file: string; invoiceId: string }[];
  refused: { file: string; errorCode: string; message: string }[];
  /** Files whose booking failed unexpectedly, left claimed for a later run (attempt: how many times tried). */
  failed: { file: string; attempt: number; message: string }[];
}

const isInvoiceFile = (name: string) => /\.xml$/i.test(name) && !name.startsWith('.');

/** A name not yet used in `folder`: `name`, else `name` with a time stamp before the extension. */
async function freeName(folder: string, name: string): Promise<string> {
  const taken = await stat(join(folder, name)).then(() => true, () => false);
  return taken ? name.replace(/(\.[^.]*)?$/, (ext) => `.${Date.now()}${ext}`) : name;
}

/** Renames `from` to `to`; false when another process took the file first. */
async function claim(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * One pass over the inbox `dir`: every new file (and every stale claimed one) is read and handed to
 * `ingest`; what it answers decides where the file goes. `ingest` throwing (a database that went away)
 * leaves the file claimed, for a later run, until its MAX_ATTEMPTS-th time: then it is refused.
 */
export async function processInbox(dir: string, ingest: (xml: Buffer, fileName: string) => Promise<IngestOutcome>, now = Date.now()): Promise<InboxRun> {
  const folders = Object.fromEntries(Object.entries(INBOX_FOLDERS).map(([k, v]) => [k, join(dir, v)])) as Record<keyof typeof INBOX_FOLDERS, string>;
  await Promise.all(Object.values(folders).map((f) => mkdir(f, { recursive: true })));
  const run: InboxRun = { booked: [], refused: [], failed: [] };

  // A claimed file is named `<claim time>~try<attempt>~<name>`: its claim's age and how many times it
  // was tried are in its name, not in its file times (claims of earlier versions, without the attempt, were the first).
  const claimed: { path: string; name: string; attempt: number }[] = [];
  const claimAs = async (from: string, name: string, attempt: number) => {
    const path = join(folders.processing, `${now}~try${attempt}~${name}`);
    if (await claim(from, path)) claimed.push({ path, name, attempt });
  };
  const fresh = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && isInvoiceFile(e.name)).map((e) => e.name);
  for (const name of fresh.sort().slice(0, BATCH)) await claimAs(join(dir, name), name, 1);
  // Files a process claimed and never finished: claimed again under a new claim time, by one process only.
  for (const entry of (await readdir(folders.processing)).sort()) {
    if (claimed.length >= BATCH) break;
    const match = /^(\d+)~(?:try(\d+)~)?(.+)$/.exec(entry);
    if (!match || !isInvoiceFile(match[3]!) || now - Number(match[1]) < STALE_MS) continue;
    await claimAs(join(folders.processing, entry), match[3]!, Number(match[2] ?? 1) + 1);
  }

  const refuse = async (path: string, name: string, outcome: Extract<IngestOutcome, { booked: false }>) => {
    const target = await freeName(folders.refused, name);
    await writeFile(join(folders.refused, `${target}.reason.json`), `${JSON.stringify({ errorCode: outcome.errorCode, message: outcome.message, details: outcome.details ?? null }, null, 2)}\n`);
    await rename(path, join(folders.refused, target));
    run.refused.push({ file: name, errorCode: outcome.errorCode, message: outcome.message });
  };
  for (const { path, name, attempt } of claimed) {
    if (attempt > MAX_ATTEMPTS) {
      // Its last attempt never finished (the process stopped while reading it): not tried again.
      await refuse(path, name, { booked: false, errorCode: 'internalError', message: `Reading this file did not finish in ${MAX_ATTEMPTS} attempts.` });
      continue;
    }
    let outcome: IngestOutcome;
    try {
      outcome = await ingest(await readFile(path), name);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt < MAX_ATTEMPTS) {
        run.failed.push({ file: name, attempt, message });
        continue;
      }
      outcome = { booked: false, errorCode: 'internalError', message: `Booking failed ${attempt} times; the last time: ${message}`.slice(0, 2000) };
    }
    if (outcome.booked) {
      await rename(path, join(folders.done, await freeName(folders.done, name)));
      run.booked.push({ file: name, invoiceId: outcome.invoiceId });
    } else {
      await refuse(path, name, outcome);
    }
  }
  return run;
}
