/**
 * Article images (issue 28; src/server/catalogue/article-images.ts): uploaded through
 * POST /admin/supplier-articles/{id}/upload (a platform article, by one of its offers) and
 * POST /product-management/{id}/images (a company's own article), checked while they stream in (JPEG,
 * PNG or WebP by their bytes, at most CONSTANTS.articleImageMaxMb), kept in the blob store's
 * 'article-images' container, added after the article's other images (the first one its main image),
 * served publicly at /api/article-images/<random name> with a year's immutable caching, and removed
 * from the store once a change leaves no article naming them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSTANTS } from '../../model/catalogue/constants';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { multipart, pdf, png, type Part } from './upload-helpers';

type Body = Record<string, any>;
let t: TestApp;
let tenantId: string;
let customerId: string;
let otherCustomerId: string;
let supplierId: string;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [customerId, otherCustomerId] = await t.customerIds();
  supplierId = (await t.db.selectFrom('suppliers').select('id').where('tenantId', '=', tenantId).where('customerId', 'is', null)
    .orderBy('name').executeTakeFirstOrThrow()).id as string;
});
afterAll(async () => { await t?.close(); });

/** A real 1×1 JPEG and WebP (file-type reads more than a signature). */
const jpeg = () => Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');
const webp = () => Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const MAX = CONSTANTS.articleImageMaxMb * 1024 * 1024;

