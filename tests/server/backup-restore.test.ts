/**
 * `npm run backup` and `npm run restore` of the embedded setup (src/server/ops/backup.ts): a data
 * directory the real app wrote (an order holding an uploaded file, a sign-in) comes back whole in an
 * empty folder: the order, the file's bytes, and the sign-in (its access token, refresh token and
 * the identity provider's session cookie). A folder that is not empty, or a database a server has
 * open, is refused and left as it was.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { openDatabase, type Database } from '../../src/server/db/open';
import { claimPglite, releasePglite } from '../../src/server/db/pglite-lock';
import { seed } from '../../src/server/demo/seed';
import { JOBS } from '../../src/server/job-registry';
import { registerOidc } from '../../src/server/oidc';
import { backup, BackupError, restore } from '../../src/server/ops/backup';
import { authorize, Browser, signIn, tokenRequest, type Tokens } from '../oidc/browser';
import { freePort } from '../oidc/harness';
import { fromTemplate } from './helpers/templates';
import { multipart, pdf } from './upload-helpers';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

let root: string;
let port: number;
let baseUrl: string;
let running: { app: FastifyInstance; database: Database } | null = null;

/** The embedded setup on `dataDir` (never DATABASE_URL: this is its backup), as main.ts composes it. */
const configOf = (dataDir: string): ServerConfig =>
  loadConfig({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });

async function startServer(dataDir: string) {
  const config = configOf(dataDir);
  const database = await openDatabase(config);
  const { db } = database;
  const app = await buildApp({ config, db, logger: false, identity: (server) => registerOidc(server, { db, config }) });
  await app.listen({ port, host: 'localhost' });
  running = { app, database };
}

async function stopServer() {
  if (!running) return;
  await running.app.close();
  await running.database.close();
  running = null;
}

const local = () => ({ baseUrl, clientId: 'shop-localhost', redirectUri: `${baseUrl}/redirect` });
const api = (token: string, url: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}/api${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
const listing = async (dir: string) => (await fs.readdir(dir, { recursive: true })).sort();

let dataDir: string;
let archive: string;
let browser: Browser;
let tokens: Tokens;
let orderId: string;
let file: { containerName: string; blobName: string };
const bytes = pdf('backup');

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-backup-test-'));
  port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = path.join(root, 'data');
  archive = path.join(root, 'backups', 'shop.tar.gz');
  // A seeded database: the run's PGlite template when there is one, else migrated and seeded here.
  const copied = !process.env.DATABASE_URL && await fromTemplate('seeded', { pgliteDir: path.join(dataDir, 'pglite') });
  if (!copied) {
    const database = await openDatabase(configOf(dataDir));
    await migrate(database, { jobs: JOBS });
    await seed(database.db, { demoOrders: false });
    await database.close();
  }

  await startServer(dataDir);
  browser = new Browser();
  tokens = await signIn(browser, { ...local(), email: 'buyer@demo.test', password: 'demo' });
  const { payload, headers } = multipart([{ name: 'file', filename: 'offerte.pdf', contentType: 'application/pdf', data: bytes }]);
  const uploaded = await api(tokens.access_token, '/upload?containerName=order-attachments', { method: 'POST', headers, body: new Uint8Array(payload) });
  expect(uploaded.status).toBe(200);
  file = await uploaded.json() as typeof file;
  const placed = await api(tokens.access_token, '/v2/orders', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'orderRequest', description: 'Een koffiemachine', attachment: { containerName: file.containerName, blobName: file.blobName } }),
  });
  expect(placed.status).toBe(200);
  orderId = ((await placed.json()) as { result: { id: string } }).result.id;
}, 120_000);

afterAll(async () => {
  await stopServer();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('backup of the embedded setup', () => {
  test('refuses while a server has the database open, and writes nothing', async () => {
    const refused = await backup(configOf(dataDir), archive).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/a server \(pid \d+ .*\) has the database in .* open.*Stop the server first/);
    await expect(fs.stat(archive)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  // A backup, a restore and a server started on what it restored (migrations, the provider's keys, the
  // search index): as long as the beforeAll's start and more, which a loaded machine took past 30 s.
  test('restores the order, its file and the sign-in into an empty folder', { timeout: 180_000 }, async () => {
    await stopServer();
    const manifest = await backup(configOf(dataDir), archive);
    expect(manifest).toMatchObject({ oidcKeyFile: true });
    expect(manifest.entries).toEqual(expect.arrayContaining(['blobs', 'oidc-key-encryption.key']));

    const restoredDir = path.join(root, 'restored');
    await restore(configOf(restoredDir), archive);
    await startServer(restoredDir);

    // The order, read with the access token issued before the backup: keys and session came back.
    const order = await api(tokens.access_token, `/v2/orders/${orderId}`);
    expect(order.status).toBe(200);
    const { result } = (await order.json()) as { result: { id: string; description: string; orderLines: { attachment: { blobName: string } | null }[] } };
    expect(result).toMatchObject({ id: orderId, description: 'Een koffiemachine' });
    expect(result.orderLines[0].attachment?.blobName).toBe(file.blobName);

    // The file the order holds, byte for byte.
    const download = await api(tokens.access_token, `/upload?containerName=${file.containerName}&blobName=${file.blobName}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);

    // The refresh token of the sign-in still gives new tokens, for the same user.
    const refreshed = await tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'shop-localhost' });
    expect(refreshed.status).toBe(200);
    const me = await api(refreshed.body.access_token, '/users/me');
    expect(((await me.json()) as { email: string }).email).toBe('buyer@demo.test');

    // The identity provider's session cookie still signs in without the form.
    const again = await authorize(browser, local());
    expect(again.location?.split('?')[0]).toBe(`${baseUrl}/redirect`);
    expect(new URL(again.location!).searchParams.get('code')).toBeTruthy();
  });

  test('a server does not open the database while a backup has it', async () => {
    const busy = path.join(root, 'busy');
    await claimPglite(busy, 'backup');
    try {
      await expect(openDatabase(configOf(busy))).rejects.toThrow(/cannot open the database: a backup \(pid \d+ .*\) has the database in/);
      expect(await fs.readdir(busy)).toEqual(['pglite.lock']);
    } finally {
      await releasePglite(busy);
    }
  });

  test('restore refuses a folder that is not empty, exits non-zero and changes nothing', async () => {
    const occupied = path.join(root, 'occupied');
    await fs.mkdir(path.join(occupied, 'blobs'), { recursive: true });
    await fs.writeFile(path.join(occupied, 'notes.txt'), 'mine');
    const before = await listing(occupied);

    const refused = await restore(configOf(occupied), archive).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/is not empty \(blobs, notes\.txt\): restore only into an empty folder/);

    // The script as an operator runs it: the message, and a failing exit status.
    const script = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/restore.ts', archive], {
      cwd: ROOT, env: { ...process.env, DATA_DIR: occupied, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '' },
    }).then(() => null, (err: { code: number; stderr: string }) => err);
    expect(script?.code).toBe(1);
    expect(script?.stderr).toMatch(/is not empty .*restore only into an empty folder/);

    expect(await listing(occupied)).toEqual(before);
    expect(await fs.readFile(path.join(occupied, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
