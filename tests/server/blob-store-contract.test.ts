import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { AzureBlobStore } from '../../src/server/storage/azure-blob-store';
import { newBlobName, type BlobKey, type BlobStore, type NewBlobMeta } from '../../src/server/storage/blob-store';
import { blobStoreFor } from '../../src/server/storage/configured-store';
import { FILE_KINDS } from '../../src/server/storage/file-types';
import { LocalBlobStore } from '../../src/server/storage/local-blob-store';
import { uploadCheck } from '../../src/server/storage/upload-check';
import { ApiError } from '../../src/server/errors';
import { startAzurite, type Azurite } from './helpers/azurite';

/**
 * The BlobStore contract (src/server/storage/blob-store.ts), run against both implementations: the
 * data folder (LocalBlobStore) and Azure Blob Storage (AzureBlobStore on an Azurite started for this
 * file). Both must keep bytes and metadata (a non-ASCII file name included), answer null/false for
 * what is not there, leave nothing behind when the source fails or the store itself fails, and keep
 * tenants apart.
 */

interface Harness {
  store: BlobStore;
  /** Every blob the store keeps in the container for the tenant, as a reader could find it (names). */
  stored(tenantId: string, containerName: string): Promise<string[]>;
  /** Makes writes into the container fail on the store's side (after the store has seen it work). */
  breakContainer(tenantId: string, containerName: string): Promise<void>;
}

const tenantA = randomUUID();
const tenantB = randomUUID();
const meta = (over: Partial<NewBlobMeta> = {}): NewBlobMeta => ({ fileName: 'offer.pdf', contentType: 'application/pdf', uploadedBy: randomUUID(), customerId: randomUUID(), ...over });
const key = (over: Partial<BlobKey> = {}): BlobKey => ({ tenantId: tenantA, containerName: 'order-conversation', blobName: newBlobName(), ...over });

