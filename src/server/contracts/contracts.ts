import { sql, type Kysely, type Transaction } from 'kysely';
import { access, CONSTANTS, resourceByName, type ContractFieldLayout } from '../../../model';
import { contractProblems, layoutProblems, normalizeContract, type ContractInput } from '../../shared/contract-rules';
import { checkReferences } from '../crud/references';
import { toColumns, toRecord } from '../db/records';
import { readable, type Owner } from '../crud/scope';
import { ApiError, type ErrorDetail } from '../errors';
import type { BlobMeta, BlobStore } from '../storage/blob-store';
import type { BlobCaller, ContainerPolicy } from '../storage/containers';
import { todayInShopZone } from '../../shared/shop-clock';
import { settledStatus } from './contract-dates';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Contracts (flows §3, §5, §7): the company's layout, and its contracts read, created and changed
 * under it. Every rule of flows §5 is src/shared/contract-rules.ts (the form shows the same ones);
 * here the references are checked against what the company may use, the files against the store,
 * and the status against the dates (status.ts). A refused contract writes nothing.
 */

export const CONTRACTS_CONTAINER = 'contracts';
type Db = Kysely<DB> | Transaction<DB>;
const contracts = resourceByName('contracts');
const layouts = resourceByName('contract-layouts');

const parsed = <T>(v: unknown, fallback: T): T => (typeof v === 'string' ? JSON.parse(v) as T : (v as T | null) ?? fallback);

/** The company's contract layout (an empty one until it is saved). */
export async function readLayout(db: Db, tenantId: string, customerId: string): Promise<ContractFieldLayout[]> {
  const row = await db.selectFrom('contractLayouts').select('fields').where('tenantId', '=', tenantId).where('customerId', '=', customerId).executeTakeFirst();
  return parsed<ContractFieldLayout[]>(row?.fields, []);
}

/** Replaces the company's layout; names are trimmed, options of other types than select dropped. */
export async function saveLayout(db: Kysely<DB>, tenantId: string, customerId: string, fields: ContractFieldLayout[]): Promise<ContractFieldLayout[]> {
  const clean = fields.map((f) => ({
    group: f.group, type: f.type, name: f.name.trim(), required: !!f.required,
    options: f.type === 'select' ? (f.options ?? []).map((o) => o.trim()).filter(Boolean) : [],
  }));
  const problems = layoutProblems(clean);
  if (problems.length) {
    const first = problems[0]!;
    throw new ApiError(first.code, problems.map((p) => ({ path: p.path, rule: p.rule ?? p.code })));
  }
  await db.transaction().execute(async (trx) => {
    // One layout per company: taken under a lock so two saves at once leave one row.
    await sql`select pg_advisory_xact_lock(hashtext(${`contract-layout:${customerId}`}))`.execute(trx);
    const existing = await trx.selectFrom('contractLayouts').select('id').where('tenantId', '=', tenantId).where('customerId', '=', customerId).executeTakeFirst();
    const columns = toColumns(layouts, { fields: clean }) as { fields: string };
    if (existing) await trx.updateTable('contractLayouts').set({ ...columns, updatedAt: new Date() }).where('id', '=', existing.id).execute();
    else await trx.insertInto('contractLayouts').values({ tenantId, customerId, ...columns }).execute();
  });
  return clean;
}

/** A file as the contract keeps it, under the layout field it was added to ('' for the extra uploads). */
export interface ContractAttachment {
  fieldName: string;
  file: { containerName: string; blobName: string; fileName: string; contentType: string; size: number };
}

/** The body of POST /contracts and PUT /contracts/{id} (its shape: src/shared/contracts/contracts.ts). */
export interface ContractBody extends Omit<ContractInput, 'attachments'> {
  contractNumber?: string | null;
  title: string;
  description?: string | null;
  categoryId?: string | null;
  ownerId?: string | null;
  departmentId?: string | null;
  notificationEmails?: string[] | null;
  attachments?: { fieldName?: string | null; file: { containerName: string; blobName: string } }[] | null;
}

const refused = (problems: { code: string; path: string; rule?: string }[]): never => {
  const first = problems[0]!;
  throw new ApiError(first.code as never, problems.map((p) => ({ path: p.path, rule: p.rule ?? p.code })));
};

