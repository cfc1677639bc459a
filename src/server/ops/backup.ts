import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { ServerConfig } from '../config';
import { KEY_FILE } from '../oidc/key-encryption';
import { claimPglite, describeHolder, PGLITE_LOCK_FILE, pgliteHolder, releasePglite } from '../db/pglite-lock';

/**
 * Backup and restore of the embedded default setup (`npm run backup`, `npm run restore <archive>`;
 * docs/operations.md, Backups): one gzipped tar of everything the server keeps in DATA_DIR:
 * - `pglite.tar`: the PGlite database, as PGlite's own dumpDataDir() writes it (orders, users, the
 *   identity provider's signing keys, sessions and refresh tokens, the job queue, the search index);
 * - `blobs/`: the uploaded and generated files the database's rows name (LocalBlobStore);
 * - `oidc-key-encryption.key`: the key the signing keys in the database are encrypted with, when
 *   OIDC_KEY_ENCRYPTION_KEY is not set; without it a restored server could not read its own keys
 *   and every sign-in session would end;
 * - `outbox/` (the raw messages of the mail outbox) and `invoice-inbox/` (UBL files waiting to be
 *   booked, and the booked and refused ones): records nothing else holds;
 * - `manifest.json`: what the archive is.
 * Left out: `pglite.lock` and the temporary files of writes that did not finish (`*.partial`, `*.tmp`).
 *
 * Consistency: the backup runs against a stopped server only. It refuses while a server has the
 * database open (pglite.lock), and a server refuses to start while it runs. With no server, nothing
 * writes the database or the files, so the archive's rows and files are of one moment.
 */

export const BACKUP_FORMAT = 'procurement-shop-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const DATABASE_DUMP = 'pglite.tar';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** PGlite's PostgreSQL version that wrote the dump: a restore needs one of the same major version. */
  postgres: string;
  /** Whether the identity provider's key-encryption key file is in the archive (else: OIDC_KEY_ENCRYPTION_KEY). */
  oidcKeyFile: boolean;
  /** The data directory's entries besides the database (blobs, outbox, …). */
  entries: string[];
}

/** A refusal or failure the scripts show as it is, exiting non-zero. */
export class BackupError extends Error {}

type BackupConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'azureStorageConnectionString'>;

/** Files of writes that did not finish: never named by a row, never complete. */
const unfinished = (file: string) => /\.partial(\.json)?$|\.tmp$/.test(file);

function embeddedOnly(config: BackupConfig, what: 'backup' | 'restore') {
  if (config.databaseUrl || config.azureStorageConnectionString) {
    const set = [config.databaseUrl && 'DATABASE_URL', config.azureStorageConnectionString && 'AZURE_STORAGE_CONNECTION_STRING'].filter(Boolean).join(' and ');
    throw new BackupError(`npm run ${what} is for the embedded setup (PGlite and files in DATA_DIR), but ${set} is set: `
      + 'back up PostgreSQL and Azure Blob Storage with their own tools (docs/operations.md, Backups).');
  }
}

async function refuseWhileHeld(dataDir: string, what: 'back up' | 'restore') {
  const holder = await pgliteHolder(dataDir);
  if (holder) throw new BackupError(`Cannot ${what} now: ${describeHolder(holder, dataDir)}. Stop the server first.`);
}

const exists = (p: string) => fs.stat(p).then(() => true, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? false : Promise.reject(err)));

/** The default archive name: `backups/shop-<UTC time>.tar.gz` under the current directory. */
export const defaultArchivePath = (now = new Date()) =>
  path.resolve('backups', `shop-${now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z')}.tar.gz`);

/**
 * Writes one archive of the data directory to `archive` (a new file; written under a temporary name
 * and renamed, so a failed backup leaves no archive that looks whole).
 */