/** What read answers as metadata; its body is closed unread. */
async function readMeta(store: BlobStore, k: BlobKey) {
  const found = await store.read(k);
  found?.body.destroy();
  return found?.meta ?? null;
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** A source that yields `bytes` in 16 KiB chunks, then fails with `error`. */
function failingSource(bytes: number, error: Error): Readable {
  async function* gen() {
    for (let sent = 0; sent < bytes; sent += 16 * 1024) yield Buffer.alloc(Math.min(16 * 1024, bytes - sent), 0x41);
    throw error;
  }
  return Readable.from(gen(), { objectMode: false });
}

/** What the Azure store uses as one block in this file: small, so a few hundred KB take several blocks. */
const BLOCK = 64 * 1024;

function contract(name: string, setup: () => Harness) {
  describe(name, () => {
    let h: Harness;
    beforeAll(() => { h = setup(); });

    test('put, stat, read and remove: bytes and metadata come back as written; then it is gone', async () => {
      const k = key();
      const bytes = randomBytes(300 * 1024); // several blocks on Azure
      const m = meta();
      const before = Date.now();
      const put = await h.store.put(k, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), m);
      expect(put).toEqual({ ...m, containerName: k.containerName, blobName: k.blobName, size: bytes.length, createdAt: expect.any(String) });
      expect(Date.parse(put.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(await h.store.stat(k)).toEqual(put);
      expect(await readMeta(h.store, k)).toEqual(put);
      expect((await bytesOf((await h.store.read(k))!.body)).equals(bytes)).toBe(true);
      expect(await h.stored(tenantA, k.containerName)).toContain(k.blobName);

      expect(await h.store.remove(k)).toBe(true);
      expect(await h.store.stat(k)).toBeNull();
      expect(await h.store.read(k)).toBeNull();
      expect(await h.store.remove(k)).toBe(false);
      expect(await h.stored(tenantA, k.containerName)).not.toContain(k.blobName);
    });

    test('a small file (one chunk, under a block) and an empty one round trip', async () => {
      const small = key();
      expect((await h.store.put(small, Readable.from([Buffer.from('%PDF-1.4 small')]), meta())).size).toBe(14);
      expect((await bytesOf((await h.store.read(small))!.body)).toString()).toBe('%PDF-1.4 small');
      const empty = key();
      expect((await h.store.put(empty, Readable.from([]), meta())).size).toBe(0);
      expect((await h.store.stat(empty))?.size).toBe(0);
    });

    test('a blob that was never written, also in a container never used: stat and read null, remove false', async () => {
      for (const k of [key(), key({ containerName: 'never-used-box' })]) {
        expect(await h.store.stat(k)).toBeNull();
        expect(await h.store.read(k)).toBeNull();
        expect(await h.store.remove(k)).toBe(false);
      }
    });

    test('the metadata round trip keeps a non-ASCII file name exactly, and a missing customer as null', async () => {
      const names = ['Offerte café – Zürich 東京 (v2) 100% ✓.pdf', "l'été \"devis\" ; a=b.pdf", 'Ελληνικά  spaces  .pdf'];
      for (const fileName of names) {
        const k = key();
        const m = meta({ fileName, customerId: null, contentType: 'image/png' });
        await h.store.put(k, Readable.from([Buffer.from('x')]), m);
        expect(await h.store.stat(k)).toMatchObject({ ...m, size: 1 });
        expect(await readMeta(h.store, k)).toMatchObject({ fileName, customerId: null, contentType: 'image/png' });
      }
    });

    test("a source that fails (after several blocks) stores nothing, and put throws the source's own error", async () => {
      const k = key();
      const gone = new Error('client went away');
      await expect(h.store.put(k, failingSource(5 * BLOCK + 100, gone), meta())).rejects.toBe(gone);
      expect(await h.store.stat(k)).toBeNull();
      expect(await h.store.read(k)).toBeNull();
      expect(await h.stored(tenantA, k.containerName)).not.toContain(k.blobName);
    });

    test("a source that fails before its first byte (while the store gets ready) makes put throw the source's error", async () => {
      const k = key({ containerName: 'early-box' });
      const source = new PassThrough();
      const early = new Error('refused at once');
      const put = h.store.put(k, source, meta());
      source.destroy(early);
      await expect(put).rejects.toBe(early);
      expect(await h.store.stat(k)).toBeNull();
    });

    test('a file refused while it streams (the size check) stores nothing; put throws the refusal', async () => {
      const k = key();
      const max = 3 * BLOCK;
      async function* big() {
        yield Buffer.from('%PDF-1.7\n');
        for (let i = 0; i < 10; i++) yield Buffer.alloc(BLOCK, 0x20);
      }
      const checked = uploadCheck(FILE_KINDS.pdf, max);
      const [put, fed] = await Promise.allSettled([h.store.put(k, checked, meta()), pipeline(Readable.from(big()), checked)]);
      expect(fed.status).toBe('rejected');
      expect(put.status).toBe('rejected');
      const reason = (put as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).errorCode).toBe('FileTooLarge');
      expect(await h.store.stat(k)).toBeNull();
      expect(await h.stored(tenantA, k.containerName)).not.toContain(k.blobName);
    });

    test('a source destroyed without an error (no end) makes put fail, not hang, and stores nothing', async () => {
      const k = key();
      const source = new PassThrough();
      const put = h.store.put(k, source, meta());
      source.write(Buffer.alloc(2 * BLOCK + 10, 0x42));
      setTimeout(() => source.destroy(), 50);
      await expect(put).rejects.toThrow();
      expect(await h.store.stat(k)).toBeNull();
      expect(await h.stored(tenantA, k.containerName)).not.toContain(k.blobName);
    });

    test("a failure of the store itself rejects put and destroys the source, so whoever feeds it stops", async () => {
      const containerName = 'broken-box';
      await h.breakContainer(tenantA, containerName);
      const k = key({ containerName });
      const source = new PassThrough();
      const put = h.store.put(k, source, meta());
      // More than a block, never ended: only the store's failure can settle this.
      source.write(Buffer.alloc(2 * BLOCK + 10, 0x43));
      await expect(put).rejects.toThrow();
      expect(source.destroyed).toBe(true);
    });

    test('tenants are kept apart: the same container and blob name hold each tenant its own file', async () => {
      const blobName = newBlobName();
      const a = key({ tenantId: tenantA, blobName });
      const b = key({ tenantId: tenantB, blobName });
      await h.store.put(a, Readable.from([Buffer.from('of tenant A')]), meta({ fileName: 'a.txt' }));
      expect(await h.store.stat(b)).toBeNull();
      expect(await h.store.read(b)).toBeNull();
      expect(await h.store.remove(b)).toBe(false);
      await h.store.put(b, Readable.from([Buffer.from('of tenant B!')]), meta({ fileName: 'b.txt' }));
      expect((await bytesOf((await h.store.read(a))!.body)).toString()).toBe('of tenant A');
      expect((await bytesOf((await h.store.read(b))!.body)).toString()).toBe('of tenant B!');
      expect((await h.store.stat(b))?.fileName).toBe('b.txt');
      expect(await h.store.remove(a)).toBe(true);
      expect(await h.store.stat(a)).toBeNull();
      expect((await h.store.stat(b))?.size).toBe(12);
      expect(await h.stored(tenantB, 'order-conversation')).toContain(blobName);
      expect(await h.stored(tenantA, 'order-conversation')).not.toContain(blobName);
      // The tenant id's case does not open another space.
      expect((await h.store.stat({ ...b, tenantId: tenantB.toUpperCase() }))?.fileName).toBe('b.txt');
    });

    test('a key that is not one (a path in the blob name, a foreign tenant id, a bad container) is refused before it reaches the store', async () => {
      const bad: BlobKey[] = [
        key({ blobName: `../${tenantB}/${newBlobName()}` }),
        key({ blobName: 'x' }),
        key({ tenantId: `${tenantB}/..` }),
        key({ tenantId: '' }),
        key({ containerName: '../order-conversation' }),
        key({ containerName: 'Order_Conversation' }),
      ];
      for (const k of bad) {
        await expect(h.store.stat(k)).rejects.toThrow(/Not a blob key/);
        await expect(h.store.read(k)).rejects.toThrow(/Not a blob key/);
        await expect(h.store.remove(k)).rejects.toThrow(/Not a blob key/);
        await expect(h.store.put(k, Readable.from([Buffer.from('x')]), meta())).rejects.toThrow(/Not a blob key/);
      }
    });
  });
}

// ---- the data folder ----

let tmp: string;
beforeAll(async () => { tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-blobs-')); });
afterAll(async () => { if (tmp) await fs.rm(tmp, { recursive: true, force: true }); });

contract('LocalBlobStore (the data folder)', () => {
  const root = path.join(tmp, 'blobs');
  return {
    store: new LocalBlobStore(root),
    // Everything in the folder, half-written files and metadata included.
    stored: async (tenantId, containerName) => fs.readdir(path.join(root, tenantId, containerName)).catch(() => []),
    async breakContainer(tenantId, containerName) {
      // A file where the container's folder would go: the store cannot write there.
      await fs.mkdir(path.join(root, tenantId), { recursive: true });
      await fs.writeFile(path.join(root, tenantId, containerName), 'in the way');
    },
  };
});

// ---- Azure Blob Storage, on Azurite ----

let azurite: Azurite;
let service: BlobServiceClient;
beforeAll(async () => {
  azurite = await startAzurite();
  service = BlobServiceClient.fromConnectionString(azurite.connectionString);
});
afterAll(async () => { await azurite?.stop(); });

/** Blob names under the tenant's prefix, uncommitted ones (staged blocks) included. */
async function azureNames(tenantId: string, containerName: string): Promise<string[]> {
  const container = service.getContainerClient(containerName);
  if (!(await container.exists())) return [];
  const names: string[] = [];
  for await (const b of container.listBlobsFlat({ prefix: `${tenantId}/`, includeUncommitedBlobs: true })) names.push(b.name.slice(tenantId.length + 1));
  return names;
}

contract('AzureBlobStore (Azurite)', () => {
  const store = new AzureBlobStore(azurite.connectionString, { blockBytes: BLOCK, pipeline: { retryOptions: { maxTries: 1 } } });
  return {
    store,
    stored: azureNames,
    async breakContainer(tenantId, containerName) {
      // The store has created the container and remembers it; then someone deletes it.
      await store.put(key({ tenantId, containerName }), Readable.from([Buffer.from('x')]), meta());
      await service.getContainerClient(containerName).delete();
    },
  };
});

describe('AzureBlobStore on Azure itself', () => {
  test('one Azure container per container of the allow-list, the tenant id as the folder, the metadata and headers a direct download needs', async () => {
    const store = new AzureBlobStore(azurite.connectionString);
    const k = key({ containerName: 'order-attachments' });
    await store.put(k, Readable.from([Buffer.from('%PDF-1.4')]), meta({ fileName: 'Café.pdf', customerId: null }));
    const props = await service.getContainerClient('order-attachments').getBlobClient(`${tenantA}/${k.blobName}`).getProperties();
    expect(props.contentType).toBe('application/pdf');
    expect(props.contentDisposition).toBe(`attachment; filename="Caf_.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`);
    expect(props.metadata).toEqual({ filename: 'Caf%C3%A9.pdf', uploadedby: expect.any(String), createdat: expect.any(String) });
  });

  test('a container deleted behind its back is created again by the next put', async () => {
    const store = new AzureBlobStore(azurite.connectionString, { blockBytes: BLOCK, pipeline: { retryOptions: { maxTries: 1 } } });
    const containerName = 'recreated-box';
    await store.put(key({ containerName }), Readable.from([Buffer.from('first')]), meta());
    await service.getContainerClient(containerName).delete();
    await expect(store.put(key({ containerName }), Readable.from([Buffer.from('lost')]), meta())).rejects.toThrow('Azure Blob Storage: put failed (404 ContainerNotFound)');
    const k = key({ containerName });
    await store.put(k, Readable.from([Buffer.from('again')]), meta());
    expect((await store.stat(k))?.size).toBe(5);
  });

  test('a blob this store did not write (no file name or uploader in its metadata) is not served', async () => {
    const store = new AzureBlobStore(azurite.connectionString);
    const k = key({ containerName: 'foreign-box' });
    const container = service.getContainerClient('foreign-box');
    await container.createIfNotExists();
    await container.getBlockBlobClient(`${tenantA}/${k.blobName}`).upload('dropped here by hand', 20);
    expect(await store.stat(k)).toBeNull();
    expect(await store.read(k)).toBeNull();
  });

  test('the configuration chooses: a connection string means Azure, none the data folder', () => {
    expect(loadConfig({ AZURE_STORAGE_CONNECTION_STRING: ` ${azurite.connectionString} ` }).azureStorageConnectionString).toBe(azurite.connectionString);
    expect(loadConfig({ AZURE_STORAGE_CONNECTION_STRING: '' }).azureStorageConnectionString).toBeUndefined();
    expect(blobStoreFor({ dataDir: tmp, azureStorageConnectionString: azurite.connectionString })).toBeInstanceOf(AzureBlobStore);
    expect(blobStoreFor({ dataDir: tmp, azureStorageConnectionString: undefined })).toBeInstanceOf(LocalBlobStore);
  });
});
