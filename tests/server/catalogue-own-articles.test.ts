import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let w: CatalogueWorld;
beforeAll(async () => {
  t = await startTestApp();
  w = await createCatalogueWorld(t);
});
afterAll(async () => { await t?.close(); });

type Who = Parameters<CatalogueWorld['as']>[0];
const createOwn = (dto: unknown, who: Who = 'manager', customerId?: string | null) =>
  t.call('POST', '/api/supplier-articles/createOwn', { ...w.as(who, customerId), body: { dto } as object });
const upsert = (body: unknown, who: Who = 'manager') => t.call('POST', '/api/supplier-articles/createOrUpdateOwn', { ...w.as(who), body: body as object });
const stored = (id: string) => t.db.selectFrom('supplierArticles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countOwn = async () => Number((await t.db.selectFrom('supplierArticles').select((eb) => eb.fn.countAll().as('n'))
  .where('tenantId', '=', w.tenantId).where('customerId', 'is not', null).executeTakeFirstOrThrow()).n);

describe('POST /supplier-articles/createOwn (flows §3 Supplier article)', () => {
  test('creates a CustomerDefined article of the acting customer with the defaults of core §3', async () => {
    const id = ok(await createOwn({ articleNumberSupplier: 'KOF-1', supplierId: w.suppliers.ownA, title: { nl: 'Koffie' }, price: '12,5', type: 'Regular', customerId: w.customerB })).result;
    expect(typeof id).toBe('string');
    const row = await stored(id);
    expect(row).toMatchObject({ customerId: w.customerA, tenantId: w.tenantId, type: 'CustomerDefined', priceQuantity: 1, minOrderQuant: 1, currency: 'EUR', tax: 21, estimateDeliveryDays: 1, available: true });
    expect(String(row.price)).toBe('12.50');
    // the shop sees it at once, with its own supplier's name; the other customer does not
    const dto = ok(await t.call('POST', '/api/supplier-articles/id', { ...w.as('buyer'), body: { query: { id } } })).result;
    expect(dto).toMatchObject({ id, customerId: w.customerA, type: 'CustomerDefined', price: '12.50', supplierName: 'Eigen A' });
    fails(await t.call('POST', '/api/supplier-articles/id', { ...w.as('other'), body: { query: { id } } }), 404, 'SupplierArticleNotFound');
  });

  test('a platform supplier may be used; another customer\'s supplier may not', async () => {
    ok(await createOwn({ articleNumberSupplier: 'KOF-2', supplierId: w.suppliers.platform, title: { nl: 'Thee' }, price: '3.00' }));
    const body = fails(await createOwn({ articleNumberSupplier: 'KOF-3', supplierId: w.suppliers.ownB, title: { nl: 'Nee' }, price: '3.00' }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'dto.supplierId', rule: 'SupplierNotFound' })]);
  });

  test('the same supplier and article number twice: SupplierArticleAlreadyExists (case-insensitive), nothing stored', async () => {
    ok(await createOwn({ articleNumberSupplier: 'DUP-1', supplierId: w.suppliers.ownA, title: { nl: 'Een' }, price: '1.00' }));
    const before = await countOwn();
    fails(await createOwn({ articleNumberSupplier: 'dup-1', supplierId: w.suppliers.ownA, title: { nl: 'Twee' }, price: '2.00' }), 409, 'SupplierArticleAlreadyExists');
    expect(await countOwn()).toBe(before);
    // another supplier, or another customer, may use the number
    ok(await createOwn({ articleNumberSupplier: 'DUP-1', supplierId: w.suppliers.platform, title: { nl: 'Drie' }, price: '1.00' }));
    ok(await createOwn({ articleNumberSupplier: 'DUP-1', supplierId: w.suppliers.ownB, title: { nl: 'Vier' }, price: '1.00' }, 'other'));
  });

  test('the same article created five times at once: one is stored, the others are SupplierArticleAlreadyExists', async () => {
    const dto = { articleNumberSupplier: 'RACE-1', supplierId: w.suppliers.ownA, title: { nl: 'Race' }, price: '1.00' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createOwn(dto)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await t.db.selectFrom('supplierArticles').select('id').where('tenantId', '=', w.tenantId).where('articleNumberSupplier', '=', 'RACE-1').execute();
    expect(rows).toHaveLength(1);
  });

  test('field rules come from the model', async () => {
    const body = fails(await createOwn({ supplierId: w.suppliers.ownA, title: {}, price: 'abc', tax: 150, priceQuantity: 0 }), 400, 'validationFailed');
    expect(body.details?.map((d) => [d.path, d.rule]).sort()).toEqual([
      ['dto.articleNumberSupplier', 'required'], ['dto.price', 'numerical'], ['dto.priceQuantity', 'minValue'], ['dto.tax', 'maxValue'], ['dto.title.nl', 'required'],
    ]);
  });

  test('an image is an http(s) address or a path on this server, nothing else', async () => {
    const dto = (n: number, image: string) => ({ articleNumberSupplier: `IMG-${n}`, supplierId: w.suppliers.ownA, title: { nl: 'Beeld' }, price: '1.00', image });
    for (const [n, image] of [[1, 'https://cdn.example.com/a.png'], [2, '/api/demo-images/coffee--red.svg']] as const) {
      expect((await stored(ok(await createOwn(dto(n, image))).result)).image).toBe(image);
    }
    const before = await countOwn();
    for (const [n, image] of [[3, '//evil.example.com/a.png'], [4, 'ftp://example.com/a.png'], [5, 'javascript:alert(1)'], [6, '/a b.png'], [7, 'a.png']] as const) {
      const body = fails(await createOwn(dto(n, image)), 400, 'validationFailed');
      expect(body.details, image).toEqual([expect.objectContaining({ path: 'dto.image', rule: 'url' })]);
    }
    expect(await countOwn()).toBe(before);
  });

  test('malformed bodies are 400, never a 500', async () => {
    fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...w.as('manager'), body: {} }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...w.as('manager'), body: { dto: 'x' } }), 400, 'validationFailed');
    fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...w.as('manager'), body: [] }), 400, 'validationFailed');
    fails(await createOwn({ articleNumberSupplier: 'X', supplierId: 'bad', title: { nl: 'x' }, price: '1' }), 400, 'validationFailed');
  });

  test('rights: a buyer (product-management:R) may not create; no active customer is 400 noActiveCustomer', async () => {
    fails(await createOwn({ articleNumberSupplier: 'B-1', supplierId: w.suppliers.ownA, title: { nl: 'x' }, price: '1' }, 'buyer'), 403, 'forbiddenAccess');
    fails(await createOwn({ articleNumberSupplier: 'N-1', supplierId: w.suppliers.ownA, title: { nl: 'x' }, price: '1' }, 'noAccess'), 400, 'noActiveCustomer');
    const before = await countOwn();
    fails(await createOwn({ articleNumberSupplier: 'P-1', supplierId: w.suppliers.platform, title: { nl: 'x' }, price: '1' }, 'admin'), 400, 'noActiveCustomer');
    fails(await createOwn({ articleNumberSupplier: 'P-1', supplierId: w.suppliers.platform, title: { nl: 'x' }, price: '1' }, 'superAdmin'), 400, 'noActiveCustomer');
    expect(await countOwn()).toBe(before);
    // naming the customer makes it work for a platform admin
    const id = ok(await createOwn({ articleNumberSupplier: 'P-1', supplierId: w.suppliers.platform, title: { nl: 'x' }, price: '1' }, 'admin', w.customerB)).result;
    expect((await stored(id)).customerId).toBe(w.customerB);
  });
});

