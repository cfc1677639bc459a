import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { permissionsForRoles } from '../../src/shared/access';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures, storedBasket } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Order templates (flows §3 "Order template: title, lines, creation date. Gift cards cannot be
 * added.", §5 "get and delete require an active customer", §7 POST /order-templates/query, /id,
 * /create, /update, /delete), and filling the basket from one (POST /order-templates/{id}/to-transporter):
 * a template is its creator's, a customer admin manages the company's; articles must be ones the
 * caller may order and no gift card; the basket's stock rules apply to the filled basket.
 */

let t: TestApp;
let tenantId: string;
let company: string; // Bakkerij Janssens BV: buyer, second buyer and manager (customer admin)
let otherCompany: string; // Gemeente Melle: manager only
let supplier: string;
let pen: string;
let paper: string;
let boxOfSix: string; // minimum order quantity 6
let giftCard: string;
let elsewhere: string; // an own article of the other company
let unavailable: string;
let excludedSupplier: string;
let excluded: string; // excluded for the second buyer by a catalogue rule
const BUYER = 'buyer@demo.test';
const SECOND = 'second-buyer@demo.test';
const MANAGER = 'manager@demo.test';

const as = (email: string, customerId = company) => ({ as: email, customerId });
const api = (path: string) => `/api/order-templates${path}`;
const create = (dto: unknown, who = BUYER, customerId = company) => t.call('POST', api('/create'), { ...as(who, customerId), body: { dto } });
const update = (dto: unknown, who = BUYER) => t.call('POST', api('/update'), { ...as(who), body: { dto } });
const get = (id: string, who = BUYER, customerId = company) => t.call('POST', api('/id'), { ...as(who, customerId), body: { id } });
const remove = (id: string, who = BUYER) => t.call('POST', api('/delete'), { ...as(who), body: { id } });
const query = (q: Record<string, unknown> = {}, who = BUYER) => t.call('POST', api('/query'), { ...as(who), body: { query: q } });
const fill = (id: string, who = BUYER) => t.call('POST', api(`/${id}/to-transporter`), { ...as(who), body: {} });
const basket = (lines: unknown[], who = BUYER) => t.call('PUT', '/api/v2/transporters/update', { ...as(who), body: { transporter: { transporterLines: lines } } });
const created = async (dto: unknown, who = BUYER) => ok(await create(dto, who)).result as { id: string; title: string; lines: { supplierArticleId: string; amount: number }[] };
const count = async () => Number((await t.db.selectFrom('orderTemplates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [company, otherCompany] = await t.customerIds();
  for (const id of [company, otherCompany]) await setFeatures(t, id, [...new Set([...await featuresOf(t, id), 'orderTemplates'])]);
  const user = await t.db.insertInto('users').values({ tenantId, email: SECOND, displayname: 'Second Buyer', userType: 3, active: true } as never)
    .returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('customerAccesses').values({
    tenantId, userId: user.id, customerId: company, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: '[]',
  } as never).execute();
  supplier = await makeSupplier(t, { name: 'Sjabloon NV' });
  pen = await makeArticle(t, { supplierId: supplier, price: '1.50', title: 'Balpen' });
  paper = await makeArticle(t, { supplierId: supplier, price: '4.00', stock: 10, title: 'Papier' });
  boxOfSix = await makeArticle(t, { supplierId: supplier, minOrderQuant: 6, title: 'Doos' });
  giftCard = await makeArticle(t, { supplierId: supplier, type: 'GiftCard', title: 'Cadeaubon' });
  elsewhere = await makeArticle(t, { supplierId: supplier, customerId: otherCompany, title: 'Eigen artikel Melle' });
  unavailable = await makeArticle(t, { supplierId: supplier, available: false, title: 'Uit de handel' });
  excludedSupplier = await makeSupplier(t, { name: 'Uitgesloten BV' });
  excluded = await makeArticle(t, { supplierId: excludedSupplier, title: 'Uitgesloten' });
  await t.db.insertInto('catalogRules').values({ tenantId, userId: user.id, excludeSuppliers: JSON.stringify([excludedSupplier]) }).execute();
});
afterAll(async () => { await t?.close(); });

describe('creating, reading, changing and removing a template', () => {
  test('a buyer creates a template; get answers its lines with their articles and the creation date', async () => {
    const before = Date.now();
    const made = await created({ title: 'Weekbestelling', lines: [{ supplierArticleId: pen, amount: 5 }, { supplierArticleId: paper, amount: 2 }] });
    expect(made).toMatchObject({ title: 'Weekbestelling', createdByName: 'Bert Buyer' });
    expect(new Date((made as unknown as { createdAt: string }).createdAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const read = ok(await get(made.id)).result;
    expect(read.lines).toEqual([
      { supplierArticleId: pen, amount: 5, article: expect.objectContaining({ id: pen, title: expect.objectContaining({ nl: 'Balpen' }), price: '1.50', available: true, supplierName: 'Sjabloon NV' }) },
      { supplierArticleId: paper, amount: 2, article: expect.objectContaining({ id: paper, price: '4.00', available: true }) },
    ]);
    const stored = await t.db.selectFrom('orderTemplates').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenantId, customerId: company, createdById: await t.userId(BUYER) });
  });

  test('repeated articles become one line with the amounts added up', async () => {
    const made = await created({ title: 'Dubbel', lines: [{ supplierArticleId: pen, amount: 2 }, { supplierArticleId: paper, amount: 1 }, { supplierArticleId: pen, amount: 3 }] });
    expect(made.lines.map((l) => [l.supplierArticleId, l.amount])).toEqual([[pen, 5], [paper, 1]]);
  });

  test('the list is by title, searched on the title, paged, each item with its counts and first articles', async () => {
    await created({ title: 'Zeep en handdoeken', lines: [{ supplierArticleId: pen, amount: 1 }] });
    await created({ title: 'Kantoor 50% korting', lines: [{ supplierArticleId: pen, amount: 4 }, { supplierArticleId: paper, amount: 3 }, { supplierArticleId: boxOfSix, amount: 6 }, { supplierArticleId: pen, amount: 1 }] });
    const all = ok(await query({ take: 100 })).result;
    const titles = all.items.map((i: { title: string }) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const office = ok(await query({ search: '50%' })).result;
    expect(office).toMatchObject({ total: 1, skip: 0, take: 20 });
    expect(office.items[0]).toMatchObject({ title: 'Kantoor 50% korting', lineCount: 3, itemCount: 14 });
    expect(office.items[0].articles.map((a: { title: { nl: string } }) => a.title.nl)).toEqual(['Balpen', 'Papier', 'Doos']);
    const page = ok(await query({ skip: 1, take: 1 })).result;
    expect(page).toMatchObject({ total: all.total, skip: 1, take: 1 });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([all.items[1].id]);
  });

  test('update changes the title and replaces the lines; a title alone keeps the lines; delete removes it', async () => {
    const made = await created({ title: 'Oud', lines: [{ supplierArticleId: pen, amount: 1 }] });
    const changed = ok(await update({ id: made.id, title: 'Nieuw', lines: [{ supplierArticleId: paper, amount: 7 }] })).result;
    expect(changed).toMatchObject({ id: made.id, title: 'Nieuw', lines: [{ supplierArticleId: paper, amount: 7 }] });
    const renamed = ok(await update({ id: made.id, title: 'Hernoemd' })).result;
    expect(renamed.lines.map((l: { supplierArticleId: string }) => l.supplierArticleId)).toEqual([paper]);
    fails(await update({ id: made.id, title: '' }), 400, 'validationFailed');
    fails(await update({ id: made.id, lines: [{ supplierArticleId: pen, amount: 0 }] }), 400, 'validationFailed');
    expect(ok(await remove(made.id)).result).toMatchObject({ id: made.id, title: 'Hernoemd' });
    fails(await get(made.id), 404, 'OrderTemplateNotFound');
    fails(await remove(made.id), 404, 'OrderTemplateNotFound');
  });

  test('a title is required and a line needs an amount of at least 1', async () => {
    const n = await count();
    fails(await create({ title: '  ', lines: [] }), 400, 'validationFailed');
    fails(await create({ title: 'Nul', lines: [{ supplierArticleId: pen, amount: 0 }] }), 400, 'validationFailed');
    fails(await create({ title: 'Half', lines: [{ supplierArticleId: pen, amount: 1.5 }] }), 400, 'validationFailed');
    expect(await count()).toBe(n);
  });
});

describe('whose templates', () => {
  test("another user's template is not found for a buyer, nor listed; the customer admin reads, changes and removes it", async () => {
    const theirs = await created({ title: 'Van een collega', lines: [{ supplierArticleId: pen, amount: 1 }] }, SECOND);
    fails(await get(theirs.id), 404, 'OrderTemplateNotFound');
    fails(await update({ id: theirs.id, title: 'Gekaapt' }), 404, 'OrderTemplateNotFound');
    fails(await remove(theirs.id), 404, 'OrderTemplateNotFound');
    fails(await fill(theirs.id), 404, 'OrderTemplateNotFound');
    expect(ok(await query({ take: 100 })).result.items.map((i: { id: string }) => i.id)).not.toContain(theirs.id);
    const managerList = ok(await query({ search: 'collega' }, MANAGER)).result;
    expect(managerList.items).toEqual([expect.objectContaining({ id: theirs.id, createdByName: 'Second Buyer' })]);
    expect(ok(await update({ id: theirs.id, title: 'Van een collega (nagekeken)' }, MANAGER)).result.title).toBe('Van een collega (nagekeken)');
    ok(await remove(theirs.id, MANAGER));
    fails(await get(theirs.id, SECOND), 404, 'OrderTemplateNotFound');
  });

  test("another company's template is not found, not even for the admin of both acting for the other one", async () => {
    const melle = ok(await create({ title: 'Melle', lines: [] }, MANAGER, otherCompany)).result;
    fails(await get(melle.id, MANAGER, company), 404, 'OrderTemplateNotFound');
    fails(await remove(melle.id, MANAGER), 404, 'OrderTemplateNotFound');
    expect(ok(await query({ search: 'Melle' }, MANAGER)).result.total).toBe(0);
    expect(ok(await get(melle.id, MANAGER, otherCompany)).result.title).toBe('Melle');
  });
});

describe('which articles a template may hold', () => {
  test('a gift card is refused (GiftCardNotInTemplate), on create and on update', async () => {
    const n = await count();
    const body = fails(await create({ title: 'Cadeau', lines: [{ supplierArticleId: pen, amount: 1 }, { supplierArticleId: giftCard, amount: 1 }] }), 400, 'GiftCardNotInTemplate');
    expect(body.details).toEqual([expect.objectContaining({ path: 'dto.lines.1', rule: 'GiftCardNotInTemplate' })]);
    expect(await count()).toBe(n);
    const made = await created({ title: 'Zonder cadeau', lines: [{ supplierArticleId: pen, amount: 1 }] });
    fails(await update({ id: made.id, lines: [{ supplierArticleId: giftCard, amount: 1 }] }), 400, 'GiftCardNotInTemplate');
    expect(ok(await get(made.id)).result.lines.map((l: { supplierArticleId: string }) => l.supplierArticleId)).toEqual([pen]);
  });

  test("an article the caller may not order is refused like an unknown one (ArticleNotAvailable): another company's own, unavailable, excluded by their rules", async () => {
    const n = await count();
    for (const id of [elsewhere, unavailable, '00000000-0000-4000-8000-000000000000']) {
      const body = fails(await create({ title: 'Onzichtbaar', lines: [{ supplierArticleId: id, amount: 1 }] }), 400, 'ArticleNotAvailable');
      expect(body.details?.[0]).toMatchObject({ path: 'dto.lines.0', rule: 'ArticleNotAvailable' });
    }
    fails(await create({ title: 'Uitgesloten', lines: [{ supplierArticleId: excluded, amount: 1 }] }, SECOND), 400, 'ArticleNotAvailable');
    expect(await count()).toBe(n);
    // The buyer has no rule against that supplier.
    ok(await create({ title: 'Toegelaten', lines: [{ supplierArticleId: excluded, amount: 1 }] }));
  });

  test("an amount below the article's minimum order quantity is refused with the minimum", async () => {
    const body = fails(await create({ title: 'Te weinig', lines: [{ supplierArticleId: boxOfSix, amount: 2 }] }), 400, 'BelowMinimumOrderQuantity');
    expect(body.details?.[0]).toMatchObject({ path: 'dto.lines.0', params: { minOrderQuant: 6 } });
  });

  test('a line whose article the caller can no longer order stays, shown without its price, and saving keeps it', async () => {
    const fading = await makeArticle(t, { supplierId: supplier, price: '9.99', title: 'Verdwijnt' });
    const made = await created({ title: 'Met verdwijnend artikel', lines: [{ supplierArticleId: fading, amount: 1 }, { supplierArticleId: pen, amount: 1 }] });
    await t.db.updateTable('supplierArticles').set({ available: false }).where('id', '=', fading).execute();
    const read = ok(await get(made.id)).result;
    expect(read.lines[0].article).toMatchObject({ id: fading, available: false, title: expect.objectContaining({ nl: 'Verdwijnt' }) });
    expect(read.lines[0].article.price ?? null).toBeNull();
    const saved = ok(await update({ id: made.id, title: 'Nog steeds', lines: [{ supplierArticleId: fading, amount: 2 }, { supplierArticleId: pen, amount: 1 }] })).result;
    expect(saved.lines.map((l: { amount: number }) => l.amount)).toEqual([2, 1]);
    // Adding another unavailable article is still refused.
    fails(await update({ id: made.id, lines: [{ supplierArticleId: fading, amount: 2 }, { supplierArticleId: unavailable, amount: 1 }] }), 400, 'ArticleNotAvailable');
    const filled = fails(await fill(made.id), 400, 'ArticleNotAvailable');
    expect(filled.details?.[0]).toMatchObject({ path: 'lines.0', rule: 'ArticleNotAvailable' });
  });
});

describe('access', () => {
  test("without an active customer, get and delete answer noActiveCustomer: 'There is no active customer'", async () => {
    const made = await created({ title: 'Bestaat', lines: [] });
    for (const path of ['/id', '/delete']) {
      const body = fails(await t.call('POST', api(path), { as: 'newcomer@demo.test', headers: { 'accept-language': 'en' }, body: { id: made.id } }), 400, 'noActiveCustomer');
      expect(body.message).toBe('There is no active customer');
    }
    expect(ok(await get(made.id)).result.id).toBe(made.id);
  });

  test('a super admin naming no customer is not taken to the default contracts customer: every call answers noActiveCustomer and nothing changes', async () => {
    const made = await created({ title: 'Van de bakkerij', lines: [{ supplierArticleId: pen, amount: 2 }] });
    const tenant = await t.db.selectFrom('tenants').select('defaultContractsCustomerId').where('id', '=', tenantId).executeTakeFirstOrThrow();
    expect(tenant.defaultContractsCustomerId).toBe(company); // the fallback would find the template
    const admin = { as: 'superadmin@demo.test', headers: { 'accept-language': 'en' } };
    const calls: [string, unknown][] = [
      ['/id', { id: made.id }], ['/delete', { id: made.id }], ['/query', { query: {} }],
      ['/create', { dto: { title: 'Niet hier', lines: [] } }], ['/update', { dto: { id: made.id, title: 'Niet hier' } }], [`/${made.id}/to-transporter`, {}],
    ];
    const before = await count();
    for (const [path, body] of calls) {
      const refused = fails(await t.call('POST', api(path), { ...admin, body }), 400, 'noActiveCustomer');
      expect(refused.message, path).toBe('There is no active customer');
    }
    expect(await count()).toBe(before);
    expect(ok(await get(made.id)).result).toMatchObject({ id: made.id, title: 'Van de bakkerij' });
    // Naming the company, the super admin reads it.
    expect(ok(await t.call('POST', api('/id'), { as: 'superadmin@demo.test', customerId: company, body: { id: made.id } })).result.id).toBe(made.id);
  });

  test('a company without the orderTemplates feature is refused every call (403)', async () => {
    const made = ok(await create({ title: 'Voor de uitschakeling', lines: [] }, MANAGER, otherCompany)).result;
    const features = await featuresOf(t, otherCompany);
    await setFeatures(t, otherCompany, features.filter((f) => f !== 'orderTemplates'));
    try {
      const who = as(MANAGER, otherCompany);
      fails(await t.call('POST', api('/query'), { ...who, body: { query: {} } }), 403, 'forbiddenAccess');
      fails(await t.call('POST', api('/id'), { ...who, body: { id: made.id } }), 403, 'forbiddenAccess');
      fails(await t.call('POST', api('/create'), { ...who, body: { dto: { title: 'Nee', lines: [] } } }), 403, 'forbiddenAccess');
      fails(await t.call('POST', api('/delete'), { ...who, body: { id: made.id } }), 403, 'forbiddenAccess');
      fails(await t.call('POST', api(`/${made.id}/to-transporter`), { ...who, body: {} }), 403, 'forbiddenAccess');
    } finally {
      await setFeatures(t, otherCompany, features);
    }
    expect(ok(await get(made.id, MANAGER, otherCompany)).result.id).toBe(made.id);
  });

  test('reading needs orders R, writing orders C: a user with read only lists but cannot create', async () => {
    const email = 'reader@demo.test';
    const user = await t.db.insertInto('users').values({ tenantId, email, displayname: 'Reader', userType: 3, active: true } as never).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('customerAccesses').values({
      tenantId, userId: user.id, customerId: company, active: true, roles: JSON.stringify(['creditHolder']), permissions: JSON.stringify(permissionsForRoles(['creditHolder'])), departmentIds: '[]',
    } as never).execute();
    expect(ok(await query({}, email)).result.total).toBe(0);
    fails(await create({ title: 'Mag niet', lines: [] }, email), 403, 'forbiddenAccess');
  });
});

describe('filling the basket from a template', () => {
  const storedLines = async () => {
    const [row] = await storedBasket(t, await t.userId(BUYER), company);
    const lines = row ? (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) : [];
    return (lines as { supplierArticleId: string; amount: number }[]).map((l) => [l.supplierArticleId, l.amount]);
  };

  test("adds the template's lines to what the basket holds, adding up amounts of the same article, and answers the basket", async () => {
    ok(await basket([line(pen, 2), line(boxOfSix, 6)]));
    const made = await created({ title: 'Aanvullen', lines: [{ supplierArticleId: pen, amount: 3 }, { supplierArticleId: paper, amount: 4 }] });
    const answer = ok(await fill(made.id)).result;
    expect(answer.transporterLines.map((l: { amount: number; transporterArticle: { id: string } }) => [l.transporterArticle.id, l.amount]))
      .toEqual([[pen, 5], [boxOfSix, 6], [paper, 4]]);
    expect(answer.totalProductCostExcl).toBe('83.50'); // 5 × 1.50 + 6 × 10.00 + 4 × 4.00
    expect(await storedLines()).toEqual([[pen, 5], [boxOfSix, 6], [paper, 4]]);
  });

  test('re-checks stock over the whole basket: refused with the template line and the stock, the basket unchanged', async () => {
    ok(await basket([line(paper, 8)]));
    const made = await created({ title: 'Te veel papier', lines: [{ supplierArticleId: pen, amount: 1 }, { supplierArticleId: paper, amount: 3 }] });
    const body = fails(await fill(made.id), 400, 'NotEnoughStock');
    expect(body.details).toEqual([expect.objectContaining({ path: 'lines.1', rule: 'NotEnoughStock', params: { stock: 10 } })]);
    expect(await storedLines()).toEqual([[paper, 8]]);
    // Stock that changed since the template was saved counts too.
    ok(await basket([]));
    await t.db.updateTable('supplierArticles').set({ stock: 2 }).where('id', '=', paper).execute();
    fails(await fill(made.id), 400, 'NotEnoughStock');
    expect(await storedLines()).toEqual([]);
    await t.db.updateTable('supplierArticles').set({ stock: 10 }).where('id', '=', paper).execute();
    ok(await fill(made.id));
    expect(await storedLines()).toEqual([[pen, 1], [paper, 3]]);
  });

  test("re-checks visibility as the user filling it: the admin's company template with an article excluded for them is refused", async () => {
    const made = await created({ title: 'Met uitgesloten leverancier', lines: [{ supplierArticleId: excluded, amount: 1 }] });
    ok(await basket([], SECOND));
    // The second buyer cannot read the buyer's template at all; the manager (no rule) can fill from it.
    fails(await fill(made.id, SECOND), 404, 'OrderTemplateNotFound');
    ok(await fill(made.id, MANAGER));
    await t.db.insertInto('catalogRules').values({ tenantId, userId: await t.userId(MANAGER), excludeSuppliers: JSON.stringify([excludedSupplier]) }).execute();
    try {
      ok(await basket([], MANAGER));
      const body = fails(await fill(made.id, MANAGER), 400, 'ArticleNotAvailable');
      expect(body.details?.[0]).toMatchObject({ path: 'lines.0' });
    } finally {
      await t.db.deleteFrom('catalogRules').where('userId', '=', await t.userId(MANAGER)).execute();
    }
  });

  test("only the caller's own basket: naming another user or company is refused (403), as in the basket calls", async () => {
    const made = await created({ title: 'Voor mezelf', lines: [{ supplierArticleId: pen, amount: 1 }] });
    ok(await basket([]));
    fails(await t.call('POST', api(`/${made.id}/to-transporter`), { ...as(BUYER), body: { userId: await t.userId(SECOND) } }), 403, 'forbiddenAccess');
    fails(await t.call('POST', api(`/${made.id}/to-transporter`), { ...as(BUYER), body: { customerId: otherCompany } }), 403, 'forbiddenAccess');
    expect(await storedLines()).toEqual([]);
    ok(await t.call('POST', api(`/${made.id}/to-transporter`), { ...as(BUYER), body: { customerId: company, userId: await t.userId(BUYER) } }));
    expect(await storedLines()).toEqual([[pen, 1]]);
  });

  test('an empty template fills nothing (NoOrderLinesProvided)', async () => {
    const made = await created({ title: 'Leeg', lines: [] });
    fails(await fill(made.id), 400, 'NoOrderLinesProvided');
  });
});