const BOUNDARY = 'imagestream';
/** A multipart body of one JPEG of about `size` bytes, sent in 64 KiB chunks; `progress` hears how much was pulled. */
async function* streamed(name: string, size: number, progress: (pulled: number) => void | Promise<void>) {
  yield Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`), jpeg()]);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let pulled = 0;
  while (pulled < size) { pulled += chunk.length; await progress(pulled); yield chunk; }
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

const admin = { as: 'admin@demo.test' };
const manager = (customer = customerId) => ({ as: 'manager@demo.test', customerId: customer });
const title = (nl: string) => ({ nl, en: nl, fr: nl });

/** Every file in the tenant's article-images folder (blobs, metadata, anything half-written). */
const stored = async () => (await fs.readdir(path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'article-images')).catch(() => [] as string[])).sort();
const blobOf = (p: string) => /^\/api\/article-images\/([0-9a-f-]{36})$/.exec(p)![1]!;

const filePart = (name: string, data: Buffer, type = 'application/octet-stream'): Part => ({ name: 'file', filename: name, contentType: type, data });
function post(url: string, who: { as: string; customerId?: string }, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.call('POST', url, { ...who, headers, body: payload });
}
const adminUpload = (offerId: string, parts: Part[]) => post(`/api/admin/supplier-articles/${offerId}/upload`, admin, parts);
const ownUpload = (articleId: string, parts: Part[], who = manager()) => post(`/api/product-management/${articleId}/images`, who, parts);
const image = (p: string, opts: { host?: string; headers?: Record<string, string> } = {}) => t.call('GET', p, opts);

async function platformArticle(name: string) {
  const article = ok(await t.call('POST', '/api/admin/articles/create', { ...admin, body: { dto: { title: title(name) } } })).result;
  const offer = ok(await t.call('POST', '/api/admin/supplier-articles/create', { ...admin, body: { dto: { articleId: article.id, supplierId, articleNumberSupplier: `${name}-1`, price: '2.00' } } })).result;
  const sibling = ok(await t.call('POST', '/api/admin/supplier-articles/create', { ...admin, body: { dto: { articleId: article.id, supplierId, articleNumberSupplier: `${name}-2`, price: '3.00' } } })).result;
  return { article, offer, sibling };
}
async function ownArticle(name: string, customer = customerId) {
  return ok(await t.call('POST', '/api/product-management', { ...manager(customer), body: { title: title(name), offers: [{ supplierId, articleNumberSupplier: `${name}-1`, price: '2.00' }] } }));
}

describe('uploading to a platform article (POST /admin/supplier-articles/{id}/upload)', () => {
  test('JPEG, PNG and WebP are stored and listed in order; the first is the main image; every offer shows them, the search index the main one', async () => {
    const { article, offer, sibling } = await platformArticle('IMG-A');
    const before = await stored();
    const first = ok(await adminUpload(offer.id, [filePart('foto.jpg', jpeg(), 'image/jpeg')])).result;
    expect([first.id, first.supplierName]).toEqual([offer.id, expect.any(String)]);
    expect(first.images).toHaveLength(1);
    expect(first.image).toBe(first.images[0]);
    // A PNG with no declared type and a WebP: each after the others, the main image stays the first.
    ok(await adminUpload(offer.id, [filePart('tekening.png', png())]));
    const third = ok(await adminUpload(sibling.id, [filePart('foto.webp', webp(), 'image/webp')])).result;
    expect(third.images).toHaveLength(3);
    expect(third.image).toBe(first.image);
    const names = (third.images as string[]).map(blobOf);
    expect(await stored()).toEqual([...before, ...names.flatMap((n) => [n, `${n}.json`])].sort());

    expect(ok(await t.call('GET', `/api/admin/articles/${article.id}`, admin)).result.images).toEqual(third.images);
    const offers = ok(await t.call('GET', `/api/admin/supplier-articles/per-article/${article.id}`, admin)).result as Body[];
    expect(offers.map((o) => [o.image, o.images])).toEqual([[first.image, third.images], [first.image, third.images]]);
    for (const o of offers) {
      const doc = await t.db.selectFrom('searchRecords').select('record').where('objectId', '=', o.id).executeTakeFirst();
      expect((doc?.record as Body | undefined)?.image).toBe(first.image);
    }
    const types = await Promise.all((third.images as string[]).map(async (p) => (await image(p)).headers['content-type']));
    expect(types).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  test('a PDF named .jpg, a PDF and a text file are 415 FileTypeNotAllowed, and nothing is stored', async () => {
    const { offer } = await platformArticle('IMG-B');
    const before = await stored();
    fails(await adminUpload(offer.id, [filePart('foto.jpg', pdf(), 'image/jpeg')]), 415, 'FileTypeNotAllowed');
    fails(await adminUpload(offer.id, [filePart('foto.jpg', Buffer.alloc(300 * 1024, 0x41), 'image/jpeg')]), 415, 'FileTypeNotAllowed');
    fails(await adminUpload(offer.id, [filePart('brochure.pdf', pdf(), 'application/pdf')]), 415, 'FileTypeNotAllowed');
    // A GIF is an image but none of the three kinds.
    fails(await adminUpload(offer.id, [filePart('anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif')]), 415, 'FileTypeNotAllowed');
    expect(await stored()).toEqual(before);
    expect(ok(await t.call('GET', `/api/admin/supplier-articles/${offer.id}`, admin)).result.images).toEqual([]);
  });

  test('an image past the limit is 413 FileTooLarge while it streams in, and nothing is stored; exactly the limit is taken', async () => {
    const { offer } = await platformArticle('IMG-C');
    const before = await stored();
    const boundary = 'imagelimit';
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    async function* body() {
      yield Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="groot.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), jpeg()]);
      while (pulled < 40 * 1024 * 1024) { pulled += chunk.length; yield chunk; }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await t.app.inject({
      method: 'POST', url: `/api/admin/supplier-articles/${offer.id}/upload`, payload: Readable.from(body()),
      headers: { host: 'localhost:3000', authorization: `Bearer ${await t.tokenFor('admin@demo.test')}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    fails(res, 413, 'FileTooLarge');
    expect(pulled).toBeLessThan(MAX + 2 * 1024 * 1024);
    expect(await stored()).toEqual(before);
    expect(ok(await t.call('GET', `/api/admin/supplier-articles/${offer.id}`, admin)).result.images).toEqual([]);

    const exact = Buffer.concat([jpeg(), Buffer.alloc(MAX - jpeg().length, 0x20)]);
    expect(ok(await adminUpload(offer.id, [filePart('precies.jpg', exact, 'image/jpeg')])).result.images).toHaveLength(1);
  });

  test('an unknown offer, or a company\'s own offer, is 404 before a byte is read; nothing is stored', async () => {
    const own = await ownArticle('IMG-D-OWN');
    const before = await stored();
    fails(await adminUpload('00000000-0000-4000-8000-0000000000aa', [filePart('foto.jpg', jpeg())]), 404, 'SupplierArticleNotFound');
    fails(await adminUpload('geen-id', [filePart('foto.jpg', jpeg())]), 404, 'SupplierArticleNotFound');
    fails(await adminUpload(own.offers[0].id, [filePart('foto.jpg', jpeg())]), 404, 'SupplierArticleNotFound');
    // A company's user is no platform admin.
    const { offer } = await platformArticle('IMG-D');
    fails(await post(`/api/admin/supplier-articles/${offer.id}/upload`, manager(), [filePart('foto.jpg', jpeg())]), 403, 'forbiddenAccess');
    expect(await stored()).toEqual(before);
  });

  test('the offer is checked before the file is read: an unknown one reads no more than a few buffers of a large upload', async () => {
    let pulled = 0;
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/supplier-articles/00000000-0000-4000-8000-0000000000aa/upload', payload: Readable.from(streamed('foto.jpg', 20 * 1024 * 1024, (n) => { pulled = n; })),
      headers: { host: 'localhost:3000', authorization: `Bearer ${await t.tokenFor('admin@demo.test')}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    fails(res, 404, 'SupplierArticleNotFound');
    expect(pulled).toBeLessThan(MAX);
  });

  test('an offer that goes while its image streams in keeps nothing: the stored file is removed again', async () => {
    const { offer } = await platformArticle('IMG-L');
    const before = await stored();
    let gone = false;
    const res = await t.app.inject({
      method: 'POST', url: `/api/admin/supplier-articles/${offer.id}/upload`,
      payload: Readable.from(streamed('foto.jpg', 1024 * 1024, async (n) => {
        if (n > 512 * 1024 && !gone) {
          gone = true;
          await t.db.deleteFrom('supplierArticles').where('id', '=', offer.id).execute();
        }
      })),
      headers: { host: 'localhost:3000', authorization: `Bearer ${await t.tokenFor('admin@demo.test')}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(gone).toBe(true);
    fails(res, 404, 'SupplierArticleNotFound');
    expect(await stored()).toEqual(before);
  });

  test('a bad request is a 4xx, never a 500, and stores nothing', async () => {
    const { offer } = await platformArticle('IMG-E');
    const before = await stored();
    const url = `/api/admin/supplier-articles/${offer.id}/upload`;
    // No file part, an empty file, two files, a JSON body, a cut-off multipart body, no boundary.
    fails(await adminUpload(offer.id, [{ name: 'note', data: 'x' }]), 400, 'FileRequired');
    fails(await adminUpload(offer.id, [filePart('leeg.jpg', Buffer.alloc(0), 'image/jpeg')]), 400, 'FileEmpty');
    const two = await adminUpload(offer.id, [filePart('a.jpg', jpeg()), filePart('b.jpg', jpeg())]);
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
    const json = await t.call('POST', url, { ...admin, body: { file: 'x' } });
    expect([json.statusCode >= 400, json.statusCode < 500]).toEqual([true, true]);
    const { payload, headers } = multipart([filePart('foto.jpg', jpeg(), 'image/jpeg')]);
    const cut = await t.call('POST', url, { ...admin, headers, body: payload.subarray(0, payload.length - 40) });
    expect([cut.statusCode >= 400, cut.statusCode < 500]).toEqual([true, true]);
    const bare = await t.call('POST', url, { ...admin, headers: { 'content-type': 'multipart/form-data' }, body: payload });
    expect([bare.statusCode >= 400, bare.statusCode < 500]).toEqual([true, true]);
    expect(await stored()).toEqual(before);
    expect(ok(await t.call('GET', `/api/admin/supplier-articles/${offer.id}`, admin)).result.images).toEqual([]);
  });
});

