import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { uploadRoutesSuite } from './upload-routes-suite';
import { pdf, upload, type Uploaded } from './upload-helpers';

/**
 * Files on the embedded default, the data folder: the /upload calls as every store must answer them
 * (upload-routes-suite.ts: limits while streaming, content checks, nothing kept on refusal, downloads,
 * isolation), and where the folder keeps a file — DATA_DIR/blobs/<tenant>/<container>/<blob name>
 * with its metadata beside it.
 */

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const containerDir = (tenantId: string) => path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'order-conversation');

describe('the /upload calls on the data folder', () => {
  uploadRoutesSuite({
    app: () => t,
    // Every file in the container's folder (blobs, metadata and anything half-written).
    stored: async (_t, tenantId) => fs.readdir(containerDir(tenantId)).catch(() => [] as string[]),
  });
});

describe('the data folder', () => {
  test('the file and its metadata are in the data folder under the tenant and the container', async () => {
    const bytes = pdf('ronde');
    const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'Offerte café 2026.pdf', data: bytes, type: 'application/pdf' }));
    const dir = containerDir(await t.tenantId());
    expect(await fs.readFile(path.join(dir, up.blobName))).toEqual(bytes);
    expect(JSON.parse(await fs.readFile(path.join(dir, `${up.blobName}.json`), 'utf8'))).toMatchObject({ fileName: 'Offerte café 2026.pdf', contentType: 'application/pdf', size: bytes.length });
  });
});
