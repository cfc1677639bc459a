import { readdir } from 'node:fs/promises';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startAzurite, type Azurite } from './helpers/azurite';
import { startTestApp, type TestApp } from './helpers/test-app';
import { uploadRoutesSuite } from './upload-routes-suite';
import { pdf, upload, type Uploaded } from './upload-helpers';

/**
 * Files on Azure Blob Storage: the app configured with AZURE_STORAGE_CONNECTION_STRING (an Azurite
 * started for this file) answers the /upload calls exactly as on the data folder
 * (upload-routes-suite.ts), keeps a file as the blob `<container>/<tenant id>/<blob name>` with its
 * type, download name and metadata, and answers a failure of the storage service as the server's
 * (500), not as a bad file.
 */

let azurite: Azurite;
let service: BlobServiceClient;
let t: TestApp;

beforeAll(async () => {
  azurite = await startAzurite();
  service = BlobServiceClient.fromConnectionString(azurite.connectionString);
  t = await startTestApp({ config: { azureStorageConnectionString: azurite.connectionString } });
});
afterAll(async () => {
  await t?.close();
  await azurite?.stop();
});

/** Blob names under the tenant's folder of order-conversation, uncommitted ones (staged blocks) included. */
async function stored(tenantId: string): Promise<string[]> {
  const container = service.getContainerClient('order-conversation');
  if (!(await container.exists())) return [];
  const names: string[] = [];
  for await (const b of container.listBlobsFlat({ prefix: `${tenantId}/`, includeUncommitedBlobs: true })) names.push(b.name.slice(tenantId.length + 1));
  return names;
}

describe('the /upload calls on Azure Blob Storage', () => {
  uploadRoutesSuite({ app: () => t, stored: (_t, tenantId) => stored(tenantId) });
});

describe('Azure Blob Storage', () => {
  test('an upload is the blob <container>/<tenant id>/<blob name> with its type, download name and metadata; nothing goes to the data folder', async () => {
    const tenantId = await t.tenantId();
    const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'Offerte café.pdf', data: pdf(), type: 'application/pdf' }));
    const props = await service.getContainerClient('order-conversation').getBlobClient(`${tenantId}/${up.blobName}`).getProperties();
    expect(props.contentType).toBe('application/pdf');
    expect(props.contentLength).toBe(up.size);
    expect(props.contentDisposition).toBe(`attachment; filename="Offerte caf_.pdf"; filename*=UTF-8''Offerte%20caf%C3%A9.pdf`);
    expect(props.metadata).toMatchObject({ filename: 'Offerte%20caf%C3%A9.pdf', uploadedby: await t.userId('buyer@demo.test') });
    expect(await readdir(t.testDb.config.dataDir)).not.toContain('blobs');
  });

  test("the storage service failing is the server's error (500), not the file's; the next upload works again", async () => {
    const container = service.getContainerClient('order-conversation');
    ok(await upload(t, 'buyer@demo.test', { name: 'eerst.pdf', data: pdf() }));
    // Someone removes the container behind the server's back: the store still thinks it exists.
    await container.delete();
    fails(await upload(t, 'buyer@demo.test', { name: 'kwijt.pdf', data: pdf() }), 500, 'internalError');
    // The store forgot the container it had made: the next upload makes it again.
    ok(await upload(t, 'buyer@demo.test', { name: 'weer.pdf', data: pdf('weer') }));
    // A file of several blocks fails while it streams in: answered, not left waiting on the request.
    await container.delete();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    fails(await upload(t, 'buyer@demo.test', { name: 'groot.pdf', data: big }), 500, 'internalError');
    const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'weer.pdf', data: pdf('weer') }));
    expect((await t.call('GET', '/api/upload', { as: 'buyer@demo.test', query: { containerName: 'order-conversation', blobName: up.blobName } })).statusCode).toBe(200);
  });
});
