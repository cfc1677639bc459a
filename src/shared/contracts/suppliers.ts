import { z } from 'zod';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { access } from '../../../model/dsl/access';
import { field } from '../../../model/dsl/field';
import { t } from '../../../model/dsl/i18n';
import { resourceByName } from '../../../model';
import { suppliers } from '../../../model/resources/suppliers';
import { supplierCreateSchema, supplierRecordSchema, supplierUpdateSchema } from '../../../generated/schemas/suppliers.gen';
import { fieldSchema } from '../field-schemas';
import { safeString } from '../safe-text';
import { contractsOf } from './define';
import { resultOf, uuidText } from './shapes';

const pdfResource = resourceByName('order-pdf-settings');
const text = (max: number) => safeString(undefined, false).trim().max(max, { error: 'maxLength' }).nullish();
const pdfMax = (name: string) => pdfResource.fields[name]!.max ?? 4000;
const idList = z.array(uuidText).max(500);
/** The supplier a path names: any text (one that is no uuid names no supplier: SupplierNotFound). */
const params = z.object({ id: z.string().max(100) });

/** ?supplierIds as a JSON list (flows §7); also accepted: ids separated by commas. */
const supplierIdsParam = z.string().max(CONSTANTS.budgetReferencesMaxIds * 40).transform((raw, ctx) => {
  let value: unknown = raw;
  try { value = raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',').map((v) => v.trim()).filter(Boolean); } catch { value = null; }
  const parsed = z.array(uuidText).max(CONSTANTS.budgetReferencesMaxIds).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  return parsed.data;
}).meta({ description: 'A JSON list of supplier ids, e.g. ["…","…"] (at most 200).' });

/** The acting customer's budget reference, departments and projects of one supplier. */
const budgetReferenceEntry = z.object({ supplierId: z.string(), budgetReference: z.string().nullable(), departmentIds: z.array(z.string()), projectIds: z.array(z.string()) });
/** The order PDF settings of one own supplier (empty texts when none). */
const pdfSettings = z.object({ supplierId: z.string(), header: z.string().nullable(), messageToSupplier: z.string().nullable(), footer: z.string().nullable() });
/** A supplier as the REST calls answer it (the resource's record). */
const supplierRecord = supplierRecordSchema;
const oneSupplier = resultOf(supplierRecord);

