import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { permissionsForRoles } from '../../src/shared/access';
import { asJob, asUser } from '../../src/server/db/audit-actor';
import { line, makeArticle, makeSupplier } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The audit trail (issue 30, docs/audit-trail.md): a write to a company's data leaves an entry with
 * who (the signed-in user, whom they impersonated, or the job), when, the record, the action and the
 * changed fields before and after, in the writing transaction; a company admin reads their company's
 * entries, a platform admin the tenant's; filters and the export.
 */

let t: TestApp;
let tenantId: string;
let c1: string;
let c2: string;
let article: string;
let managerId: string;
let buyerId: string;
const MANAGER = 'manager@demo.test';
const as = (email: string, customerId = c1) => ({ as: email, customerId });

interface Entry {
  id: string; customerId: string | null; tableName: string; recordId: string; action: string;
  changes: { field: string; before: string | null; after: string | null }[];
  actorUserId: string | null; impersonatedUserId: string | null; actor: string | null; at: string;
}
const trail = async (who: ReturnType<typeof as>, query: Record<string, string> = {}, path = '/api/v2/audit-entries') =>
  ok(await t.call('GET', path, { ...who, query: { pageSize: '100', ...query } })) as { items: Entry[]; total: number };
const entriesOf = (recordId: string) => t.db.selectFrom('auditEntries').selectAll().where('recordId', '=', recordId).orderBy('at').orderBy('createdAt').execute();
const change = (e: { changes: unknown }, field: string) => (e.changes as Entry['changes']).find((c) => c.field === field);

async function placeOrder(): Promise<string> {
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(article, 1)] } } }));
  return ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: {} })).result.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  tenantId = await t.tenantId();
  [c1, c2] = await t.customerIds();
  const customer = await t.db.selectFrom('customers').select('features').where('id', '=', c1).executeTakeFirstOrThrow();
  const features = (typeof customer.features === 'string' ? JSON.parse(customer.features) : customer.features ?? []) as string[];
  await t.db.updateTable('customers').set({ features: JSON.stringify(features.filter((f) => f !== 'budgets')), financeApprovalThreshold: null } as never).where('id', '=', c1).execute();
  article = await makeArticle(t, { supplierId: await makeSupplier(t, { name: 'Audit NV' }), price: '10.00', stock: null });
  managerId = await t.userId(MANAGER);
  buyerId = await t.userId('buyer@demo.test');
});
afterAll(async () => { await t?.close(); });

