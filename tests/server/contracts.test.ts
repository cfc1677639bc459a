import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, todayInShopZone } from '../../src/shared/shop-clock';
import { settleContracts } from '../../src/server/contracts/settle';
import { makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addUser, queueOf } from './mail-helpers';
import { pdf, png, upload } from './upload-helpers';

/**
 * flows §3 Contract, §4 its statuses, §5 Contracts, §7 the Contracts calls: a customer admin keeps a
 * contract layout (duplicate names refused), creates and changes contracts under it with every rule
 * of §5 refused by its code and nothing written, finds them by their extra fields, and the daily
 * `contracts.status` job moves the statuses and tells the notification addresses once per date.
 */

let t: TestApp;
let customerId: string;
let otherCustomerId: string;
let supplierId: string;
const ADMIN = 'manager@demo.test';
const BUYER = 'buyer@demo.test';
const as = (email = ADMIN, cid = customerId) => ({ as: email, customerId: cid });
const today = () => todayInShopZone();

const LAYOUT = [
  { group: 'Extra', type: 'select', name: 'Risico', required: true, options: ['Laag', 'Hoog'] },
  { group: 'General', type: 'attachments', name: 'Getekend contract', required: true },
  { group: 'Financial', type: 'budgets', name: 'Budget', required: false },
  { group: 'General', type: 'extension', name: 'Verlenging', required: false },
  { group: 'SLA', type: 'number', name: 'Reactietijd (uur)', required: false },
  { group: 'SLA', type: 'date', name: 'Audit', required: false },
  { group: 'General', type: 'users', name: 'Betrokkenen', required: false },
  { group: 'General', type: 'department', name: 'Afdeling', required: false },
];

