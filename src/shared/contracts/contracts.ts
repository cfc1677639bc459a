import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONTRACT_FIELD_GROUPS, CONTRACT_FIELD_TYPES, CONTRACT_STATUSES, type ContractStatus } from '../../../model';
import { contractCategories, contractLayouts, contracts } from '../../../model/resources/contracts';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { uuidText } from './shapes';
import { contractRecordSchema } from '../../../generated/schemas/contracts.gen';

/**
 * flows §7 Contracts (GET /contracts, GET /contracts/{id}, POST /contracts, PUT /contracts/{id},
 * GET /contracts/contract-categories) and the layout calls the contract pages need (GET and PUT
 * /contracts/layout). Plain REST answers: a list is {items, total, page, pageSize}, one contract the
 * bare record.
 */

const record = contractRecordSchema;
const text = (max: number) => safeString(undefined, false).trim().max(max, { error: 'maxLength' });
const id = uuidText;
/** A date on the wire: any short text here, so that one not yyyy-MM-dd is refused as invalidFormatDate by the rules. */
const wireDate = z.string().max(40).nullish().meta({ description: 'yyyy-MM-dd (the form takes DD/MM/YYYY and sends ISO).' });
const amount = z.union([z.string().regex(/^-?\d{1,12}([.,]\d{1,2})?$/, 'decimal'), z.number().finite()]);
const status = z.enum(Object.keys(CONTRACT_STATUSES) as [ContractStatus, ...ContractStatus[]], { error: 'choice' });

const contractBody = z.object({
  contractNumber: text(100).nullish(),
  title: text(200).min(1, { error: 'required' }),
  description: text(4000).nullish(),
  status: status.nullish(),
  categoryId: id.nullish(), supplierId: id.nullish(), ownerId: id.nullish(), departmentId: id.nullish(),
  startDate: wireDate, endDate: wireDate, latestCancellationDate: wireDate,
  contractExtensions: z.array(z.object({
    id: text(64).nullish(), endDate: wireDate, budgetEstimation: z.union([amount, z.literal('')]).nullish(), latestCancellationDate: wireDate,
  }).strip()).max(50).nullish(),
  budgets: z.array(z.object({
    fieldName: text(100).nullish(),
    items: z.array(z.object({ description: text(200).min(1, { error: 'required' }), amount, budgetId: id.nullish() }).strip()).max(200),
  }).strip()).max(50).nullish(),
  attachments: z.array(z.object({
    fieldName: text(100).nullish(),
    file: z.object({ containerName: z.string().max(100), blobName: z.string().max(200) }).loose(),
  }).strip()).max(200).nullish(),
  notificationEmails: z.array(z.email({ error: 'email' }).max(254)).max(50).nullish(),
  extraFields: z.array(z.object({ name: text(100).min(1), value: text(4000).nullish() }).strip()).max(200).nullish(),
  extraUserFields: z.array(z.object({ name: text(100).min(1), userIds: z.array(id).max(200).nullish() }).strip()).max(200).nullish(),
  extraDepartmentFields: z.array(z.object({ name: text(100).min(1), departmentId: id.nullish() }).strip()).max(200).nullish(),
}).strip().meta({ description: 'A contract as the form sends it; the keys a read adds (id, customerId, createdAt, …) may be sent back and are ignored.' });

const detail = record.extend({
  supplierName: z.string().nullable(), categoryName: z.string().nullable(), departmentName: z.string().nullable(), ownerName: z.string().nullable(),
});
const page = z.object({ items: z.array(record), total: z.number(), page: z.number(), pageSize: z.number() });
const layoutField = z.object({
  group: z.enum(CONTRACT_FIELD_GROUPS, { error: 'choice' }),
  type: z.enum(CONTRACT_FIELD_TYPES, { error: 'choice' }),
  name: text(100).min(1, { error: 'required' }),
  required: z.boolean().default(false),
  options: z.array(text(200)).max(100).default([]),
});
const layout = z.object({ fields: z.array(layoutField).max(100) });