/** The files named, as the store has them: the caller's company's, of the contracts container. */
async function storedFiles(store: BlobStore, owner: Owner, body: ContractBody): Promise<ContractAttachment[]> {
  const out: ContractAttachment[] = [];
  for (const [i, a] of (body.attachments ?? []).entries()) {
    const meta: BlobMeta | null = a.file.containerName === CONTRACTS_CONTAINER
      ? await store.stat({ tenantId: owner.tenantId, containerName: CONTRACTS_CONTAINER, blobName: a.file.blobName }) : null;
    if (!meta || meta.customerId !== owner.customerId) throw new ApiError('FileNotFound', [{ path: `attachments.${i}.file`, rule: 'FileNotFound' }]);
    out.push({ fieldName: (a.fieldName ?? '').trim(), file: { containerName: CONTRACTS_CONTAINER, blobName: meta.blobName, fileName: meta.fileName, contentType: meta.contentType, size: meta.size } });
  }
  return out;
}

/** Users and departments named must be the company's (a user with an access to it). */
async function referenceProblems(db: Db, owner: Owner, body: ContractBody): Promise<ErrorDetail[]> {
  const details = await checkReferences(db, contracts, owner, {
    supplierId: body.supplierId ?? null, categoryId: body.categoryId ?? null, ownerId: body.ownerId ?? null, departmentId: body.departmentId ?? null,
  });
  const userIds = [...new Set([body.ownerId, ...(body.extraUserFields ?? []).flatMap((f) => f.userIds ?? [])].filter((x): x is string => !!x))];
  if (userIds.length) {
    const members = await db.selectFrom('customerAccesses').select('userId').where('tenantId', '=', owner.tenantId)
      .where('customerId', '=', owner.customerId!).where('userId', 'in', userIds.filter((u) => /^[0-9a-f-]{36}$/i.test(u)).concat(['00000000-0000-0000-0000-000000000000'])).execute();
    const known = new Set(members.map((m) => m.userId));
    for (const u of userIds) if (!known.has(u)) details.push({ path: u === body.ownerId ? 'ownerId' : 'extraUserFields', rule: 'UserNotFound' });
  }
  for (const [i, f] of (body.extraDepartmentFields ?? []).entries()) {
    if (!f.departmentId) continue;
    const missing = await checkReferences(db, contracts, owner, { departmentId: f.departmentId });
    if (missing.length) details.push({ path: `extraDepartmentFields.${i}.departmentId`, rule: missing[0]!.rule });
  }
  for (const [bi, b] of (body.budgets ?? []).entries()) {
    for (const [ii, item] of b.items.entries()) {
      if (!item.budgetId) continue;
      const found = await readable(db.selectFrom('budgets').select('id').where('id', '=', item.budgetId), resourceByName('budgets'), owner).executeTakeFirst()
        .catch(() => undefined);
      if (!found) details.push({ path: `budgets.${bi}.items.${ii}.budgetId`, rule: 'BudgetNotFound' });
    }
  }
  return details;
}

/** Checks a contract against the company's layout and the rules; answers the columns to store. */
async function checked(db: Db, store: BlobStore, owner: Owner, raw: ContractBody, today: string) {
  const body = normalizeContract(raw);
  const layout = await readLayout(db, owner.tenantId, owner.customerId!);
  const files = await storedFiles(store, owner, body);
  const problems = contractProblems({ ...body, attachments: files.map((f) => ({ fieldName: f.fieldName, ...f.file })) }, layout);
  if (problems.length) refused(problems);
  const refs = await referenceProblems(db, owner, body);
  if (refs.length) throw new ApiError('validationFailed', refs);
  const aboutDays = await aboutToExpireDays(db, owner);
  const values = {
    contractNumber: body.contractNumber ?? null, title: body.title, description: body.description ?? null,
    status: settledStatus({ ...body, status: body.status ?? 'DRAFT' }, today, aboutDays),
    categoryId: body.categoryId ?? null, supplierId: body.supplierId ?? null, ownerId: body.ownerId ?? null, departmentId: body.departmentId ?? null,
    startDate: body.startDate ?? null, endDate: body.endDate ?? null, latestCancellationDate: body.latestCancellationDate ?? null,
    contractExtensions: (body.contractExtensions ?? []).map((e, i) => ({
      id: e.id || `ext-${i + 1}`, endDate: e.endDate ?? null,
      budgetEstimation: e.budgetEstimation == null ? null : cents(e.budgetEstimation), latestCancellationDate: e.latestCancellationDate ?? null,
    })),
    budgets: (body.budgets ?? []).map((b) => ({ fieldName: b.fieldName ?? '', items: b.items.map((it) => ({ description: it.description, amount: cents(it.amount), budgetId: it.budgetId ?? null })) })),
    attachments: files,
    notificationEmails: [...new Set((body.notificationEmails ?? []).map((e) => e.trim().toLowerCase()))],
    extraFields: body.extraFields ?? [], extraUserFields: body.extraUserFields ?? [], extraDepartmentFields: body.extraDepartmentFields ?? [],
  };
  return toColumns(contracts, values);
}

