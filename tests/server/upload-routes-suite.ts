import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model/catalogue/constants';
import { fails, ok } from './helpers/expect';
import type { TestApp } from './helpers/test-app';
import { docx, multipart, pdf, png, upload, xlsx, zip, type Uploaded } from './upload-helpers';

/**
 * The /upload calls (flows §7 POST /upload?containerName, GET and DELETE
 * /upload?containerName&blobName) as a client sees them, whichever blob store the app is configured
 * with: uploads.test.ts runs them on the data folder, uploads-azure.test.ts on Azure Blob Storage
 * (Azurite). One file per upload into a container of the allow-list, checked while it streams in — a
 * file past the container's size (413), of a kind that is not allowed by its name or its first bytes
 * (415) or empty is refused and nothing of it stays in the store — read back with its type and its
 * name as a download, invisible to other tenants and customers.
 */

export interface UploadRoutesEnv {
  /** The app, configured with the store under test (started in the caller's beforeAll). */
  app(): TestApp;
  /** Every blob the store keeps in the tenant's order-conversation container, half-written ones included. */
  stored(t: TestApp, tenantId: string): Promise<string[]>;
}

const MAX = CONSTANTS.conversationFileMaxMb * 1024 * 1024;

export function uploadRoutesSuite(env: UploadRoutesEnv): void {
  let t: TestApp;
  let tenantId: string;

  beforeAll(async () => {
    t = env.app();
    tenantId = await t.tenantId();
  });

  const stored = () => env.stored(t, tenantId).then((names) => [...names].sort());
  const get = (as: string, blobName: string, opts: { host?: string; customerId?: string } = {}) =>
    t.call('GET', '/api/upload', { as, ...opts, query: { containerName: 'order-conversation', blobName } });
  const remove = (as: string, blobName: string) => t.call('DELETE', '/api/upload', { as, query: { containerName: 'order-conversation', blobName } });

  describe('a round trip', () => {
    test('an upload answers where to read it; GET gives the bytes back with the type and the original name', async () => {
      const bytes = pdf('ronde');
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'Offerte café 2026.pdf', data: bytes, type: 'application/pdf' }));
      expect(up).toEqual({
        containerName: 'order-conversation', blobName: expect.stringMatching(/^[0-9a-f-]{36}$/), fileName: 'Offerte café 2026.pdf',
        size: bytes.length, contentType: 'application/pdf', url: `/upload?containerName=order-conversation&blobName=${up.blobName}`,
      });
      expect(await stored()).toContain(up.blobName);

      const res = await get('buyer@demo.test', up.blobName);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(bytes);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Offerte caf_ 2026.pdf"; filename*=UTF-8''Offerte%20caf%C3%A9%202026.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    test('a file of several megabytes streams in and back out byte for byte', async () => {
      const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9 * 1024 * 1024)]);
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'groot maar goed.pdf', data }));
      expect(up.size).toBe(data.length);
      const res = await get('buyer@demo.test', up.blobName);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      ok(await remove('buyer@demo.test', up.blobName));
    });

    test('the kind is the one the name says, its first bytes agreeing: a PNG sent as octet-stream is stored as image/png', async () => {
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'foto.PNG', data: png() }));
      expect(up.contentType).toBe('image/png');
      expect((await get('buyer@demo.test', up.blobName)).headers['content-type']).toBe('image/png');
      // No extension: the declared type decides (a CSV is text).
      expect(ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'export', data: 'a;b\n1;2\n', type: 'text/csv' })).contentType).toBe('text/csv');
    });

    test('the uploader removes a file; then it is gone from the store and no longer found', async () => {
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'weg.pdf', data: pdf() }));
      fails(await remove('manager@demo.test', up.blobName), 404, 'FileNotFound');
      expect(ok(await remove('buyer@demo.test', up.blobName))).toEqual({ containerName: 'order-conversation', blobName: up.blobName });
      expect((await stored()).filter((n) => n.includes(up.blobName))).toEqual([]);
      fails(await get('buyer@demo.test', up.blobName), 404, 'FileNotFound');
      fails(await remove('buyer@demo.test', up.blobName), 404, 'FileNotFound');
    });
  });

  describe('refused uploads store nothing', () => {
    test('a file past the limit is refused while it streams in: the server stops reading at the limit and keeps no byte of it', async () => {
      const before = await stored();
      const boundary = 'limitboundary';
      const total = 50 * 1024 * 1024;
      let pulled = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      async function* body() {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="groot.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
        while (pulled < total) { pulled += chunk.length; yield chunk; }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const res = await t.app.inject({
        method: 'POST', url: '/api/upload?containerName=order-conversation', payload: Readable.from(body()),
        headers: { host: 'localhost:3000', authorization: `Bearer ${await t.tokenFor('buyer@demo.test')}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      fails(res, 413, 'FileTooLarge');
      // Refused at the limit, not after reading the whole upload (some buffers in flight, no more).
      expect(pulled).toBeLessThan(MAX + 2 * 1024 * 1024);
      expect(await stored()).toEqual(before);
    });

    test('exactly the limit is accepted', async () => {
      const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX - 9, 0x20)]);
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'precies.pdf', data }));
      expect(up.size).toBe(MAX);
      ok(await remove('buyer@demo.test', up.blobName));
    });

    test('a kind that is not allowed, by its name or by its first bytes, and an empty file are refused', async () => {
      const before = await stored();
      fails(await upload(t, 'buyer@demo.test', { name: 'setup.exe', data: Buffer.from('MZ\x90\x00 program') }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'factuur.pdf', data: Buffer.from('MZ\x90\x00 a program renamed'), type: 'application/pdf' }), 415, 'FileTypeNotAllowed');
      // Past the first bytes the check looks at, and past a block of the store: refused all the same.
      fails(await upload(t, 'buyer@demo.test', { name: 'groot.pdf', data: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(5 * 1024 * 1024, 0x41)]) }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'page.html', data: '<script>alert(1)</script>', type: 'text/html' }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'noname', data: pdf(), type: 'application/x-unknown' }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'leeg.pdf', data: Buffer.alloc(0) }), 400, 'FileEmpty');
      expect(await stored()).toEqual(before);
    });

    test('an Office file is known by what its ZIP holds: a spreadsheet passes as .xlsx, a plain ZIP or a Word file named .xlsx does not; a PNG named .pdf does not', async () => {
      const book = await xlsx();
      const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'prijzen.xlsx', data: book }));
      expect(up.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect((await get('buyer@demo.test', up.blobName)).rawPayload.equals(book)).toBe(true);
      ok(await remove('buyer@demo.test', up.blobName));
      const before = await stored();
      fails(await upload(t, 'buyer@demo.test', { name: 'prijzen.xlsx', data: zip({ 'prijzen.csv': 'a;b\n1;2\n' }) }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'prijzen.xlsx', data: docx() }), 415, 'FileTypeNotAllowed');
      fails(await upload(t, 'buyer@demo.test', { name: 'scan.pdf', data: png(), type: 'application/pdf' }), 415, 'FileTypeNotAllowed');
      expect(await stored()).toEqual(before);
    });

    test('no file, a JSON body, two files, an unknown container and a broken body are refused with their code', async () => {
      const before = await stored();
      const q = { containerName: 'order-conversation' };
      const fieldOnly = multipart([{ name: 'note', data: 'geen bestand' }]);
      fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: q, headers: fieldOnly.headers, body: fieldOnly.payload }), 400, 'FileRequired');
      fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: q, body: { file: 'x' } }), 400, 'FileRequired');
      const two = multipart([{ name: 'file', filename: 'a.pdf', data: pdf('a') }, { name: 'file', filename: 'b.pdf', data: pdf('b') }]);
      fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: q, headers: two.headers, body: two.payload }), 400, 'validationFailed');
      const one = multipart([{ name: 'file', filename: 'a.pdf', data: pdf() }]);
      expect(fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: { containerName: 'secrets' }, headers: one.headers, body: one.payload }), 400, 'validationFailed').details)
        .toEqual([expect.objectContaining({ path: 'containerName' })]);
      const broken = { 'content-type': 'multipart/form-data; boundary=x' };
      fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: q, headers: broken, body: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-') }), 400, 'validationFailed');
      // Broken off after more than a block of the store has been sent.
      const cut = Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
      fails(await t.call('POST', '/api/upload', { as: 'buyer@demo.test', query: q, headers: broken, body: cut }), 400, 'validationFailed');
      expect(await stored()).toEqual(before);
    });

    test('signed-in users only: nobody gets 401 before the body is read', async () => {
      const one = multipart([{ name: 'file', filename: 'a.pdf', data: pdf() }]);
      fails(await t.call('POST', '/api/upload', { query: { containerName: 'order-conversation' }, headers: one.headers, body: one.payload }), 401, 'unauthorized');
      fails(await t.call('GET', '/api/upload', { query: { containerName: 'order-conversation', blobName: crypto.randomUUID() } }), 401, 'unauthorized');
    });
  });

  describe('isolation', () => {
    test("another tenant's blob is not found, not even under the same name; another company's neither", async () => {
      const up = ok<Uploaded>(await upload(t, 'manager@demo.test', { name: 'intern.pdf', data: pdf('intern') }));
      expect((await get('manager@demo.test', up.blobName)).statusCode).toBe(200);
      fails(await get('manager@demo.test', up.blobName, { host: 'acme.localhost' }), 404, 'FileNotFound');
      fails(await get('superadmin@demo.test', up.blobName, { host: 'acme.localhost' }), 404, 'FileNotFound');
      const [, second] = await t.customerIds();
      fails(await get('manager@demo.test', up.blobName, { customerId: second }), 404, 'FileNotFound');
      // Another user of the same company does not read a file nobody attached yet.
      fails(await get('buyer@demo.test', up.blobName), 404, 'FileNotFound');
      // A name that is no blob name never reaches the store.
      fails(await get('manager@demo.test', '../../../etc/passwd'), 404, 'FileNotFound');
      fails(await get('manager@demo.test', `../${await t.tenantId('acme.localhost')}/${up.blobName}`), 404, 'FileNotFound');
    });

    test("a user without the orders area's letters cannot use the container", async () => {
      const [first] = await t.customerIds();
      const { id } = await t.db.insertInto('users').values({ tenantId, email: 'noletters-upload@demo.test', displayname: 'No Letters', userType: 3, active: true })
        .returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('customerAccesses').values({ tenantId, userId: id, customerId: first!, active: true, roles: '[]', permissions: '[]', departmentIds: '[]' }).execute();
      fails(await upload(t, 'noletters-upload@demo.test', { name: 'a.pdf', data: pdf() }), 403, 'forbiddenAccess');
    });
  });
}
