import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Who has the embedded PGlite database of a data directory open: a file `${dataDir}/pglite.lock`
 * naming the process. PGlite itself takes no lock, and two processes on one PGlite directory
 * corrupt it; so the backup and restore scripts (src/server/ops/backup.ts) refuse while a server
 * has it open, and a server refuses to start while a backup or restore has it.
 *
 * A server does not refuse another server's lock: after a crash the file stays behind, and in a
 * container the restarted server may find its own old pid taken by another process (a false
 * "running"), which must not keep production from starting. A backup's lock lives seconds.
 */

export const PGLITE_LOCK_FILE = 'pglite.lock';

export type LockHolderRole = 'server' | 'backup' | 'restore';

export interface LockHolder {
  role: LockHolderRole;
  pid: number;
  hostname: string;
  since: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, PGLITE_LOCK_FILE);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, it is another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The process that holds the data directory's database, or null when none does (no file, or the
 * file of a process of this host that is gone). A holder on another host (a shared volume) cannot
 * be checked and counts as holding it.
 */
export async function pgliteHolder(dataDir: string): Promise<LockHolder | null> {
  let text: string;
  try {
    text = await fs.readFile(lockPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
  } catch {
    return null; // a half-written file of a process that died while writing it
  }
  if (holder.hostname === os.hostname() && !alive(holder.pid)) return null;
  return holder;
}

/** Names this process as the holder of the data directory's database. */
export async function claimPglite(dataDir: string, role: LockHolderRole): Promise<void> {
  const holder: LockHolder = { role, pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() };
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(lockPath(dataDir), `${JSON.stringify(holder)}\n`);
}

/** Removes the file if this process wrote it (a later holder's file stays). */
export async function releasePglite(dataDir: string): Promise<void> {
  const holder = await pgliteHolder(dataDir).catch(() => null);
  if (holder && (holder.pid !== process.pid || holder.hostname !== os.hostname())) return;
  await fs.rm(lockPath(dataDir), { force: true });
}

/** How a holder is named in the refusals. */
export function describeHolder(holder: LockHolder, dataDir: string): string {
  const who = holder.role === 'server' ? 'a server' : `a ${holder.role}`;
  return `${who} (pid ${holder.pid} on ${holder.hostname}, since ${holder.since}) has the database in ${dataDir} open`
    + ` (${lockPath(dataDir)}; if no such process runs any more, remove that file)`;
}