describe('serving an image (GET /article-images/{blobName})', () => {
  test('without a token, with its type, a year\'s immutable caching and an ETag; If-None-Match is 304', async () => {
    const { offer } = await platformArticle('IMG-F');
    const p = ok(await adminUpload(offer.id, [filePart('foto.jpg', jpeg(), 'image/jpeg')])).result.image as string;
    const res = await image(p);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(jpeg());
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(jpeg().length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${blobOf(p)}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const again = await image(p, { headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an unknown name, no name of ours, or another tenant\'s host finds nothing', async () => {
    const { offer } = await platformArticle('IMG-G');
    const p = ok(await adminUpload(offer.id, [filePart('foto.png', png(), 'image/png')])).result.image as string;
    fails(await image('/api/article-images/00000000-0000-4000-8000-0000000000aa'), 404, 'FileNotFound');
    fails(await image('/api/article-images/..%2F..%2Fetc'), 404, 'FileNotFound');
    fails(await image(p, { host: 'acme.localhost' }), 404, 'FileNotFound');
    fails(await image('/api/article-images/00000000-0000-4000-8000-0000000000aa', { headers: { 'if-none-match': '"00000000-0000-4000-8000-0000000000aa"' } }), 404, 'FileNotFound');
  });
});

describe('a company\'s own article (POST /product-management/{id}/images)', () => {
  test('the company adds images; another company cannot, nor can a buyer; nothing is stored then', async () => {
    const made = await ownArticle('IMG-H');
    const first = ok(await ownUpload(made.id, [filePart('foto.webp', webp(), 'image/webp')]));
    expect([first.id, first.images.length, first.image]).toEqual([made.id, 1, first.images[0]]);
    expect(first.offers[0].images).toEqual(first.images);
    const second = ok(await ownUpload(made.id, [filePart('foto.jpg', jpeg(), 'image/jpeg')]));
    expect(second.images).toEqual([first.image, expect.stringMatching(/^\/api\/article-images\//)]);
    expect(second.image).toBe(first.image);
    const blob = JSON.parse(await fs.readFile(path.join(t.testDb.config.dataDir, 'blobs', tenantId, 'article-images', `${blobOf(second.images[1])}.json`), 'utf8'));
    expect(blob).toMatchObject({ customerId, contentType: 'image/jpeg', fileName: 'foto.jpg' });

    const before = await stored();
    fails(await ownUpload(made.id, [filePart('foto.jpg', jpeg())], manager(otherCustomerId)), 404, 'ArticleNotFound');
    fails(await ownUpload('00000000-0000-4000-8000-0000000000aa', [filePart('foto.jpg', jpeg())]), 404, 'ArticleNotFound');
    fails(await ownUpload(made.id, [filePart('foto.jpg', jpeg())], { as: 'buyer@demo.test', customerId }), 403, 'forbiddenAccess');
    fails(await ownUpload(made.id, [filePart('foto.jpg', pdf())]), 415, 'FileTypeNotAllowed');
    // A platform article is not the company's own.
    const { article } = await platformArticle('IMG-H-P');
    fails(await ownUpload(article.id, [filePart('foto.jpg', jpeg())]), 404, 'ArticleNotFound');
    expect(await stored()).toEqual(before);
    expect(ok(await t.call('GET', `/api/product-management/${made.id}`, manager())).images).toEqual(second.images);
  });
});

describe('reordering and removing through the article\'s change', () => {
  test('PATCH reorders and chooses the main image; an image left out is removed from the store unless another article names it', async () => {
    const made = await ownArticle('IMG-I');
    for (const [name, data] of [['a.jpg', jpeg()], ['b.png', png()], ['c.webp', webp()]] as const) ok(await ownUpload(made.id, [filePart(name, data)]));
    const [a, b, c] = ok(await t.call('GET', `/api/product-management/${made.id}`, manager())).images as string[];

    const reordered = ok(await t.call('PATCH', `/api/product-management/${made.id}`, { ...manager(), body: { images: [c, a, b], image: c } }));
    expect([reordered.images, reordered.image, reordered.offers[0].image]).toEqual([[c, a, b], c, c]);
    for (const p of [a, b, c]) expect((await image(p!)).statusCode).toBe(200);

    // Another of the company's articles names b too: b stays; a is named by none and goes.
    const other = await ownArticle('IMG-I-2');
    ok(await t.call('PATCH', `/api/product-management/${other.id}`, { ...manager(), body: { images: [b] } }));
    const removed = ok(await t.call('PATCH', `/api/product-management/${made.id}`, { ...manager(), body: { images: [c], image: c } }));
    expect(removed.images).toEqual([c]);
    fails(await image(a!), 404, 'FileNotFound');
    expect((await stored()).filter((n) => n.startsWith(blobOf(a!)))).toEqual([]);
    expect((await image(b!)).statusCode).toBe(200);
    expect((await image(c!)).statusCode).toBe(200);
  });

  test('the admin\'s article update removes a dropped image too', async () => {
    const { article, offer } = await platformArticle('IMG-J');
    ok(await adminUpload(offer.id, [filePart('a.jpg', jpeg())]));
    const both = ok(await adminUpload(offer.id, [filePart('b.png', png())])).result.images as string[];

    ok(await t.call('POST', '/api/admin/articles/update', { ...admin, body: { dto: { id: article.id, images: [both[1]], image: both[1] } } }));
    fails(await image(both[0]!), 404, 'FileNotFound');
    expect((await image(both[1]!)).statusCode).toBe(200);
    // Images arrive only through the article calls.
    fails(await post('/api/upload?containerName=article-images', admin, [filePart('a.jpg', jpeg())]), 400, 'validationFailed');
  });

  test('an image an article names is removed through the article only (DELETE /upload: FileInArticle)', async () => {
    const made = await ownArticle('IMG-K');
    const p = ok(await ownUpload(made.id, [filePart('a.jpg', jpeg())])).image as string;
    const query = { containerName: 'article-images', blobName: blobOf(p) };
    fails(await t.call('DELETE', '/api/upload', { ...manager(), query }), 409, 'FileInArticle');
    expect((await image(p)).statusCode).toBe(200);
    fails(await t.call('DELETE', '/api/upload', { ...manager(otherCustomerId), query }), 404, 'FileNotFound');
  });
});
