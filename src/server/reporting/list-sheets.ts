import { resourceByName, type FieldDef, type ResourceDef } from '../../../model';
import type { FieldKind } from '../../../model/dsl/field';
import type { Language } from '../../../model/dsl/i18n';
import type { CellFormat, SheetColumn } from './workbook';

/**
 * The sheets of the lists' exports (issue 29: GET /v2/orders/export.xlsx, /deliveries/export.xlsx,
 * /invoices/export.xlsx; src/server/crud/list-export.ts writes them): per list, the columns its page
 * shows, each a field of the model whose label is the header in the caller's language and whose kind
 * says how its cells are written (a status by its name in that language, an amount a number, a day
 * or a moment an Excel date).
 */

type Values = Readonly<Record<string, unknown>>;

/** One column: a field of the list's resource, shown as its kind is, or as `value` makes it (what the page shows instead). */
interface ListColumn {
  readonly field: string;
  readonly width: number;
  readonly value?: (record: Values, language: Language) => unknown;
}

export interface ListSheet {
  readonly resource: ResourceDef;
  readonly columns: readonly ListColumn[];
}

const FORMATS: Partial<Record<FieldKind, CellFormat>> = { money: 'money', date: 'date', datetime: 'dateTime', integer: 'integer', number: 'number' };

/** A field's value as the lists show it: an enum's by its label in the language, any other as answered. */
function shown(field: FieldDef, value: unknown, language: Language): unknown {
  if (field.kind === 'enum' && typeof value === 'string') return field.valueLabels?.[value]?.[language] ?? value;
  return value;
}

function fieldOf(resource: ResourceDef, name: string): FieldDef {
  const field = resource.fields[name];
  if (!field) throw new Error(`${resource.name} has no field ${name} to export`);
  return field;
}

/** The sheet of a list in a language: its name (the list's), its file's name, its columns, and a record as its line. */
export function sheetIn(sheet: ListSheet, language: Language) {
  const { resource } = sheet;
  const name = resource.label.many[language];
  const columns: SheetColumn[] = sheet.columns.map((c) => {
    const field = fieldOf(resource, c.field);
    return { key: c.field, header: field.label[language], width: c.width, format: c.value ? 'text' : FORMATS[field.kind] ?? 'text' };
  });
  const line = (record: Values): Values => Object.fromEntries(sheet.columns.map((c) => [
    c.field, c.value ? c.value(record, language) : shown(fieldOf(resource, c.field), record[c.field], language),
  ]));
  return { name, fileName: name.toLowerCase().replace(/\s+/g, '-'), columns, line };
}

/** Columns by field and width, in order; `shownAs` a column's own value where the page shows it its own way. */
const columns = (widths: Readonly<Record<string, number>>, shownAs: Readonly<Record<string, ListColumn['value']>> = {}): ListColumn[] =>
  Object.entries(widths).map(([field, width]) => ({ field, width, value: shownAs[field] }));

const orders = resourceByName('orders');

/** /orders: number, date, status (and archived, as the page writes it), about, total. */
export const ORDERS_SHEET: ListSheet = {
  resource: orders,
  columns: columns({ orderNumber: 18, orderDate: 18, status: 28, about: 32, totalCost: 14 }, {
    status: (r, language) => [shown(fieldOf(orders, 'status'), r.status, language), r.archived ? fieldOf(orders, 'archived').label[language] : null].filter(Boolean).join(' · '),
  }),
};

/** /deliveries: number, status, supplier, order, supplier order, expected and delivered. */
export const DELIVERIES_SHEET: ListSheet = {
  resource: resourceByName('deliveries'),
  columns: columns({ deliveryNumber: 20, status: 16, supplierName: 26, orderNumber: 18, gcsNumber: 22, expectedDate: 14, deliveryDate: 14 }),
};

/** /invoices: number, status, match, supplier, supplier order, amounts, dates, paid on. */
export const INVOICES_SHEET: ListSheet = {
  resource: resourceByName('invoices'),
  columns: columns({
    number: 18, status: 12, matchStatus: 18, supplierName: 26, gcsNumber: 22, priceExcl: 14, priceIncl: 14, invoiceDate: 14, dueDate: 14, paidAt: 18,
  }),
};

/** A trail entry's changes as one cell: a line per field, 'field: before → after'. */
function changesText(changes: unknown): string {
  if (!Array.isArray(changes)) return '';
  return changes.map((c: { field?: string; before?: unknown; after?: unknown }) => `${c.field}: ${c.before ?? '∅'} → ${c.after ?? '∅'}`).join('\n');
}

const auditColumns = (company: boolean) => columns({
  at: 18, actor: 26, impersonatedName: 26, ...(company ? { customerId: 26 } : {}), tableName: 20, recordId: 38, action: 12, changes: 60,
}, { changes: (r) => changesText(r.changes) });

/** The audit trail (issue 30) of a company: time, by (user or job), acting as, table, record, action, changes. */
export const AUDIT_SHEET: ListSheet = { resource: resourceByName('audit-entries'), columns: auditColumns(false) };
/** The tenant's audit trail (platform admins): the same with the company. */
export const ADMIN_AUDIT_SHEET: ListSheet = { resource: resourceByName('audit-entries'), columns: auditColumns(true) };
