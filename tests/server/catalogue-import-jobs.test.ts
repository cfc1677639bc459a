import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CatalogueFileError, importCatalogue, parseCatalogue, STAPLES_SAMPLE_FILE, validEan } from '../../src/server/catalogue/staples-import';
import type { TaskDto, TaskRunDto } from '../../src/shared/task-types';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Jobs of the catalogue and the search (core §7 sandbox, /admin/tasks): the Staples catalogue import
 * queued by POST /admin/sandbox/runImportStaplesCatalog (upsert by article number, counts and
 * refusals as the job's result, the search index following), and `search.reindex`, the nightly
 * rebuild of the search index that platform admins may run by hand.
 */

let t: TestApp;
const ADMIN = 'admin@demo.test';

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: true } });
});
afterAll(async () => { await t?.close(); });

const logs = async (taskId: string, host?: string) =>
  ok<{ result: TaskRunDto[] }>(await t.call('POST', '/api/admin/tasks/logs', { as: ADMIN, host, body: { taskId, count: 100 } })).result;

const completed = (taskId: string, jobId: string) => eventually(async () => {
  const run = (await logs(taskId)).find((r) => r.id === jobId);
  if (run?.state !== 'completed') throw new Error(`run ${jobId} is ${run?.state ?? 'not listed'}`);
  return run;
}, 30_000);

const importNow = async () => {
  const { result } = ok(await t.call('POST', '/api/admin/sandbox/runImportStaplesCatalog', { as: ADMIN, body: {} }));
  expect(result.taskName).toBe('catalogue.importStaples');
  return completed('catalogue.importStaples', result.jobId as string);
};

const staples = async (host = 'localhost') => t.db.selectFrom('suppliers').select('id')
  .where('tenantId', '=', await t.tenantId(host)).where('name', '=', 'Staples').execute();

const articlesOf = (supplierId: string) => t.db.selectFrom('supplierArticles').selectAll().where('supplierId', '=', supplierId).orderBy('articleNumberSupplier').execute();

const indexed = async (ids: string[]) => (await t.db.selectFrom('searchDocuments').select('objectId').where('objectId', 'in', ids).execute()).map((r) => r.objectId);

describe('the sample file', () => {
  test('50 office articles, each with nl/fr/en titles, a price, VAT, a valid EAN and stock', async () => {
    const rows = await parseCatalogue(fs.createReadStream(STAPLES_SAMPLE_FILE));
    expect(rows).toHaveLength(50);
    for (const { values: v } of rows) {
      expect(v.title_nl && v.title_fr && v.title_en).toBeTruthy();
      expect(v.price_excl_vat).toMatch(/^\d+\.\d{2}$/);
      expect(['6', '21']).toContain(v.vat_percent);
      expect(validEan(v.ean)).toBe(true);
      expect(v.stock).toMatch(/^\d+$/);
    }
    expect(new Set(rows.map((r) => r.values.article_number)).size).toBe(50);
  });

  const HEADER = 'article_number;ean;brand;title_nl;title_fr;title_en;price_excl_vat;vat_percent;stock';

  test('quoted fields may hold the separator and quotes; an unclosed quote and a header without the columns are refused', async () => {
    const rows = await parseCatalogue(`${HEADER}\nX-1;;"A; ""B""";t;t;t;1.00;21;\n`);
    expect(rows[0]!.values.brand).toBe('A; "B"');
    await expect(parseCatalogue(`${HEADER}\nX-1;;"open;t;t;t;1;21;1\n`)).rejects.toThrow(/^line 2: a quote is not closed/);
    await expect(parseCatalogue(`${HEADER}\nX-1;;"open;t;t;t;1;21;1\n`)).rejects.toBeInstanceOf(CatalogueFileError);
    await expect(parseCatalogue('number;price\n1;2\n')).rejects.toThrow(/header lacks/);
    await expect(parseCatalogue('\n \n')).rejects.toThrow(/empty/);
  });

  test('a line break inside quotes stays in the field, and each row keeps the line it starts on', async () => {
    const rows = await parseCatalogue(`${HEADER}\r\nX-1;;;"two\r\nlines";t;t;1.00;21;\r\n\r\nX-2;;;t;t;t;2.00;6;5\r\n`);
    expect(rows.map((r) => [r.line, r.values.article_number, r.values.title_nl])).toEqual([[2, 'X-1', 'two\r\nlines'], [5, 'X-2', 't']]);
  });

  test('a byte order mark before a quoted header is dropped; a short line leaves its last columns empty; a quote inside a field is kept', async () => {
    const rows = await parseCatalogue(Readable.from([Buffer.from(`\uFEFF"${HEADER.replace(';', '";')}\nX-1;;Br"and;t;t;t;1.00;21\n`, 'utf8')]));
    expect(rows).toEqual([{ line: 2, values: { article_number: 'X-1', ean: '', brand: 'Br"and', title_nl: 't', title_fr: 't', title_en: 't', price_excl_vat: '1.00', vat_percent: '21', stock: '' } }]);
  });
});

