import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JOBS } from '../../src/server/job-registry';
import { notifyBackInStock } from '../../src/server/stock/back-in-stock-job';
import { createCatalogueWorld, setRules, type CatalogueWorld } from './catalogue-fixtures';
import { eventually } from './helpers/eventually';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let w: CatalogueWorld;
beforeAll(async () => {
  // Workers on: the back-in-stock mails go through the mail job to the outbox.
  t = await startTestApp({ jobs: { workers: true } });
  w = await createCatalogueWorld(t);
});
afterAll(async () => { await t?.close(); });

type Who = Parameters<CatalogueWorld['as']>[0];
const EMPTY = {
  includeMarketPlaces: [], excludeMarketPlaces: [], includeSuppliers: [], excludeSuppliers: [],
  includeCategories: [], excludeCategories: [], includeFamilies: [], excludeFamilies: [],
};

describe('GET /catalog-rules/user/{userId}', () => {
  const rulesOf = (userId: string, who: Who) => t.call('GET', `/api/catalog-rules/user/${userId}`, w.as(who));

  test('empty lists when none are stored', async () => {
    expect(ok(await rulesOf(w.users.buyer, 'buyer')).result).toEqual(EMPTY);
  });

  test('a customer user reads their own stored rules', async () => {
    await setRules(t, w, w.users.manager, { excludeSuppliers: [w.suppliers.platform2], includeFamilies: ['papier'] });
    expect(ok(await rulesOf(w.users.manager, 'manager')).result).toEqual({ ...EMPTY, excludeSuppliers: [w.suppliers.platform2], includeFamilies: ['papier'] });
  });

  test('a customer user may not read another user\'s rules: 403', async () => {
    fails(await rulesOf(w.users.manager, 'buyer'), 403, 'forbiddenAccess');
    fails(await rulesOf('00000000-0000-4000-8000-000000000000', 'buyer'), 403, 'forbiddenAccess');
    fails(await rulesOf('junk', 'buyer'), 403, 'forbiddenAccess');
  });

  test('platform admins read any user of the tenant; unknown or malformed user 404', async () => {
    expect(ok(await rulesOf(w.users.manager, 'admin')).result.includeFamilies).toEqual(['papier']);
    expect(ok(await rulesOf(w.users.other, 'superAdmin')).result).toEqual(EMPTY);
    fails(await rulesOf('00000000-0000-4000-8000-000000000000', 'admin'), 404, 'UserNotFound');
    fails(await rulesOf('junk', 'admin'), 404, 'UserNotFound');
    // a user of another tenant is unknown here
    const demoBuyer = await t.userId('buyer@demo.test');
    fails(await rulesOf(demoBuyer, 'admin'), 404, 'UserNotFound');
  });
});

describe('POST /customers/articleMailRequest', () => {
  const ask = (body: unknown, who: Who = 'buyer') => t.call('POST', '/api/customers/articleMailRequest', { ...w.as(who), body: body as object });
  const requests = (articleId: string) => t.db.selectFrom('articleMailRequests').selectAll().where('supplierArticleId', '=', articleId).execute();

  test('stores the user and their e-mail for a visible article; asking twice keeps one open request', async () => {
    const id = await w.article({ stock: 0 });
    const first = ok(await ask({ supplierArticleId: id })).result;
    expect(first).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const again = ok(await ask({ supplierArticleId: id })).result;
    expect(again).toEqual(first);
    const rows = await requests(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: w.users.buyer, email: 'buyer@cat.test', customerId: w.customerA, tenantId: w.tenantId, notifiedAt: null });
    // another user (of another customer) gets their own request
    const other = ok(await ask({ supplierArticleId: id }, 'other')).result;
    expect(other.id).not.toBe(first.id);
    expect((await requests(id)).map((r) => [r.userId, r.email, r.customerId]).sort()).toEqual([
      [w.users.buyer, 'buyer@cat.test', w.customerA], [w.users.other, 'other@cat.test', w.customerB],
    ].sort());
  });

  test('once notified, asking again opens a new request', async () => {
    const id = await w.article({ stock: 0 });
    const first = ok(await ask({ supplierArticleId: id })).result;
    await t.db.updateTable('articleMailRequests').set({ notifiedAt: new Date() }).where('id', '=', first.id).execute();
    const second = ok(await ask({ supplierArticleId: id })).result;
    expect(second.id).not.toBe(first.id);
  });

  test('an invisible article is 404: another customer\'s own, unavailable, excluded by the rules, unknown', async () => {
    const theirs = await w.article({ customerId: w.customerB, supplierId: w.suppliers.ownB, type: 'CustomerDefined' });
    const unavailable = await w.article({ available: false });
    const excluded = await w.article({ family: 'verboden' });
    fails(await ask({ supplierArticleId: theirs }), 404, 'SupplierArticleNotFound');
    fails(await ask({ supplierArticleId: unavailable }), 404, 'SupplierArticleNotFound');
    await setRules(t, w, w.users.buyer, { excludeFamilies: ['verboden'] });
    try {
      fails(await ask({ supplierArticleId: excluded }), 404, 'SupplierArticleNotFound');
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', w.users.buyer).execute();
    }
    fails(await ask({ supplierArticleId: '00000000-0000-4000-8000-000000000000' }), 404, 'SupplierArticleNotFound');
    expect(await requests(theirs)).toHaveLength(0);
  });

  test('malformed bodies are 400, never a 500', async () => {
    expect(fails(await ask({}), 400, 'validationFailed').details).toEqual([expect.objectContaining({ path: 'supplierArticleId', rule: 'required' })]);
    fails(await ask({ supplierArticleId: 'nope' }), 400, 'validationFailed');
    fails(await ask({ supplierArticleId: 5 }), 400, 'validationFailed');
    fails(await ask([]), 400, 'validationFailed');
  });

  test('needs an active customer', async () => {
    const id = await w.article({});
    fails(await ask({ supplierArticleId: id }, 'noAccess'), 400, 'noActiveCustomer');
  });
});