/** An amount as money answers carry it: two decimals, a dot. */
const cents = (v: string | number) => Number(String(v).replace(',', '.')).toFixed(2);

export async function aboutToExpireDays(db: Db, owner: { tenantId: string; customerId: string | null }): Promise<number> {
  const row = await db.selectFrom('customers').select('contractAboutToExpireDays').where('id', '=', owner.customerId!).where('tenantId', '=', owner.tenantId).executeTakeFirst();
  return Number(row?.contractAboutToExpireDays ?? CONSTANTS.contractAboutToExpireDays);
}

/** The contract with the names of what it points at. */
export async function contractDetail(db: Db, owner: Owner, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('ContractNotFound');
  const row = await readable(db.selectFrom('contracts').selectAll(), contracts, owner).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('ContractNotFound');
  const record = toRecord(contracts, row as Record<string, unknown>);
  const name = async (table: 'suppliers' | 'contractCategories' | 'customerDepartments', ref: unknown) => {
    if (!ref) return null;
    const found = await db.selectFrom(table).select('name').where('id', '=', String(ref)).where('tenantId', '=', owner.tenantId).executeTakeFirst();
    return found?.name ?? null;
  };
  const ownerRow = row.ownerId ? await db.selectFrom('users').select(['displayname', 'firstname', 'lastname', 'email']).where('id', '=', row.ownerId).executeTakeFirst() : undefined;
  return {
    ...record,
    supplierName: await name('suppliers', row.supplierId),
    categoryName: await name('contractCategories', row.categoryId),
    departmentName: await name('customerDepartments', row.departmentId),
    ownerName: ownerRow ? (ownerRow.displayname?.trim() || [ownerRow.firstname, ownerRow.lastname].filter(Boolean).join(' ').trim() || ownerRow.email) : null,
  };
}