describe('what a write records', () => {
  test("an order's approval: who, when, the status before and after, in the company's trail", async () => {
    const id = await placeOrder();
    const placed = await entriesOf(id);
    const buyerName = (await t.db.selectFrom('users').select('displayname').where('id', '=', buyerId).executeTakeFirstOrThrow()).displayname;
    expect(placed[0]).toMatchObject({ tableName: 'orders', action: 'insert', actorUserId: buyerId, impersonatedUserId: null, customerId: c1, actor: buyerName, impersonatedName: null });
    expect(change(placed[0]!, 'status')).toEqual({ field: 'status', before: null, after: 'toApprove' });
    const before = Date.now();
    ok(await t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as(MANAGER), body: { approve: true } }));
    const approval = (await entriesOf(id)).filter((e) => e.action === 'update' && change(e, 'status')?.after === 'approved');
    expect(approval).toHaveLength(1);
    expect(approval[0]).toMatchObject({ actorUserId: managerId, customerId: c1 });
    expect(change(approval[0]!, 'status')).toEqual({ field: 'status', before: 'toApprove', after: 'approved' });
    // Only the changed fields, and no technical column.
    expect((approval[0]!.changes as Entry['changes']).map((c) => c.field)).not.toContain('updatedAt');
    expect((approval[0]!.changes as Entry['changes']).map((c) => c.field)).not.toContain('orderNumber');
    expect(new Date(approval[0]!.at as unknown as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The company admin reads it through the API, filtered by record.
    const read = await trail(as(MANAGER), { tableName: 'orders', recordId: id });
    expect(read.items.map((e) => e.action)).toEqual(expect.arrayContaining(['insert', 'update']));
    expect(read.items.every((e) => e.recordId === id)).toBe(true);
  });

  test("a budget's change records the amount before and after", async () => {
    // The second company has the budgets feature (the first has it switched off above).
    const budgetId = ok(await t.call('POST', '/api/budget-setting/create', { ...as(MANAGER, c2), body: { dto: { name: 'Audit budget', period: 'monthly', amount: '500.00' } } })).result.id as string;
    ok(await t.call('POST', '/api/budget-setting/update', { ...as(MANAGER, c2), body: { dto: { id: budgetId, amount: '750.00' } } }));
    const [created, updated] = await entriesOf(budgetId);
    expect(created).toMatchObject({ tableName: 'budgets', action: 'insert', actorUserId: managerId, customerId: c2 });
    expect(updated).toMatchObject({ action: 'update', actorUserId: managerId });
    expect(change(updated!, 'amount')).toEqual({ field: 'amount', before: '500.00', after: '750.00' });
  });

  test("a user's roles changed by the company admin: the access's roles and rights before and after", async () => {
    const user = await t.db.insertInto('users').values({ tenantId, email: 'audit-roles@demo.test', displayname: 'Audit Roles', userType: 3, active: true } as never).returning('id').executeTakeFirstOrThrow();
    const access = await t.db.insertInto('customerAccesses').values({
      tenantId, userId: user.id, customerId: c1, active: true, roles: JSON.stringify(['user']), permissions: JSON.stringify(permissionsForRoles(['user'])), departmentIds: '[]',
    } as never).returning('id').executeTakeFirstOrThrow();
    // Written by the test itself, outside any request: the system's.
    expect((await entriesOf(access.id))[0]).toMatchObject({ action: 'insert', actor: 'system', actorUserId: null });
    ok(await t.call('POST', '/api/customer-user-management/update', { ...as(MANAGER), body: { dto: { userId: user.id, roleIds: ['user', 'finance'] } } }));
    const rolesChange = (await entriesOf(access.id)).find((e) => e.action === 'update' && change(e, 'roles'));
    expect(rolesChange).toMatchObject({ tableName: 'customer_accesses', actorUserId: managerId, customerId: c1 });
    expect(JSON.parse(change(rolesChange!, 'roles')!.before!)).toEqual(['user']);
    expect(JSON.parse(change(rolesChange!, 'roles')!.after!)).toEqual(['user', 'finance']);
    expect(change(rolesChange!, 'permissions')).toBeDefined();
  });

  test('a write rolled back leaves no entry: the entry is written in its transaction', async () => {
    const id = await placeOrder();
    const count = (await entriesOf(id)).length;
    await expect(t.db.transaction().execute(async (trx) => {
      await asUser({ userId: managerId, impersonatedUserId: null, customerId: c1 }, () =>
        trx.updateTable('orders').set({ about: 'never kept' }).where('id', '=', id).execute());
      expect((await trx.selectFrom('auditEntries').select('id').where('recordId', '=', id).execute()).length).toBe(count + 1);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await entriesOf(id)).toHaveLength(count);
    // A refused call (a validation error) writes nothing either.
    fails(await t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as(MANAGER), body: { approve: false } }), 400, 'validationFailed');
    expect(await entriesOf(id)).toHaveLength(count);
  });

  test("impersonation: the super admin is the actor, the impersonated user beside; a job's writes name the job", async () => {
    const id = await placeOrder();
    const superId = await t.userId('superadmin@demo.test');
    const manager = (await t.db.selectFrom('users').select('displayname').where('id', '=', managerId).executeTakeFirstOrThrow()).displayname;
    ok(await t.call('PATCH', `/api/v2/orders/${id}/validate`, { ...as('superadmin@demo.test'), headers: { 'x-impersonate-user': managerId }, body: { approve: true } }));
    const approval = (await entriesOf(id)).find((e) => change(e, 'status')?.after === 'approved');
    expect(approval).toMatchObject({ actorUserId: superId, impersonatedUserId: managerId, customerId: c1, impersonatedName: manager });
    await asJob('test.job', () => t.db.updateTable('orders').set({ about: 'by a job' }).where('id', '=', id).execute());
    expect((await entriesOf(id)).find((e) => change(e, 'about')?.after === 'by a job')).toMatchObject({ actor: 'job:test.job', actorUserId: null });
  });

  test('no secret is stored and an update of technical columns only is no entry', async () => {
    const [entry] = await t.db.insertInto('auditEntries').values({ tenantId, tableName: 'x', recordId: 'x', action: 'insert', at: new Date() } as never).returning('id').execute();
    await t.db.deleteFrom('auditEntries').where('id', '=', entry!.id).execute();
    const user = await t.db.insertInto('users').values({ tenantId, email: 'audit-seen@demo.test', displayname: 'Seen', userType: 3, active: true } as never).returning('id').executeTakeFirstOrThrow();
    const count = (await entriesOf(user.id)).length;
    await t.db.updateTable('users').set({ lastSeenAt: new Date() } as never).where('id', '=', user.id).execute();
    expect(await entriesOf(user.id)).toHaveLength(count);
    // A column named as a secret is masked (none of the audited tables has one today: proven on a scratch table with the same trigger).
    await sql`create table audit_secret_probe (id uuid primary key default gen_random_uuid(), tenant_id uuid, api_token text, note text)`.execute(t.db);
    await sql`create trigger audit_trail after insert or update or delete on audit_secret_probe for each row execute function audit_trail()`.execute(t.db);
    const probe = await sql<{ id: string }>`insert into audit_secret_probe (tenant_id, api_token, note) values (${tenantId}, 'very-secret', 'n') returning id`.execute(t.db);
    const [written] = await entriesOf(probe.rows[0]!.id);
    expect(change(written!, 'apiToken')).toEqual({ field: 'apiToken', before: null, after: '***' });
    expect(JSON.stringify(written!.changes)).not.toContain('very-secret');
  });
});