describe('POST /supplier-articles/createOrUpdateOwn', () => {
  test('creates new ones and updates existing own ones matched by supplier and article number', async () => {
    const first = ok(await upsert({ dtos: [
      { articleNumberSupplier: 'UP-1', supplierId: w.suppliers.ownA, title: { nl: 'Een' }, price: '1.00', priceQuantity: 5 },
      { articleNumberSupplier: 'UP-2', supplierId: w.suppliers.platform, title: { nl: 'Twee' }, price: '2.00' },
    ] })).result;
    expect(first).toHaveLength(2);
    const second = ok(await upsert({ dtos: [
      { articleNumberSupplier: 'up-1', supplierId: w.suppliers.ownA, price: '1.50' },
      { articleNumberSupplier: 'UP-3', supplierId: w.suppliers.ownA, title: { nl: 'Drie' }, price: '3.00' },
    ] })).result;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    const updated = await stored(first[0]);
    expect(updated).toMatchObject({ articleNumberSupplier: 'up-1', priceQuantity: 5, type: 'CustomerDefined', customerId: w.customerA });
    expect(String(updated.price)).toBe('1.50');
    expect((await stored(second[1])).type).toBe('CustomerDefined');
  });

  test('another customer\'s article with the same key is not touched: a new one is made', async () => {
    const mine = ok(await upsert({ dtos: [{ articleNumberSupplier: 'SHARED', supplierId: w.suppliers.platform, title: { nl: 'A' }, price: '1.00' }] })).result[0];
    const theirs = ok(await upsert({ dtos: [{ articleNumberSupplier: 'SHARED', supplierId: w.suppliers.platform, title: { nl: 'B' }, price: '9.00' }] }, 'other')).result[0];
    expect(theirs).not.toBe(mine);
    expect(String((await stored(mine)).price)).toBe('1.00');
  });

  test('all or nothing: one bad dto refuses the call and the error names its index', async () => {
    const before = await countOwn();
    const existing = ok(await upsert({ dtos: [{ articleNumberSupplier: 'AON-1', supplierId: w.suppliers.ownA, title: { nl: 'Blijft' }, price: '1.00' }] })).result[0];
    const body = fails(await upsert({ dtos: [
      { articleNumberSupplier: 'AON-1', supplierId: w.suppliers.ownA, price: '7.00' },
      { articleNumberSupplier: 'AON-2', supplierId: w.suppliers.ownA, title: { nl: 'Nieuw' }, price: '2.00' },
      { articleNumberSupplier: 'AON-3', supplierId: w.suppliers.ownA, title: { nl: 'Nieuw' }, price: '2.00' },
      { articleNumberSupplier: 'AON-4', supplierId: w.suppliers.ownA, title: { nl: 'Fout' }, price: 'gratis' },
    ] }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'dtos.3.price', rule: 'numerical' })]);
    expect(await countOwn()).toBe(before + 1);
    expect(String((await stored(existing)).price)).toBe('1.00');
  });

  test('a supplier the customer may not use refuses everything too', async () => {
    const before = await countOwn();
    const body = fails(await upsert({ dtos: [
      { articleNumberSupplier: 'S-1', supplierId: w.suppliers.ownA, title: { nl: 'x' }, price: '1' },
      { articleNumberSupplier: 'S-2', supplierId: w.suppliers.ownB, title: { nl: 'x' }, price: '1' },
    ] }), 400, 'validationFailed');
    expect(body.details).toEqual([expect.objectContaining({ path: 'dtos.1.supplierId', rule: 'SupplierNotFound' })]);
    expect(await countOwn()).toBe(before);
  });

  test('the same key twice in one call: the second updates what the first created', async () => {
    const ids = ok(await upsert({ dtos: [
      { articleNumberSupplier: 'TWICE', supplierId: w.suppliers.ownA, title: { nl: 'x' }, price: '1' },
      { articleNumberSupplier: 'TWICE', supplierId: w.suppliers.ownA, price: '2' },
    ] })).result;
    expect(ids[0]).toBe(ids[1]);
    expect(String((await stored(ids[0])).price)).toBe('2.00');
  });

  test('malformed bodies are 400 with the path, never a 500', async () => {
    expect(fails(await upsert({}), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'dtos', rule: 'required' })]);
    fails(await upsert({ dtos: 'x' }), 400, 'validationFailed');
    expect(fails(await upsert({ dtos: [null, 5] }), 400, 'validationFailed').details?.map((d) => d.path)).toEqual(['dtos.0', 'dtos.1']);
    expect(fails(await upsert({ dtos: [{ supplierId: 'bad', price: '1' }] }), 400, 'validationFailed').details?.map((d) => d.path).sort())
      .toEqual(['dtos.0.articleNumberSupplier', 'dtos.0.supplierId', 'dtos.0.title']);
    expect(ok(await upsert({ dtos: [] })).result).toEqual([]);
  });

  test('rights and customer: buyer 403, platform admin without a chosen customer 400', async () => {
    const dtos = [{ articleNumberSupplier: 'R-1', supplierId: w.suppliers.platform, title: { nl: 'x' }, price: '1' }];
    fails(await upsert({ dtos }, 'buyer'), 403, 'forbiddenAccess');
    fails(await upsert({ dtos }, 'admin'), 400, 'noActiveCustomer');
  });
});

describe('search index', () => {
  const indexed = (id: string) => t.db.selectFrom('searchRecords').select(['objectId', 'record']).where('objectId', '=', id).executeTakeFirst();

  test('created and updated own articles are written to the tenant\'s search index', async () => {
    const id = ok(await createOwn({ articleNumberSupplier: 'IDX-1', supplierId: w.suppliers.ownA, title: { nl: 'Zoekbaar' }, price: '2.00' })).result;
    const doc = await indexed(id);
    expect(doc?.objectId).toBe(id);
    const [same] = ok(await upsert({ dtos: [{ articleNumberSupplier: 'IDX-1', supplierId: w.suppliers.ownA, price: '3.00', title: { nl: 'Anders' } }] })).result;
    expect(same).toBe(id);
    expect(JSON.stringify((await indexed(id))?.record)).toContain('Anders');
    // made unavailable: it leaves the index
    ok(await upsert({ dtos: [{ articleNumberSupplier: 'IDX-1', supplierId: w.suppliers.ownA, available: false }] }));
    expect(await indexed(id)).toBeUndefined();
  });
});
