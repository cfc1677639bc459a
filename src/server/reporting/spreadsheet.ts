import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Language } from '../../../model/dsl/i18n';
import { serverText } from '../i18n';
import type { ExportSheetWord } from './spreadsheet-texts';
import { buildReport, deliveryDay, leadDays, orderDay, supplierOrderDay, type ReportScope } from './report';
import type { ReportPeriod } from './period';
import type { DB } from '../../../generated/db/database.gen';

/**
 * The export's spreadsheet (flows §5: "the export arrives by e-mail"): an .xlsx workbook built with
 * exceljs with the report's rows of the period, in the requester's language: the orders, the
 * supplier orders, the deliveries (lead time, problem) and the spend per supplier. Amounts are
 * numbers with two decimals (a spreadsheet sums them), days are dates.
 */

/** A heading or sheet name of the export in `language` (the server's i18next, `spreadsheet.export.<key>`). */
const word = (language: Language, key: ExportSheetWord) => serverText(language, `spreadsheet.export.${key}`);

/** The sheets' names in a language, in workbook order. */
export const sheetNames = (language: Language) => (['orders', 'supplierOrders', 'deliveries', 'suppliers'] as const).map((key) => word(language, key));

const num = (v: unknown) => (v == null ? null : Number(v));
const MONEY = '#,##0.00';

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

  const book = new ExcelJS.Workbook();
  book.creator = 'Procurement shop';
  book.created = new Date();
  const sheet = (name: string, columns: { header: string; key: string; width: number; money?: boolean; date?: boolean }[]) => {
    const s = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    s.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.money ? { numFmt: MONEY } : c.date ? { numFmt: 'yyyy-mm-dd' } : {} }));
    s.getRow(1).font = { bold: true };
    return s;
  };
  const day = (v: unknown) => (v == null ? null : new Date(`${String(v instanceof Date ? v.toISOString().slice(0, 10) : v).slice(0, 10)}T00:00:00Z`));

  const os = sheet(w('orders'), [
    { header: w('orderNumber'), key: 'orderNumber', width: 16 }, { header: w('date'), key: 'day', width: 12, date: true },
    { header: w('status'), key: 'status', width: 16 }, { header: w('department'), key: 'department', width: 22 },
    { header: w('orderedBy'), key: 'orderedBy', width: 22 }, { header: w('totalExcl'), key: 'excl', width: 16, money: true },
    { header: w('totalIncl'), key: 'incl', width: 16, money: true },
  ]);
  for (const r of orders.rows) os.addRow({ orderNumber: r.orderNumber, day: day(r.day), status: r.status, department: r.department, orderedBy: r.orderedBy, excl: num(r.excl), incl: num(r.incl) });

  const ss = sheet(w('supplierOrders'), [
    { header: w('gcsNumber'), key: 'gcsNumber', width: 20 }, { header: w('orderNumber'), key: 'orderNumber', width: 16 },
    { header: w('date'), key: 'day', width: 12, date: true }, { header: w('supplier'), key: 'supplier', width: 24 },
    { header: w('status'), key: 'status', width: 24 }, { header: w('totalExcl'), key: 'excl', width: 16, money: true },
    { header: w('totalIncl'), key: 'incl', width: 16, money: true },
  ]);
  for (const r of supplierOrders.rows) ss.addRow({ gcsNumber: r.gcsNumber, orderNumber: r.orderNumber, day: day(r.day), supplier: r.supplierName, status: r.status, excl: num(r.excl), incl: num(r.incl) });

  const ds = sheet(w('deliveries'), [
    { header: w('deliveryNumber'), key: 'deliveryNumber', width: 20 }, { header: w('gcsNumber'), key: 'gcsNumber', width: 20 },
    { header: w('supplier'), key: 'supplier', width: 24 }, { header: w('date'), key: 'day', width: 12, date: true },
    { header: w('status'), key: 'status', width: 16 }, { header: w('problem'), key: 'problem', width: 20 },
    { header: w('leadDays'), key: 'lead', width: 14 },
  ]);
  for (const r of deliveries.rows) ds.addRow({ deliveryNumber: r.deliveryNumber, gcsNumber: r.gcsNumber, supplier: r.supplierName, day: day(r.day), status: r.status, problem: r.problem, lead: num(r.lead) });

  const sp = sheet(w('suppliers'), [
    { header: w('supplier'), key: 'supplier', width: 24 }, { header: w('count'), key: 'orders', width: 14 },
    { header: w('totalExcl'), key: 'excl', width: 16, money: true }, { header: w('totalIncl'), key: 'incl', width: 16, money: true },
    { header: w('deliveryCount'), key: 'deliveries', width: 12 }, { header: w('withProblems'), key: 'problems', width: 14 },
    { header: w('averageLeadDays'), key: 'lead', width: 18 },
  ]);
  for (const r of report.suppliers) sp.addRow({ supplier: r.name, orders: r.supplierOrders, excl: Number(r.spendExcl), incl: Number(r.spendIncl), deliveries: r.deliveries, problems: r.deliveriesWithProblems, lead: r.averageLeadDays });

  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { buffer, rowCount: orders.rows.length + supplierOrders.rows.length + deliveries.rows.length + report.suppliers.length };
}