export async function backup(config: BackupConfig, archive: string): Promise<BackupManifest> {
  embeddedOnly(config, 'backup');
  const dataDir = path.resolve(config.dataDir);
  const target = path.resolve(archive);
  if (!(await exists(path.join(dataDir, 'pglite', 'PG_VERSION')))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (no pglite/ folder): check DATA_DIR.`);
  }
  if (target === dataDir || target.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupError(`Write the archive outside DATA_DIR (${dataDir}): the next backup would hold this one.`);
  }
  if (await exists(target)) throw new BackupError(`${target} exists already: name a new file.`);
  await refuseWhileHeld(dataDir, 'back up');

  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  const partial = `${target}.partial`;
  await claimPglite(dataDir, 'backup');
  try {
    // PGlite's own dump, taken from an open instance: a consistent copy even of a directory a crashed
    // server left (opening it replays the write-ahead log), in the format loadDataDir reads back.
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    let postgres: string;
    try {
      postgres = (await db.query<{ server_version: string }>('show server_version')).rows[0].server_version;
      const dump = await db.dumpDataDir('none');
      await fs.writeFile(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    const entries = (await fs.readdir(dataDir)).filter((e) => !['pglite', PGLITE_LOCK_FILE, MANIFEST, DATABASE_DUMP].includes(e) && !unfinished(e)).sort();
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), postgres,
      oidcKeyFile: entries.includes(KEY_FILE), entries,
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The manifest and the dump first (a small tar added by reference), then the data directory's files.
    const head = path.join(staging, 'head.tar');
    await tar.c({ cwd: staging, file: head, portable: true }, [MANIFEST, DATABASE_DUMP]);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await tar.c({
      cwd: dataDir, file: partial, gzip: true, portable: true,
      // A folder of DATA_DIR that is a link to another disk is backed up as what it points to.
      follow: true,
      filter: (p) => !unfinished(path.basename(p)),
    }, [`@${head}`, ...entries]);
    await fs.rename(partial, target);
    return manifest;
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    await releasePglite(dataDir);
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Brings an archive of backup() back into `config.dataDir`, which must be empty or missing: nothing
 * that is there is ever overwritten. A restore that fails empties the folder again.
 */
export async function restore(config: BackupConfig, archive: string): Promise<BackupManifest> {
  embeddedOnly(config, 'restore');
  const dataDir = path.resolve(config.dataDir);
  const source = path.resolve(archive);
  if (!(await exists(source))) throw new BackupError(`There is no archive ${source}.`);
  const present = await fs.readdir(dataDir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
  if (present.length) {
    const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ', …' : '');
    throw new BackupError(`DATA_DIR ${dataDir} is not empty (${shown}): restore only into an empty folder, so that nothing `
      + 'is overwritten. Move the current data away (or point DATA_DIR at a new folder) and run the restore again.');
  }
  await claimPglite(dataDir, 'restore');
  try {
    await tar.x({ file: source, cwd: dataDir, strict: true, filter: (p) => path.normalize(p) !== PGLITE_LOCK_FILE });
    const manifest = await fs.readFile(path.join(dataDir, MANIFEST), 'utf8').then((t) => JSON.parse(t) as BackupManifest).catch(() => null);
    if (manifest?.format !== BACKUP_FORMAT || !(await exists(path.join(dataDir, DATABASE_DUMP)))) {
      throw new BackupError(`${source} is not an archive of npm run backup.`);
    }
    if (manifest.version > BACKUP_VERSION) {
      throw new BackupError(`${source} is a backup of format ${manifest.version}; this version of the shop reads format ${BACKUP_VERSION} and older.`);
    }
    const dump = await fs.readFile(path.join(dataDir, DATABASE_DUMP));
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([dump]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    await fs.rm(path.join(dataDir, DATABASE_DUMP));
    await fs.rm(path.join(dataDir, MANIFEST));
    await releasePglite(dataDir);
    return manifest;
  } catch (err) {
    // Back to the empty folder it was.
    for (const entry of await fs.readdir(dataDir).catch(() => [])) await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
}
