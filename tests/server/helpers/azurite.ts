import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Azurite's blob service for a test file: started on a free port in a temp dir, stopped (and the dir
 * removed) by `stop`. Flags as STACK.md says: the SDK's API version is newer than Azurite's
 * (--skipApiVersionCheck), and no telemetry leaves the machine (--disableTelemetry).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(root, 'node_modules/.bin/azurite-blob');

/** Azurite's development account and its published, well-known key (not a secret). */
export const DEV_ACCOUNT = 'devstoreaccount1';
export const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  port: number;
  /** What AZURE_STORAGE_CONNECTION_STRING would hold for this Azurite. */
  connectionString: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => { clearTimeout(force); resolve(); });
    child.kill('SIGTERM');
  });
}

/** Waits for Azurite's "listening" line; rejects when it exits first or takes longer than `ms`. */
function listening(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Azurite did not listen within ${ms} ms:\n${output}`)), ms);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/successfully listens/i.test(output)) { done(); resolve(); }
    };
    const onExit = (code: number | null) => fail(new Error(`Azurite exited (${code}) before listening:\n${output}`));
    function done() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(err: Error) { done(); reject(err); }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startAzurite(): Promise<Azurite> {
  const location = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-azurite-'));
  let lastError: unknown;
  // A free port may be taken between finding it and Azurite binding it: try another one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawn(BIN, ['--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', location, '--skipApiVersionCheck', '--disableTelemetry', '--silent'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await listening(child, 30_000);
    } catch (err) {
      lastError = err;
      await stopChild(child);
      continue;
    }
    // Keep draining its output so a chatty Azurite never blocks on a full pipe.
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      port,
      connectionString: `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`,
      async stop() {
        await stopChild(child);
        await fs.rm(location, { recursive: true, force: true });
      },
    };
  }
  await fs.rm(location, { recursive: true, force: true });
  throw lastError;
}