describe('the back-in-stock mail (articles.backInStock)', () => {
  const ask = (articleId: string, who: Who) => t.call('POST', '/api/customers/articleMailRequest', { ...w.as(who), body: { supplierArticleId: articleId } });
  const mails = (email: string) => t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', email).where('kind', '=', 'articleBackInStock').execute();
  const setLanguage = (userId: string, languageCode: string) => t.db.updateTable('users').set({ languageCode } as never).where('id', '=', userId).execute();

  test('once the stock rises above 0, each requester is mailed once in their language and the request is marked notified', async () => {
    await setLanguage(w.users.buyer, 'FR');
    await setLanguage(w.users.other, 'EN');
    const id = await w.article({ stock: 0 });
    await t.db.updateTable('supplierArticles').set({ title: JSON.stringify({ nl: 'Nietmachine', en: 'Stapler', fr: 'Agrafeuse' }) } as never).where('id', '=', id).execute();
    ok(await ask(id, 'buyer'));
    ok(await ask(id, 'other'));
    const before = { buyer: (await mails('buyer@cat.test')).length, other: (await mails('other@cat.test')).length };

    // Still out of stock: nothing is sent, nothing marked.
    await notifyBackInStock(t.db);
    expect((await t.db.selectFrom('articleMailRequests').select('notifiedAt').where('supplierArticleId', '=', id).execute()).every((r) => r.notifiedAt === null)).toBe(true);

    await t.db.updateTable('supplierArticles').set({ stock: 4 }).where('id', '=', id).execute();
    expect(await notifyBackInStock(t.db)).toBeGreaterThanOrEqual(2);
    const requests = await t.db.selectFrom('articleMailRequests').select('notifiedAt').where('supplierArticleId', '=', id).execute();
    expect(requests.map((r) => r.notifiedAt !== null)).toEqual([true, true]);
    const sent = async (email: string, count: number) => eventually(async () => {
      const rows = (await mails(email)).filter((m) => m.status === 'sent');
      if (rows.length < count) throw new Error(`${email}: ${rows.length} of ${count} mails sent`);
      return rows;
    }, 15_000);
    const fr = (await sent('buyer@cat.test', before.buyer + 1)).at(-1)!;
    expect(fr).toMatchObject({ language: 'fr', subject: 'Agrafeuse est de nouveau en stock' });
    expect(fr.text).toContain(`/products/${id}?company=${w.customerA}`);
    const en = (await sent('other@cat.test', before.other + 1)).at(-1)!;
    expect(en).toMatchObject({ language: 'en', subject: 'Stapler is back in stock' });

    // A second run, and stock rising again, mail nobody twice.
    await t.db.updateTable('supplierArticles').set({ stock: 0 }).where('id', '=', id).execute();
    await t.db.updateTable('supplierArticles').set({ stock: 9 }).where('id', '=', id).execute();
    await notifyBackInStock(t.db);
    expect((await t.db.selectFrom('mailOutbox').select('id').where('kind', '=', 'articleBackInStock').where('recipient', 'in', ['buyer@cat.test', 'other@cat.test']).execute()).length)
      .toBe(before.buyer + before.other + 2);
  });

  test('the job is one of the background tasks, on a schedule', () => {
    expect(JOBS['articles.backInStock'].schedule?.cron).toBeTruthy();
  });
});