describe('who reads the trail', () => {
  test("a company admin reads their company's entries only; another company's or tenant's are invisible; a buyer is refused", async () => {
    const otherBudget = ok(await t.call('POST', '/api/budget-setting/create', { ...as(MANAGER, c2), body: { dto: { name: 'Second company', period: 'monthly', amount: '5.00' } } })).result.id as string;
    const mine = await trail(as(MANAGER));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((e) => e.customerId === c1)).toBe(true);
    expect((await trail(as(MANAGER), { recordId: otherBudget })).total).toBe(0);
    // The customerId filter cannot reach past the acting company.
    expect((await trail(as(MANAGER), { customerId: c2 })).total).toBe(0);
    expect((await trail(as(MANAGER, c2), { recordId: otherBudget })).total).toBe(1);
    fails(await t.call('GET', '/api/v2/audit-entries', as('buyer@demo.test')), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/v2/audit-entries/export.xlsx', as('buyer@demo.test')), 403, 'forbiddenAccess');
    fails(await t.call('GET', '/api/admin/audit-entries', as(MANAGER)), 403, 'forbiddenAccess');
    // Another tenant: its admin sees none of these.
    const acme = ok(await t.call('GET', '/api/admin/audit-entries', { as: 'admin@demo.test', host: 'acme.localhost', query: { recordId: otherBudget } }));
    expect(acme.total).toBe(0);
  });

  test("a platform admin reads the whole tenant's trail, filtered by user and period", async () => {
    const all = await trail({ as: 'admin@demo.test' } as never, {}, '/api/admin/audit-entries');
    expect(new Set(all.items.map((e) => e.customerId))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(all.items.some((e) => e.customerId === c2) && all.items.some((e) => e.customerId === c1)).toBe(true);
    const byManager = await trail({ as: 'admin@demo.test' } as never, { actorUserId: managerId }, '/api/admin/audit-entries');
    expect(byManager.total).toBeGreaterThan(0);
    expect(byManager.items.every((e) => e.actorUserId === managerId)).toBe(true);
    const future = await trail({ as: 'admin@demo.test' } as never, { from: '2999-01-01' }, '/api/admin/audit-entries');
    expect(future.total).toBe(0);
    const past = await trail({ as: 'admin@demo.test' } as never, { to: '2000-01-01' }, '/api/admin/audit-entries');
    expect(past.total).toBe(0);
    expect((await trail({ as: 'admin@demo.test' } as never, { from: '2000-01-01' }, '/api/admin/audit-entries')).total).toBe(all.total);
  });

  test('the export holds the rows of the list, with names and the changes as text', async () => {
    const list = await trail(as(MANAGER, c2), { tableName: 'budgets' });
    const response = await t.call('GET', '/api/v2/audit-entries/export.xlsx', { ...as(MANAGER, c2), query: { tableName: 'budgets' }, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const [header = [], ...rows] = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(header).toEqual(['Time', 'By', 'Acting as', 'Table', 'Record', 'Action', 'Changes']);
    expect(rows).toHaveLength(list.total);
    const user = header.indexOf('By');
    const changes = header.indexOf('Changes');
    expect(rows.length).toBeGreaterThan(1);
    const manager = (await t.db.selectFrom('users').select('displayname').where('id', '=', managerId).executeTakeFirstOrThrow()).displayname;
    expect(rows.map((r) => r[user])).toEqual(rows.map(() => manager));
    expect(rows.some((r) => String(r[changes]).includes('amount: 500.00 → 750.00'))).toBe(true);
    // The platform admin's export names the company of each entry.
    const admin = await t.call('GET', '/api/admin/audit-entries/export.xlsx', { as: 'admin@demo.test', query: { tableName: 'budgets', recordId: list.items[0]!.recordId }, headers: { 'accept-language': 'en' } });
    expect(admin.statusCode).toBe(200);
    const adminBook = new ExcelJS.Workbook();
    await adminBook.xlsx.load(admin.rawPayload as unknown as ArrayBuffer);
    const [adminHeader = [], ...adminRows] = (adminBook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    const company = (await t.db.selectFrom('customers').select('name').where('id', '=', c2).executeTakeFirstOrThrow()).name;
    expect(adminRows.map((r) => r[adminHeader.indexOf('Company')])).toContain(company);
  });
});
