import { sql, type Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { serverText } from '../i18n';
import type { ExportSheetWord } from './spreadsheet-texts';
import { buildReport, deliveryDay, leadDays, orderDay, supplierOrderDay, type ReportScope } from './report';
import type { ReportPeriod } from './period';
import { workbookBuffer } from './workbook';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The export's spreadsheet (flows §5: "the export arrives by e-mail"): an .xlsx workbook (written
 * as every one is, workbook.ts) with the report's rows of the period, in the requester's language:
 * the orders, the supplier orders, the deliveries (lead time, problem) and the spend per supplier.
 * Amounts are numbers with two decimals (a spreadsheet sums them), days are dates.
 */

/** A heading or sheet name of the export in `language` (the server's i18next, `spreadsheet.export.<key>`). */
const word = (language: Language, key: ExportSheetWord) => serverText(language, `spreadsheet.export.${key}`);

/** The sheets' names in a language, in workbook order. */
export const sheetNames = (language: Language) => (['orders', 'supplierOrders', 'deliveries', 'suppliers'] as const).map((key) => word(language, key));

function within(day: ReturnType<typeof sql>, p: ReportPeriod) {
  const parts = [sql`true`];
  if (p.start) parts.push(sql`${day} >= ${p.start}::date`);
  if (p.end) parts.push(sql`${day} < ${p.end}::date`);
  return sql`(${sql.join(parts, sql` and `)})`;
}
const scoped = (alias: string, s: ReportScope) => (s.customerId
  ? sql`(${sql.ref(alias)}.tenant_id = ${s.tenantId} and ${sql.ref(alias)}.customer_id = ${s.customerId})`
  : sql`(${sql.ref(alias)}.tenant_id = ${s.tenantId})`);

export interface BuiltWorkbook {
  buffer: Buffer;
  /** Data rows written, headers not counted. */
  rowCount: number;
}

export async function buildWorkbook(db: Kysely<DB>, scope: ReportScope, period: ReportPeriod, language: Language): Promise<BuiltWorkbook> {
  const w = (key: ExportSheetWord) => word(language, key);
  // Raw queries' columns come back camelCased (the database's CamelCasePlugin).
  const [orders, supplierOrders, deliveries, report] = await Promise.all([
    sql<Record<string, unknown>>`select o.order_number, ${orderDay} as day, o.status, cd.name as department,
        coalesce(nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), ''), u.displayname, u.email) as ordered_by,
        o.total_product_cost_excl as excl, o.total_cost as incl
      from orders o left join customer_departments cd on cd.id = o.department_id left join users u on u.id = o.ordered_by_id
      where ${scoped('o', scope)} and ${within(orderDay, period)} order by 2, 1`.execute(db),
    sql<Record<string, unknown>>`select so.gcs_number, so.order_number, ${supplierOrderDay} as day, so.supplier_name, so.status, so.total_excl as excl, so.total_incl as incl
      from supplier_orders so where ${scoped('so', scope)} and ${within(supplierOrderDay, period)} order by 3, 1`.execute(db),
    sql<Record<string, unknown>>`select d.delivery_number, d.gcs_number, d.supplier_name, ${deliveryDay} as day, d.status,
        coalesce(d.problem_type, (select min(dl.problem_type) from delivery_lines dl where dl.delivery_id = d.id)) as problem, ${leadDays} as lead
      from deliveries d left join supplier_orders so on so.id = d.supplier_order_id
      where ${scoped('d', scope)} and ${within(deliveryDay, period)} order by 4, 1`.execute(db),
    buildReport(db, scope, period),
  ]);

  const buffer = await workbookBuffer((book) => {
    const os = book.sheet(w('orders'), [
      { header: w('orderNumber'), key: 'orderNumber', width: 16 }, { header: w('date'), key: 'day', width: 12, format: 'date' },
      { header: w('status'), key: 'status', width: 16 }, { header: w('department'), key: 'department', width: 22 },
      { header: w('orderedBy'), key: 'orderedBy', width: 22 }, { header: w('totalExcl'), key: 'excl', width: 16, format: 'money' },
      { header: w('totalIncl'), key: 'incl', width: 16, format: 'money' },
    ]);
    for (const r of orders.rows) os.add({ orderNumber: r.orderNumber, day: r.day, status: r.status, department: r.department, orderedBy: r.orderedBy, excl: r.excl, incl: r.incl });

    const ss = book.sheet(w('supplierOrders'), [
      { header: w('gcsNumber'), key: 'gcsNumber', width: 20 }, { header: w('orderNumber'), key: 'orderNumber', width: 16 },
      { header: w('date'), key: 'day', width: 12, format: 'date' }, { header: w('supplier'), key: 'supplier', width: 24 },
      { header: w('status'), key: 'status', width: 24 }, { header: w('totalExcl'), key: 'excl', width: 16, format: 'money' },
      { header: w('totalIncl'), key: 'incl', width: 16, format: 'money' },
    ]);
    for (const r of supplierOrders.rows) ss.add({ gcsNumber: r.gcsNumber, orderNumber: r.orderNumber, day: r.day, supplier: r.supplierName, status: r.status, excl: r.excl, incl: r.incl });

    const ds = book.sheet(w('deliveries'), [
      { header: w('deliveryNumber'), key: 'deliveryNumber', width: 20 }, { header: w('gcsNumber'), key: 'gcsNumber', width: 20 },
      { header: w('supplier'), key: 'supplier', width: 24 }, { header: w('date'), key: 'day', width: 12, format: 'date' },
      { header: w('status'), key: 'status', width: 16 }, { header: w('problem'), key: 'problem', width: 20 },
      { header: w('leadDays'), key: 'lead', width: 14, format: 'number' },
    ]);
    for (const r of deliveries.rows) ds.add({ deliveryNumber: r.deliveryNumber, gcsNumber: r.gcsNumber, supplier: r.supplierName, day: r.day, status: r.status, problem: r.problem, lead: r.lead });

    const sp = book.sheet(w('suppliers'), [
      { header: w('supplier'), key: 'supplier', width: 24 }, { header: w('count'), key: 'orders', width: 14, format: 'integer' },
      { header: w('totalExcl'), key: 'excl', width: 16, format: 'money' }, { header: w('totalIncl'), key: 'incl', width: 16, format: 'money' },
      { header: w('deliveryCount'), key: 'deliveries', width: 12, format: 'integer' }, { header: w('withProblems'), key: 'problems', width: 14, format: 'integer' },
      { header: w('averageLeadDays'), key: 'lead', width: 18, format: 'number' },
    ]);
    for (const r of report.suppliers) sp.add({ supplier: r.name, orders: r.supplierOrders, excl: r.spendExcl, incl: r.spendIncl, deliveries: r.deliveries, problems: r.deliveriesWithProblems, lead: r.averageLeadDays });
  });
  return { buffer, rowCount: orders.rows.length + supplierOrders.rows.length + deliveries.rows.length + report.suppliers.length };
}