/** flows §7 Suppliers: the calls beside the model's REST v2 and /admin endpoints. */
export const supplierContracts = contractsOf(suppliers, {
  validateBudgetLimit: {
    method: 'POST', path: '/v2/suppliers/validate-budget-limit', access: access.customer('suppliers', 'R'),
    summary: 'Checks that an amount fits in what is left of the supplier budget of the current finance period.',
    body: z.object({
      supplierId: fieldSchema(field.reference(t('Leverancier', 'Supplier', 'Fournisseur'), 'suppliers').required().def, 'create') as z.ZodType<string>,
      amount: fieldSchema(field.money(t('Bedrag', 'Amount', 'Montant')).required().def, 'create') as z.ZodType<string, string | number>,
    }),
    response: resultOf(z.object({ valid: z.boolean(), totalBudget: z.string().nullish(), spent: z.string(), remaining: z.string().nullish() })),
    errors: ['SupplierNotFound', 'SupplierExceededBudget'],
  },
  own: {
    method: 'POST', read: true, path: '/suppliers/own', access: access.customer('suppliers', 'R'),
    summary: "The acting customer's own suppliers ({query: {skip, take, search, active}}; search over name, VAT number and e-mail), by name: {result: {items, total, skip, take}}.",
    body: z.object({
      query: z.object({
        skip: z.coerce.number().int().min(0).default(0),
        take: z.coerce.number().int().min(1).max(CONSTANTS.maxPageSize).default(CONSTANTS.adminPageSize),
        search: safeString(undefined, false).trim().max(200).nullish(),
        active: z.boolean().nullish(),
      }).default({ skip: 0, take: CONSTANTS.adminPageSize }),
    }),
    response: resultOf(z.object({ items: z.array(supplierRecord), total: z.number(), skip: z.number(), take: z.number() })),
    errors: ['noActiveCustomer'],
  },
  createown: {
    method: 'POST', path: '/suppliers/createown', access: access.customer('suppliers', 'C'),
    summary: "Creates an own supplier of the acting customer ({dto}: the supplier's fields, its rules checked: InvalidShippingCost, invalidFinanceDates, invalidEndDate): {result}.",
    body: z.object({ dto: supplierCreateSchema }),
    response: oneSupplier,
    errors: ['noActiveCustomer', 'InvalidShippingCost', 'invalidFinanceDates', 'invalidEndDate'],
    fieldsIn: 'dto',
  },
  editown: {
    method: 'POST', path: '/suppliers/editown', access: access.customer('suppliers', 'W'),
    summary: "Changes an own supplier of the acting customer ({dto: {id, …fields}}; the rules are checked on the stored supplier with the changes). A platform supplier is ReadOnlyRecord (403), another company's SupplierNotFound: {result}.",
    body: z.object({ dto: z.intersection(z.object({ id: uuidText }), supplierUpdateSchema) }),
    response: oneSupplier,
    errors: ['noActiveCustomer', 'SupplierNotFound', 'ReadOnlyRecord', 'InvalidShippingCost', 'invalidFinanceDates', 'invalidEndDate'],
    fieldsIn: 'dto',
  },
  getById: {
    method: 'POST', read: true, path: '/suppliers/getById', access: access.customer('suppliers', 'R'),
    summary: "One supplier the acting customer orders from ({query: {id}}): a platform supplier or one of its own: {result}.",
    body: z.object({ query: z.object({ id: uuidText }) }),
    response: oneSupplier,
    errors: ['SupplierNotFound'],
  },
  budgetReferences: {
    method: 'GET', path: '/v2/suppliers/budget-references', access: access.customer('suppliers', 'R'),
    summary: "The acting customer's budget reference, departments and projects of each supplier named (?supplierIds: a JSON list of ids, at most 200); a supplier the customer does not read is left out, one without settings has an empty entry. A bare array.",
    query: z.object({ supplierIds: supplierIdsParam, customerId: z.string().max(100).optional() }),
    response: z.array(budgetReferenceEntry),
    errors: ['noActiveCustomer'],
  },
  setBudgetReference: {
    method: 'PUT', path: '/v2/suppliers/{id}/budget-reference', access: access.customer('suppliers', 'W'),
    summary: "Beyond the spec's list (it names budget references per customer but no call to set them): sets the acting customer's budget reference, departments and projects of a supplier it reads, platform or own ({budgetReference, departmentIds, projectIds}; the departments and projects must be the customer's: DepartmentNotFound, ProjectNotFound). Answers the entry.",
    params,
    body: z.object({
      budgetReference: text(resourceByName('supplier-budget-references').fields.budgetReference!.max ?? 100),
      departmentIds: idList.nullish(),
      projectIds: idList.nullish(),
    }).strict(),
    response: budgetReferenceEntry,
    errors: ['noActiveCustomer', 'SupplierNotFound', 'DepartmentNotFound', 'ProjectNotFound'],
  },
  orderPdfSettings: {
    method: 'GET', path: '/v2/suppliers/{id}/order-pdf-settings', access: access.customer('order-pdf-settings', 'R'),
    summary: "Beyond the spec's list (its order PDF settings are per supplier, permission area order-pdf-settings, and customer admins hold RW): the order PDF settings of one of the acting customer's own suppliers (empty texts when none). A platform supplier's are the platform's: ReadOnlyRecord (403).",
    params,
    response: pdfSettings,
    errors: ['noActiveCustomer', 'SupplierNotFound', 'ReadOnlyRecord'],
  },
  setOrderPdfSettings: {
    method: 'PUT', path: '/v2/suppliers/{id}/order-pdf-settings', access: access.customer('order-pdf-settings', 'W'),
    summary: "Beyond the spec's list: sets the order PDF settings ({header, messageToSupplier, footer}) of one of the acting customer's own suppliers; one per supplier, written over. A platform supplier is ReadOnlyRecord (403).",
    params,
    body: z.object({ header: text(pdfMax('header')), messageToSupplier: text(pdfMax('messageToSupplier')), footer: text(pdfMax('footer')) }).strict(),
    response: pdfSettings,
    errors: ['noActiveCustomer', 'SupplierNotFound', 'ReadOnlyRecord'],
  },
});