export async function createContract(db: Kysely<DB>, store: BlobStore, owner: Owner, userId: string, body: ContractBody, today = todayInShopZone()) {
  const id = await db.transaction().execute(async (trx) => {
    const columns = await checked(trx, store, owner, body, today);
    const row = await trx.insertInto('contracts').values({ ...(columns as object), tenantId: owner.tenantId, customerId: owner.customerId!, createdById: userId } as never)
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  return contractDetail(db, owner, id);
}

export async function updateContract(db: Kysely<DB>, store: BlobStore, owner: Owner, id: string, body: ContractBody, today = todayInShopZone()) {
  await db.transaction().execute(async (trx) => {
    await contractDetail(trx, owner, id);
    const columns = await checked(trx, store, owner, body, today);
    await trx.updateTable('contracts').set({ ...(columns as object), updatedAt: new Date() } as never).where('id', '=', id).where('tenantId', '=', owner.tenantId).execute();
  });
  return contractDetail(db, owner, id);
}

export interface ContractListQuery {
  page: number;
  pageSize: number;
  contractNumber?: string; title?: string; status?: string; categoryId?: string; supplierId?: string; ownerId?: string; departmentId?: string;
  search?: string; startDate?: string; endDate?: string;
  extraFields?: { name: string; value: string }[];
  extraUserFields?: { name: string; value: string }[];
  extraDepartmentFields?: { name: string; value: string }[];
  sort?: string;
}

const SORTABLE = ['contractNumber', 'title', 'status', 'startDate', 'endDate', 'latestCancellationDate', 'createdAt'] as const;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /contracts: the company's contracts with the filters of flows §7 (an extra field matches its value exactly, ignoring case). */
export async function listContracts(db: Db, owner: Owner, q: ContractListQuery) {
  let query = readable(db.selectFrom('contracts'), contracts, owner);
  if (q.contractNumber) query = query.where('contractNumber', 'ilike', like(q.contractNumber));
  if (q.title) query = query.where('title', 'ilike', like(q.title));
  if (q.status) query = query.where('status', '=', q.status as never);
  for (const k of ['categoryId', 'supplierId', 'ownerId', 'departmentId'] as const) if (q[k]) query = query.where(k, '=', q[k]!);
  if (q.search) query = query.where((eb) => eb.or([eb('title', 'ilike', like(q.search!)), eb('contractNumber', 'ilike', like(q.search!))]));
  if (q.startDate) query = query.where('startDate', '>=', q.startDate as never);
  if (q.endDate) query = query.where('endDate', '<=', q.endDate as never);
  for (const f of q.extraFields ?? []) {
    query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements(${sql.ref('extraFields')}) x where lower(x->>'name') = lower(${f.name}) and lower(x->>'value') = lower(${f.value}))`);
  }
  for (const f of q.extraUserFields ?? []) {
    query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements(${sql.ref('extraUserFields')}) x where lower(x->>'name') = lower(${f.name}) and x->'userIds' ? ${f.value})`);
  }
  for (const f of q.extraDepartmentFields ?? []) {
    query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements(${sql.ref('extraDepartmentFields')}) x where lower(x->>'name') = lower(${f.name}) and x->>'departmentId' = ${f.value})`);
  }
  const total = Number((await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  const desc = q.sort?.startsWith('-');
  const key = (q.sort ?? '').replace(/^-/, '');
  const sortBy = (SORTABLE as readonly string[]).includes(key) ? key as (typeof SORTABLE)[number] : 'endDate';
  const rows = await query.selectAll().orderBy(sortBy, (ob) => (desc ? ob.desc() : ob.asc()).nullsLast()).orderBy('id')
    .offset((q.page - 1) * q.pageSize).limit(q.pageSize).execute();
  return { items: rows.map((r) => toRecord(contracts, r as Record<string, unknown>)), total, page: q.page, pageSize: q.pageSize };
}

/** The blobs a company's contracts hold. */
function holding(db: Db, tenantId: string, customerId: string, blobName: string) {
  return db.selectFrom('contracts').select('id').where('tenantId', '=', tenantId).where('customerId', '=', customerId)
    .where(sql<boolean>`${sql.ref('attachments')} @> ${JSON.stringify([{ file: { blobName } }])}::jsonb`);
}

/**
 * The 'contracts' container (flows §5 contract files): whoever reads the company's contracts reads
 * their files; uploads are the contract writers', of the types a layout's attachment field allows
 * (PDF, Office documents, images, text), up to contractFileMaxMb. Extra uploads (no field) must be PDF
 * or Excel: the contract refuses others. A file a contract holds is removed through the contract.
 */
export const contractsContainer: ContainerPolicy = {
  access: access.customer('contracts', 'R'),
  maxBytes: CONSTANTS.contractFileMaxMb * 1024 * 1024,
  kinds: ['pdf', 'xlsx', 'xls', 'docx', 'doc', 'pptx', 'csv', 'txt', 'png', 'jpeg'],
  async mayRead(caller: BlobCaller, meta: BlobMeta): Promise<boolean> {
    if (meta.uploadedBy === caller.userId) return true;
    return !!caller.customerId && !!(await holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).executeTakeFirst());
  },
  async assertRemovable(caller: BlobCaller, meta: BlobMeta): Promise<void> {
    if (caller.customerId && await holding(caller.db, caller.tenantId, caller.customerId, meta.blobName).executeTakeFirst()) throw new ApiError('FileInContract');
    if (meta.uploadedBy !== caller.userId) throw new ApiError('forbiddenAccess');
  },
};