describe('POST /admin/sandbox/runImportStaplesCatalog', () => {
  test('platform admins only: customer users get 403, nobody signed in 401, and nothing is imported', async () => {
    const [customerId] = await t.customerIds();
    fails(await t.call('POST', '/api/admin/sandbox/runImportStaplesCatalog', { as: 'buyer@demo.test', customerId, body: {} }), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/admin/sandbox/runImportStaplesCatalog', { as: 'manager@demo.test', customerId, body: {} }), 403, 'forbiddenAccess');
    fails(await t.call('POST', '/api/admin/sandbox/runImportStaplesCatalog', { body: {} }), 401, 'unauthorized');
    expect(await logs('catalogue.importStaples')).toEqual([]);
  });

  test('a body with unknown members is refused', async () => {
    fails(await t.call('POST', '/api/admin/sandbox/runImportStaplesCatalog', { as: ADMIN, body: { file: '/etc/passwd' } }), 400, 'validationFailed');
  });

  test('the first run creates the 50 articles under the supplier Staples and indexes them; the counts are the run\'s result', async () => {
    const run = await importNow();
    expect(run.result).toMatchObject({ created: 50, updated: 0, unchanged: 0, refused: 0 });
    const [supplier, ...others] = await staples();
    expect(others).toEqual([]);
    const articles = await articlesOf(supplier!.id);
    expect(articles).toHaveLength(50);
    const pen = articles.find((a) => a.articleNumberSupplier === 'SPL-100207')!;
    expect(pen).toMatchObject({ ean: '5411200000014', brand: 'Pilot', tax: 21, stock: 480, customerId: null });
    expect(Number(pen.price)).toBe(1.15);
    const title = typeof pen.title === 'string' ? JSON.parse(pen.title) : pen.title;
    expect(title).toEqual({ nl: 'Balpen Pilot BPS-GP medium blauw', fr: 'Stylo à bille Pilot BPS-GP moyen bleu', en: 'Pilot BPS-GP ballpoint pen medium blue' });
    expect((await indexed(articles.map((a) => a.id))).length).toBe(50);
    // Another tenant is untouched.
    expect(await staples('acme.localhost')).toEqual([]);
  });

  test('a second run changes nothing', async () => {
    const [supplier] = await staples();
    const before = await articlesOf(supplier!.id);
    const run = await importNow();
    expect(run.result).toMatchObject({ created: 0, updated: 0, unchanged: 50, refused: 0 });
    const after = await articlesOf(supplier!.id);
    expect(after.map((a) => [a.id, String(a.updatedAt)])).toEqual(before.map((a) => [a.id, String(a.updatedAt)]));
    expect(await staples()).toHaveLength(1);
  });

  test('a file with a new price updates that article only; a malformed line and a bad EAN are refused with their line and reason', async () => {
    const tenantId = await t.tenantId();
    const [supplier] = await staples();
    const text = (await fs.promises.readFile(STAPLES_SAMPLE_FILE, 'utf8'))
      .replace(';Pilot BPS-GP ballpoint pen medium blue;1.15;', ';Pilot BPS-GP ballpoint pen medium blue;1.25;')
      + 'SPL-999001;5411200000991;Staples;Nietjes;Agrafes;Staples;twelve;21;10\n'
      + 'SPL-999002;5411200000999;Staples;Nietjes;Agrafes;Staples;1.00;21;10\n';
    const report = await importCatalogue(t.db, tenantId, text);
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 49, refused: 2 });
    expect(report.reasons).toHaveLength(2);
    expect(report.reasons[0]).toMatch(/^line 52: price/);
    expect(report.reasons[1]).toMatch(/^line 53: ean: 5411200000999 is not a valid EAN/);
    const pen = (await articlesOf(supplier!.id)).find((a) => a.articleNumberSupplier === 'SPL-100207')!;
    expect(Number(pen.price)).toBe(1.25);
    expect(await t.db.selectFrom('supplierArticles').select('id').where('articleNumberSupplier', 'in', ['SPL-999001', 'SPL-999002']).execute()).toEqual([]);
    // The index carries the new price.
    const record = await t.db.selectFrom('searchDocuments').select('price').where('objectId', '=', pen.id).executeTakeFirstOrThrow();
    expect(Number(record.price)).toBe(1.25);
    // The shipped file brings the price back on the next run.
    expect((await importNow()).result).toMatchObject({ created: 0, updated: 1, unchanged: 49, refused: 0 });
  });
});

describe('search.reindex', () => {
  test('listed with its nightly schedule and runnable by hand', async () => {
    const tasks = ok<{ result: TaskDto[] }>(await t.call('GET', '/api/admin/tasks/available', { as: ADMIN })).result;
    const task = tasks.find((x) => x.name === 'search.reindex');
    expect(task).toMatchObject({ runnable: true, schedule: { cron: '30 3 * * *', timezone: 'Europe/Brussels' } });
    expect(task!.displayName).toBe('Zoekindex herbouwen');
  });

  test('a run by hand rebuilds the index of every tenant: a document the index lost is back', async () => {
    const [supplier] = await staples();
    const [article] = await articlesOf(supplier!.id);
    await t.db.deleteFrom('searchDocuments').where('objectId', '=', article!.id).execute();
    expect(await indexed([article!.id])).toEqual([]);
    const { result } = ok(await t.call('POST', '/api/admin/tasks/run', { as: ADMIN, body: { taskName: 'search.reindex' } }));
    const run = await completed('search.reindex', result.jobId);
    expect(run.result).toMatchObject({ tenants: 3 });
    expect(Number(run.result!.articles)).toBeGreaterThan(50);
    expect(await indexed([article!.id])).toEqual([article!.id]);
  });

  test('customer users may not run it', async () => {
    const [customerId] = await t.customerIds();
    fails(await t.call('POST', '/api/admin/tasks/run', { as: 'manager@demo.test', customerId, body: { taskName: 'search.reindex' } }), 403, 'forbiddenAccess');
  });
});