let signed: { containerName: string; blobName: string };
const budget = [{ fieldName: 'Budget', items: [{ description: 'Onderhoud', amount: '1200,50' }] }];
const valid = (over: Record<string, unknown> = {}) => ({
  title: 'Onderhoud liften', contractNumber: 'C-1', status: 'ACTIVE', supplierId,
  startDate: '2030-01-01', endDate: '2030-12-31', latestCancellationDate: '2030-10-01',
  budgets: budget, attachments: [{ fieldName: 'Getekend contract', file: signed }],
  extraFields: [{ name: 'Risico', value: 'Hoog' }], notificationEmails: ['contracts@example.com'],
  ...over,
});
const create = (body: Record<string, unknown>, email = ADMIN) => t.call('POST', '/api/contracts', { ...as(email), body });
const count = async () => Number((await t.db.selectFrom('contracts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
/** Refused with `code` at `path`, and nothing written. */
async function refused(body: Record<string, unknown>, status: number, code: string, path?: string) {
  const before = await count();
  const err = fails(await create(body), status, code);
  if (path) expect(err.details?.map((d) => d.path)).toContain(path);
  expect(await count()).toBe(before);
  return err;
}

beforeAll(async () => {
  t = await startTestApp();
  [customerId, otherCustomerId] = (await t.customerIds()) as [string, string];
  for (const id of [customerId, otherCustomerId]) {
    const c = await t.db.selectFrom('customers').select('features').where('id', '=', id).executeTakeFirstOrThrow();
    const features = (typeof c.features === 'string' ? JSON.parse(c.features) : c.features ?? []) as string[];
    await t.db.updateTable('customers').set({ features: JSON.stringify([...new Set([...features, 'contracts'])]) } as never).where('id', '=', id).execute();
  }
  supplierId = await makeSupplier(t, { name: 'Liftonderhoud NV' });
  ok(await t.call('PUT', '/api/contracts/layout', { ...as(), body: { fields: LAYOUT } }));
  signed = ok(await upload(t, ADMIN, { name: 'getekend.pdf', data: pdf('getekend'), type: 'application/pdf' }, { containerName: 'contracts', customerId }));
});
afterAll(async () => { await t?.close(); });

describe('the layout (GET/PUT /contracts/layout)', () => {
  test('a customer admin saves it and every reader reads it; a duplicate name (any case) is refused and changes nothing', async () => {
    const read = ok(await t.call('GET', '/api/contracts/layout', as()));
    expect(read.fields.map((f: { name: string }) => f.name)).toEqual(LAYOUT.map((f) => f.name));
    const dup = fails(await t.call('PUT', '/api/contracts/layout', { ...as(), body: { fields: [...LAYOUT, { group: 'Extra', type: 'input', name: ' risico ', required: false }] } }), 409, 'DuplicateContractFieldName');
    expect(dup.message).toBe('Twee velden kunnen niet dezelfde naam hebben.');
    fails(await t.call('PUT', '/api/contracts/layout', { ...as(), body: { fields: [{ group: 'Extra', type: 'select', name: 'Leeg', required: false, options: [] }] } }), 400, 'validationFailed');
    fails(await t.call('PUT', '/api/contracts/layout', { ...as(), body: { fields: [{ group: 'Other', type: 'input', name: 'X' }] } }), 400, 'validationFailed');
    expect(ok(await t.call('GET', '/api/contracts/layout', as())).fields).toHaveLength(LAYOUT.length);
    // Another company has its own (empty) layout; a user without contracts rights neither reads nor saves it.
    expect(ok(await t.call('GET', '/api/contracts/layout', as(ADMIN, otherCustomerId))).fields.map((f: { name: string }) => f.name)).not.toContain('Risico');
    fails(await t.call('PUT', '/api/contracts/layout', { ...as(BUYER), body: { fields: [] } }), 403, 'forbiddenAccess');
  });
});

describe('creating a contract (POST /contracts): the rules of flows §5', () => {
  test('a valid contract is stored with ISO dates, its files and budgets; GET /contracts/{id} reads it with names', async () => {
    const c = ok(await create(valid({ contractNumber: '', description: '  ' })));
    expect(c).toMatchObject({
      title: 'Onderhoud liften', status: 'ACTIVE', supplierId, supplierName: 'Liftonderhoud NV', contractNumber: null, description: null,
      startDate: '2030-01-01', endDate: '2030-12-31', latestCancellationDate: '2030-10-01',
      budgets: [{ fieldName: 'Budget', items: [{ description: 'Onderhoud', amount: '1200.50' }] }],
      attachments: [{ fieldName: 'Getekend contract', file: { blobName: signed.blobName, fileName: 'getekend.pdf', contentType: 'application/pdf' } }],
    });
    expect(ok(await t.call('GET', `/api/contracts/${c.id}`, as()))).toMatchObject({ id: c.id, supplierName: 'Liftonderhoud NV' });
    fails(await t.call('GET', `/api/contracts/${c.id}`, as(ADMIN, otherCustomerId)), 404, 'ContractNotFound');
  });

  test('dates: not DD/MM/YYYY on the wire is invalidFormatDate; end after start (invalidEndDate); start and end with extensions', async () => {
    await refused(valid({ startDate: '01/01/2030' }), 400, 'invalidFormatDate', 'startDate');
    await refused(valid({ endDate: '2030-02-30' }), 400, 'invalidFormatDate', 'endDate');
    await refused(valid({ extraFields: [{ name: 'Risico', value: 'Hoog' }, { name: 'Audit', value: '31-01-2030' }] }), 400, 'invalidFormatDate', 'layout.Audit');
    await refused(valid({ endDate: '2030-01-01' }), 400, 'invalidEndDate', 'endDate');
    await refused(valid({ endDate: '2029-12-01', latestCancellationDate: null }), 400, 'invalidEndDate', 'endDate');
    await refused(valid({ endDate: null, latestCancellationDate: null, contractExtensions: [{ endDate: '2031-12-31', budgetEstimation: '100' }] }), 400, 'ContractDatesRequired', 'endDate');
  });

  test('extensions: empty ones dropped; each ends after the contract and the previous one, with a budget', async () => {
    const ext = (list: unknown[]) => valid({ contractExtensions: list });
    const dropped = ok(await create(ext([{ endDate: '', budgetEstimation: '' }])));
    expect(dropped.contractExtensions).toEqual([]);
    await refused(ext([{ endDate: '2030-12-31', budgetEstimation: '100' }]), 400, 'invalidExtensionEndDate', 'contractExtensions.0.endDate');
    await refused(ext([{ endDate: '2031-12-31', budgetEstimation: '100' }, { endDate: '2031-06-30', budgetEstimation: '100' }]), 400, 'invalidExtensionEndDate', 'contractExtensions.1.endDate');
    await refused(ext([{ endDate: '2031-12-31' }]), 400, 'ExtensionBudgetRequired', 'contractExtensions.0.budgetEstimation');
    await refused(ext([{ budgetEstimation: '100' }]), 400, 'invalidExtensionEndDate', 'contractExtensions.0.endDate');
    const kept = ok(await create(ext([{ endDate: '2031-12-31', budgetEstimation: '500', latestCancellationDate: '2031-10-01' }, { endDate: '2032-12-31', budgetEstimation: '600' }])));
    expect(kept.contractExtensions).toEqual([
      { id: 'ext-1', endDate: '2031-12-31', budgetEstimation: '500.00', latestCancellationDate: '2031-10-01' },
      { id: 'ext-2', endDate: '2032-12-31', budgetEstimation: '600.00', latestCancellationDate: null },
    ]);
  });

  test('the latest cancellation date lies within the contract, or its last extension', async () => {
    await refused(valid({ latestCancellationDate: '2029-12-31' }), 400, 'invalidCancellationDate', 'latestCancellationDate');
    await refused(valid({ latestCancellationDate: '2031-01-15' }), 400, 'invalidCancellationDate', 'latestCancellationDate');
    ok(await create(valid({ latestCancellationDate: '2031-01-15', contractExtensions: [{ endDate: '2031-12-31', budgetEstimation: '1' }] })));
    await refused(valid({ contractExtensions: [{ endDate: '2031-12-31', budgetEstimation: '1', latestCancellationDate: '2032-01-02' }] }), 400, 'invalidCancellationDate', 'contractExtensions.0.latestCancellationDate');
  });

  test('a supplier unless DRAFT (SupplierRequired); at least one budget with at least one item (BudgetsRequired)', async () => {
    await refused(valid({ supplierId: null }), 400, 'SupplierRequired', 'supplierId');
    expect(ok(await create(valid({ supplierId: null, status: 'DRAFT', budgets: [] }))).status).toBe('DRAFT');
    await refused(valid({ budgets: [] }), 400, 'BudgetsRequired', 'layout.Budget');
    await refused(valid({ budgets: [{ fieldName: 'Budget', items: [] }] }), 400, 'BudgetsRequired', 'budgets.0.items');
    await refused(valid({ status: 'DRAFT', budgets: [{ fieldName: 'Budget', items: [] }] }), 400, 'BudgetsRequired', 'budgets.0.items');
  });

  test("the layout's fields: required ones, a select's options, numbers, unknown names; the company's references only", async () => {
    await refused(valid({ extraFields: [] }), 400, 'ContractFieldRequired', 'layout.Risico');
    await refused(valid({ extraFields: [{ name: 'Risico', value: 'Middel' }] }), 400, 'validationFailed', 'layout.Risico');
    await refused(valid({ extraFields: [{ name: 'Risico', value: 'Laag' }, { name: 'Reactietijd (uur)', value: 'snel' }] }), 400, 'validationFailed', 'layout.Reactietijd (uur)');
    await refused(valid({ extraFields: [{ name: 'Risico', value: 'Laag' }, { name: 'Geheim', value: 'x' }] }), 400, 'validationFailed', 'extraFields.1.name');
    const foreign = await makeSupplier(t, { name: 'Ander' });
    await t.db.updateTable('suppliers').set({ customerId: otherCustomerId }).where('id', '=', foreign).execute();
    await refused(valid({ supplierId: foreign }), 400, 'validationFailed', 'supplierId');
    const outsider = await addUser(t, 'elders@example.com', { customerId: otherCustomerId, roles: ['admin'] });
    await refused(valid({ ownerId: outsider }), 400, 'validationFailed', 'ownerId');
    await refused(valid({ extraUserFields: [{ name: 'Betrokkenen', userIds: [outsider] }] }), 400, 'validationFailed', 'extraUserFields');
    expect(ok(await create(valid({ ownerId: await t.userId(ADMIN) }))).ownerName).toBeTruthy();
    await refused(valid({ notificationEmails: ['geen-adres'] }), 400, 'validationFailed');
  });

  test("files: the mandatory field, extra uploads PDF or Excel, no two with one name, at most 25, the company's own, 100 MB", async () => {
    const mandatory = await refused(valid({ attachments: [] }), 400, 'AttachmentFieldMandatory', 'layout.Getekend contract');
    expect(mandatory.message).toBe('Dit bijlageveld is verplicht.');
    const image = ok(await upload(t, ADMIN, { name: 'foto.png', data: png(), type: 'image/png' }, { containerName: 'contracts', customerId }));
    await refused(valid({ attachments: [{ fieldName: 'Getekend contract', file: signed }, { file: image }] }), 415, 'ContractFileNotPdfOrExcel', 'attachments.1');
    ok(await create(valid({ attachments: [{ fieldName: 'Getekend contract', file: signed }, { fieldName: 'Getekend contract', file: image }] })));
    const again = ok(await upload(t, ADMIN, { name: 'GETEKEND.pdf', data: pdf('nog eens'), type: 'application/pdf' }, { containerName: 'contracts', customerId }));
    await refused(valid({ attachments: [{ fieldName: 'Getekend contract', file: signed }, { file: again }] }), 409, 'FileAlreadyAdded', 'attachments.1');
    const many = [];
    for (let i = 0; i < 26; i++) many.push(ok(await upload(t, ADMIN, { name: `bijlage-${i}.pdf`, data: pdf(String(i)), type: 'application/pdf' }, { containerName: 'contracts', customerId })));
    await refused(valid({ attachments: many.map((file) => ({ fieldName: 'Getekend contract', file })) }), 400, 'TooManyFilesForContract');
    const theirs = ok(await upload(t, ADMIN, { name: 'ander.pdf', data: pdf('ander'), type: 'application/pdf' }, { containerName: 'contracts', customerId: otherCustomerId }));
    await refused(valid({ attachments: [{ fieldName: 'Getekend contract', file: theirs }] }), 404, 'FileNotFound');
    // Content and type are checked while the file streams in; the container takes up to 100 MB.
    fails(await upload(t, ADMIN, { name: 'leeg.pdf', data: Buffer.alloc(0), type: 'application/pdf' }, { containerName: 'contracts', customerId }), 400, 'FileEmpty');
    fails(await upload(t, ADMIN, { name: 'script.exe', data: Buffer.from('MZ\x90\x00'), type: 'application/octet-stream' }, { containerName: 'contracts', customerId }), 415, 'FileTypeNotAllowed');
    const { BLOB_CONTAINERS } = await import('../../src/server/blob-containers');
    expect(BLOB_CONTAINERS.contracts.maxBytes).toBe(100 * 1024 * 1024);
    // A file a contract holds is removed through the contract, not through DELETE /upload.
    fails(await t.call('DELETE', '/api/upload', { ...as(), query: { containerName: 'contracts', blobName: signed.blobName } }), 409, 'FileInContract');
    // A reader of the company's contracts downloads it.
    expect((await t.call('GET', '/api/upload', { ...as(), query: { containerName: 'contracts', blobName: signed.blobName } })).statusCode).toBe(200);
  });

  test('a user without contract rights cannot create; the acting company needs the contracts feature', async () => {
    fails(await create(valid(), BUYER), 403, 'forbiddenAccess');
  });
});

describe('changing (PUT /contracts/{id}) and finding (GET /contracts) contracts', () => {
  test('update keeps the rules and replaces the contract; GET /contracts filters by the extra fields and the spec filters', async () => {
    const c = ok(await create(valid({ contractNumber: 'ZOEK-1', title: 'Schoonmaak' })));
    fails(await t.call('PUT', `/api/contracts/${c.id}`, { ...as(), body: valid({ endDate: '2029-01-01', latestCancellationDate: null }) }), 400, 'invalidEndDate');
    expect(ok(await t.call('GET', `/api/contracts/${c.id}`, as())).endDate).toBe('2030-12-31');
    const changed = ok(await t.call('PUT', `/api/contracts/${c.id}`, { ...as(), body: { ...c, ...valid({ contractNumber: 'ZOEK-1', title: 'Schoonmaak kantoren', extraFields: [{ name: 'Risico', value: 'Laag' }] }) } }));
    expect(changed).toMatchObject({ title: 'Schoonmaak kantoren', extraFields: [{ name: 'Risico', value: 'Laag' }] });
    fails(await t.call('PUT', `/api/contracts/${c.id}`, { ...as(ADMIN, otherCustomerId), body: valid() }), 404, 'ContractNotFound');

    const find = async (query: Record<string, string>) => ok(await t.call('GET', '/api/contracts', { ...as(), query })) as { items: { id: string }[]; total: number };
    const ids = async (query: Record<string, string>) => (await find(query)).items.map((i) => i.id);
    expect(await ids({ extraFields: JSON.stringify([{ name: 'risico', value: 'laag' }]), pageSize: '200' })).toContain(c.id);
    expect(await ids({ extraFields: JSON.stringify([{ name: 'Risico', value: 'Hoog' }]), pageSize: '200' })).not.toContain(c.id);
    // An empty value is no filter (flows §5 list queries).
    expect(await ids({ extraFields: JSON.stringify([{ name: 'Risico', value: '' }]), search: 'ZOEK' })).toEqual([c.id]);
    expect(await ids({ contractNumber: 'zoek-1', title: 'kantoren', status: 'ACTIVE', supplierId })).toEqual([c.id]);
    expect(await ids({ search: 'ZOEK', status: 'DRAFT' })).toEqual([]);
    expect(await ids({ search: 'ZOEK', startDate: '2030-01-02' })).toEqual([]);
    expect(await ids({ search: 'ZOEK', endDate: '2030-12-31', startDate: '2030-01-01' })).toEqual([c.id]);
    const paged = await find({ page: '1', pageSize: '2', sort: '-title' });
    expect(paged).toMatchObject({ page: 1, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    fails(await t.call('GET', '/api/contracts', { ...as(), query: { extraFields: 'not json' } }), 400, 'validationFailed');
    expect((ok(await t.call('GET', '/api/contracts', { ...as(ADMIN, otherCustomerId), query: { pageSize: '200' } })) as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(c.id);
  });

  test('GET /contracts/contract-categories: the company\'s categories by name', async () => {
    const tenantId = await t.tenantId();
    await t.db.insertInto('contractCategories').values([{ tenantId, customerId, name: 'Schoonmaak' }, { tenantId, customerId, name: 'Onderhoud' }, { tenantId, customerId: otherCustomerId, name: 'Ander' }]).execute();
    expect((ok(await t.call('GET', '/api/contracts/contract-categories', as())) as { name: string }[]).map((c) => c.name)).toEqual(['Onderhoud', 'Schoonmaak']);
  });

  test('platform admins read every company\'s contracts (POST /admin/contracts/query)', async () => {
    const all = ok(await t.call('POST', '/api/admin/contracts/query', { as: 'admin@demo.test', body: { query: { skip: 0, take: 5 } } }));
    expect(all.result.total).toBeGreaterThan(0);
  });
});

describe('the contracts.status job', () => {
  test('statuses follow the dates and the customer setting; notices and reminders go to the addresses once per date', async () => {
    const d = (n: number) => addDays(today(), n);
    const base = { startDate: d(-300), endDate: d(200), budgets: budget, attachments: [{ fieldName: 'Getekend contract', file: signed }], extraFields: [{ name: 'Risico', value: 'Hoog' }] };
    const far = ok(await create({ ...base, title: 'Ver', status: 'ACTIVE', supplierId, latestCancellationDate: d(60), notificationEmails: ['ver@example.com'] }));
    const near = ok(await create({ ...base, title: 'Dichtbij', status: 'ACTIVE', supplierId, latestCancellationDate: d(20), notificationEmails: ['a@example.com', 'b@example.com'] }));
    const draft = ok(await create({ ...base, title: 'Ontwerp', status: 'DRAFT', latestCancellationDate: d(5) }));
    expect([far.status, near.status, draft.status]).toEqual(['ACTIVE', 'ABOUT_TO_EXPIRE', 'DRAFT']);

    const mails = async () => (await queueOf(t).findJobs('mail.send')).map((j) => j.data as { recipientEmail?: string; mail: { kind: string; contractId?: string } })
      .filter((m) => m.mail.contractId && [far.id, near.id, draft.id].includes(m.mail.contractId));
    const first = await settleContracts(t.db);
    expect(first.notices).toBeGreaterThanOrEqual(1);
    expect((await mails()).map((m) => `${m.mail.kind}:${m.recipientEmail}`).sort()).toEqual(['contractCancellationNotice:a@example.com', 'contractCancellationNotice:b@example.com']);
    await settleContracts(t.db);
    expect(await mails()).toHaveLength(2);

    // Seven days before the date: the reminder, once.
    const soon = new Date(Date.now() + 14 * 86_400_000);
    await settleContracts(t.db, soon);
    await settleContracts(t.db, soon);
    expect((await mails()).filter((m) => m.mail.kind === 'contractCancellationReminder').map((m) => m.recipientEmail).sort()).toEqual(['a@example.com', 'b@example.com']);

    // The customer's setting: 90 days makes the far one about to expire.
    await t.db.updateTable('customers').set({ contractAboutToExpireDays: 90 }).where('id', '=', customerId).execute();
    await settleContracts(t.db);
    const status = async (id: string) => (await t.db.selectFrom('contracts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(far.id)).toBe('ABOUT_TO_EXPIRE');
    await t.db.updateTable('customers').set({ contractAboutToExpireDays: 30 }).where('id', '=', customerId).execute();
    // Past its last day it is expired; a draft stays a draft.
    await settleContracts(t.db, new Date(Date.now() + 201 * 86_400_000));
    expect(await status(far.id)).toBe('EXPIRED');
    expect(await status(draft.id)).toBe('DRAFT');
    expect((await mails()).filter((m) => m.mail.contractId === draft.id)).toEqual([]);
  });
});
