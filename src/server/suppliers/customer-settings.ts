import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../../model';
import type { DB } from '../../../generated/db/database.gen';
import { getRecord } from '../crud/service';
import { assertWritable, readable, requireCustomer, type Owner } from '../crud/scope';
import { ApiError } from '../errors';

/**
 * What a company keeps about a supplier beside the supplier itself (flows §3 Supplier): its budget
 * reference, departments and projects (per company, platform suppliers included), and the order PDF
 * settings of its own suppliers (flows §3 "only one order PDF per supplier"). The routes are in
 * actions/suppliers.ts.
 */

const suppliers = resourceByName('suppliers');

export interface BudgetReferenceEntry { supplierId: string; budgetReference: string | null; departmentIds: string[]; projectIds: string[] }
export interface BudgetReferenceInput { budgetReference?: string | null; departmentIds?: string[] | null; projectIds?: string[] | null }
export interface PdfSettings { supplierId: string; header: string | null; messageToSupplier: string | null; footer: string | null }
export type PdfSettingsInput = Partial<Omit<PdfSettings, 'supplierId'>>;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const entryOf = (supplierId: string, row?: { budgetReference: string | null; departmentIds: unknown; projectIds: unknown }): BudgetReferenceEntry =>
  ({ supplierId, budgetReference: row?.budgetReference ?? null, departmentIds: asList(row?.departmentIds), projectIds: asList(row?.projectIds) });

/** The acting customer's entries for the suppliers named that it reads, in the order named; one without settings is empty. */
export async function budgetReferences(db: Kysely<DB>, owner: Owner, supplierIds: readonly string[]): Promise<BudgetReferenceEntry[]> {
  const customerId = requireCustomer(owner);
  if (!supplierIds.length) return [];
  const known = await readable(db.selectFrom('suppliers').select('id').where('id', 'in', [...supplierIds]), suppliers, owner).execute();
  const readableIds = new Set(known.map((r) => r.id));
  const rows = await db.selectFrom('supplierBudgetReferences').select(['supplierId', 'budgetReference', 'departmentIds', 'projectIds'])
    .where('tenantId', '=', owner.tenantId).where('customerId', '=', customerId).where('supplierId', 'in', [...supplierIds]).execute();
  const bySupplier = new Map(rows.map((r) => [r.supplierId, r]));
  return [...new Set(supplierIds)].filter((id) => readableIds.has(id)).map((id) => entryOf(id, bySupplier.get(id)));
}

/** Ids not all among the customer's rows of `table`: the first missing one's index, else -1. */
async function firstMissing(db: Kysely<DB>, table: 'customerDepartments' | 'projects', owner: Owner, ids: readonly string[]): Promise<number> {
  if (!ids.length) return -1;
  const found = await db.selectFrom(table).select('id').where('tenantId', '=', owner.tenantId).where('customerId', '=', requireCustomer(owner))
    .where('id', 'in', [...ids]).execute();
  const have = new Set(found.map((r) => r.id));
  return ids.findIndex((id) => !have.has(id));
}

/**
 * Sets the acting customer's entry for a supplier it reads (platform or own): written over in one
 * statement (insert … on conflict on the customer's unique supplier key). Departments and projects
 * must be the customer's own (DepartmentNotFound, ProjectNotFound, with the list index as path).
 */
export async function setBudgetReference(db: Kysely<DB>, owner: Owner, supplierId: string, input: BudgetReferenceInput): Promise<BudgetReferenceEntry> {
  const customerId = requireCustomer(owner);
  await getRecord(db, suppliers, owner, supplierId);
  const departmentIds = [...new Set(input.departmentIds ?? [])];
  const projectIds = [...new Set(input.projectIds ?? [])];
  const badDepartment = await firstMissing(db, 'customerDepartments', owner, departmentIds);
  if (badDepartment >= 0) throw new ApiError('DepartmentNotFound', [{ path: `departmentIds.${badDepartment}`, rule: 'DepartmentNotFound' }]);
  const badProject = await firstMissing(db, 'projects', owner, projectIds);
  if (badProject >= 0) throw new ApiError('ProjectNotFound', [{ path: `projectIds.${badProject}`, rule: 'ProjectNotFound' }]);
  const values = {
    budgetReference: input.budgetReference?.trim() || null,
    departmentIds: JSON.stringify(departmentIds),
    projectIds: JSON.stringify(projectIds),
  };
  const row = await db.insertInto('supplierBudgetReferences')
    .values({ tenantId: owner.tenantId, customerId, supplierId, ...values })
    .onConflict((oc) => oc.columns(['tenantId', 'customerId', 'supplierId']).doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .returning(['budgetReference', 'departmentIds', 'projectIds']).executeTakeFirstOrThrow();
  return entryOf(supplierId, row);
}

/** One of the acting customer's own suppliers: a platform supplier's PDF settings are the platform's (ReadOnlyRecord). */
async function ownSupplier(db: Kysely<DB>, owner: Owner, supplierId: string) {
  const supplier = await getRecord(db, suppliers, owner, supplierId);
  assertWritable(suppliers, owner, supplier);
  return supplier;
}

export async function orderPdfSettings(db: Kysely<DB>, owner: Owner, supplierId: string): Promise<PdfSettings> {
  await ownSupplier(db, owner, supplierId);
  const row = await db.selectFrom('orderPdfSettings').select(['header', 'messageToSupplier', 'footer'])
    .where('tenantId', '=', owner.tenantId).where('supplierId', '=', supplierId).executeTakeFirst();
  return { supplierId, header: row?.header ?? null, messageToSupplier: row?.messageToSupplier ?? null, footer: row?.footer ?? null };
}

/** Writes the own supplier's order PDF settings over (one per supplier, the resource's unique key). */
export async function setOrderPdfSettings(db: Kysely<DB>, owner: Owner, supplierId: string, input: PdfSettingsInput): Promise<PdfSettings> {
  await ownSupplier(db, owner, supplierId);
  const values = { header: input.header?.trim() || null, messageToSupplier: input.messageToSupplier?.trim() || null, footer: input.footer?.trim() || null };
  const row = await db.insertInto('orderPdfSettings').values({ tenantId: owner.tenantId, supplierId, ...values })
    .onConflict((oc) => oc.columns(['tenantId', 'supplierId']).doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .returning(['header', 'messageToSupplier', 'footer']).executeTakeFirstOrThrow();
  return { supplierId, ...row };
}