/** Extra-field filters: a JSON array of {name, value}; empty values are left out (flows §5 list queries). */
const pairs = z.string().max(4000).optional().transform((v, ctx) => {
  if (!v) return undefined;
  try {
    const list = z.array(z.object({ name: z.string().max(100), value: z.string().max(400).nullish() })).parse(JSON.parse(v));
    return list.filter((p) => p.name && p.value).map((p) => ({ name: p.name, value: p.value! }));
  } catch {
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
}).meta({ description: 'A JSON array of {name, value}: contracts whose field of that name has that value (ignoring case).' });
const blank = <S extends z.ZodType>(s: S) => z.union([z.literal('').transform(() => undefined), s]).optional();
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  contractNumber: blank(text(100)), title: blank(text(200)), status: blank(status),
  categoryId: blank(id), supplierId: blank(id), ownerId: blank(id), departmentId: blank(id),
  search: blank(text(200)), startDate: blank(DAY), endDate: blank(DAY),
  extraFields: pairs, extraUserFields: pairs, extraDepartmentFields: pairs,
  customerId: z.string().max(100).optional(),
  sort: blank(z.string().regex(/^-?[a-zA-Z]{1,40}$/, 'invalid')),
});
const customerQuery = z.object({ customerId: z.string().max(100).optional() });
const categories = z.array(z.object({ id: z.string(), name: z.string() }));

/** What flows §5 refuses in a contract (src/shared/contract-rules.ts) and what the server checks beside it. */
const contractErrors = [
  'ContractNotFound', 'FileNotFound', 'FileInContract', 'AttachmentFieldMandatory', 'BudgetsRequired', 'ContractDatesRequired', 'ContractFieldRequired',
  'ContractFileNotPdfOrExcel', 'ExtensionBudgetRequired', 'FileAlreadyAdded', 'FileEmpty', 'FileTooLarge', 'SupplierRequired', 'TooManyFilesForContract',
  'invalidCancellationDate', 'invalidEndDate', 'invalidExtensionEndDate', 'invalidFormatDate',
] as const;

export const contractContracts = contractsOf(contracts, {
  list: {
    method: 'GET', path: '/contracts', access: access.customer('contracts', 'R'),
    summary: "The acting customer's contracts (flows §7): page, pageSize, contractNumber and title (a part), status, categoryId, supplierId, ownerId, departmentId, search (number or title), startDate (starting from that day), endDate (ending up to that day), extraFields, extraUserFields, extraDepartmentFields (each a JSON array of {name, value}: the contract has every pair; empty values are ignored), customerId, sort (field or -field): {items, total, page, pageSize}.",
    query: listQuery,
    response: page,
  },
  byId: {
    method: 'GET', path: '/contracts/{id}', access: access.customer('contracts', 'R'),
    summary: 'One contract of the acting customer with the names of its supplier, owner, department and category.',
    query: customerQuery,
    response: detail,
    errors: ['ContractNotFound'],
  },
  create: {
    method: 'POST', path: '/contracts', access: access.customer('contracts', 'C'),
    summary: "Creates a contract (flows §5 Contracts): ISO dates, end after start (invalidEndDate), start and end with extensions, each extension's end after the contract's and the previous one's and with a budget, the latest cancellation date inside the contract (or its last extension), a supplier unless DRAFT (SupplierRequired), at least one budget with at least one item (BudgetsRequired), the layout's required fields, files of the 'contracts' container (at most 25 per contract and per field, no two with one name; extra uploads PDF or Excel). Answers the contract.",
    query: customerQuery,
    body: contractBody,
    response: detail,
    errors: contractErrors,
  },
  update: {
    method: 'PUT', path: '/contracts/{id}', access: access.customer('contracts', 'W'),
    summary: 'Replaces a contract of the acting customer with the same rules as create; a new latest cancellation date is notified again. Answers the contract.',
    query: customerQuery,
    body: contractBody,
    response: detail,
    errors: contractErrors,
  },
});

export const contractLayoutContracts = contractsOf(contractLayouts, {
  get: {
    method: 'GET', path: '/contracts/layout', access: access.customer('contracts', 'R'),
    summary: "Beyond the spec's list (its contract pages need it): the acting customer's contract layout, {fields: [{group, type, name, required, options}]}; an empty list until a customer admin saved one. The create, edit and detail pages and the list's filters are drawn from it.",
    query: customerQuery,
    response: layout,
  },
  save: {
    method: 'PUT', path: '/contracts/layout', access: access.customer('contracts', 'W'),
    summary: "Beyond the spec's list (its /contract-configuration page saves through it): replaces the acting customer's contract layout ({fields}). Two fields with the same name (ignoring case and surrounding spaces) are DuplicateContractFieldName (409); a select needs at least one option; at most one field of type extension and one of type cancellationDate. Answers the saved layout.",
    query: customerQuery,
    body: layout,
    response: layout,
    errors: ['DuplicateContractFieldName'],
  },
});

export const contractCategoryContracts = contractsOf(contractCategories, {
  list: {
    method: 'GET', path: '/contracts/contract-categories', access: access.customer('contracts', 'R'),
    summary: "The acting customer's contract categories, by name: a bare array of {id, name}.",
    query: customerQuery,
    response: categories,
  },
});
