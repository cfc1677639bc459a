import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { EXPORT_STATUSES, exportRequests, type ExportStatus } from '../../../model/resources/reporting';
import { contractsOf } from './define';
import { resultOf, uuidText } from './shapes';

/**
 * Reports and exports (flows §1 /reporting, /ycAdmin/reporting, §5 Reports). The spec shows no call
 * paths for them: these are the product's own.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real yyyy-MM-dd day, or empty (an open side of the period). */
const day = z.union([z.literal(''), z.null(), z.string().regex(DATE, 'date').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'date')])
  .optional().meta({ description: 'yyyy-MM-dd; empty or absent: open on that side.' });
const period = { startDate: day, endDate: day };

const money = z.string().meta({ description: 'An exact amount with two decimals, as text.' });
const count = z.number().int();
/** The report of a period: the server builds it (src/server/reporting/report.ts), the /reporting pages draw it. */
const reportSchema = z.object({
  period: z.object({
    startDate: z.string().nullable().meta({ description: 'First day (inclusive); null: from the first data.' }),
    endDate: z.string().nullable().meta({ description: 'Day after the last (exclusive); null: up to the last data.' }),
  }),
  orders: z.object({
    count, totalExcl: money, totalIncl: money,
    byStatus: z.array(z.object({ status: z.string(), count, totalExcl: money })),
    byMonth: z.array(z.object({ month: z.string().meta({ description: 'yyyy-MM' }), count, totalExcl: money })),
    byDepartment: z.array(z.object({ departmentId: z.string().nullable(), name: z.string().nullable(), count, totalExcl: money })),
  }),
  supplierOrders: z.object({ count, totalExcl: money, byStatus: z.array(z.object({ status: z.string(), count, totalExcl: money })) }),
  suppliers: z.array(z.object({
    supplierId: z.string().nullable(), name: z.string().nullable(), supplierOrders: count, spendExcl: money, spendIncl: money,
    deliveries: count, deliveriesWithProblems: count, averageLeadDays: z.number().nullable(),
  })),
  deliveries: z.object({
    count, withProblems: count, averageLeadDays: z.number().nullable(), maxLeadDays: z.number().nullable(),
    byStatus: z.array(z.object({ status: z.string(), count })),
    byProblem: z.array(z.object({ problemType: z.string(), count })),
  }),
});
export type Report = z.output<typeof reportSchema>;

const exportSchema = z.object({
  id: z.string(),
  status: z.enum(Object.keys(EXPORT_STATUSES) as [ExportStatus, ...ExportStatus[]]),
  startDate: z.string().nullable(), endDate: z.string().nullable(),
  recipient: z.string().nullable(), fileName: z.string().nullable(), rowCount: z.number().nullable(), error: z.string().nullable(),
  createdAt: z.string(), finishedAt: z.string().nullable(),
});

export const exportRequestContracts = contractsOf(exportRequests, {
  report: {
    method: 'POST', read: true, path: '/reports/query', access: access.customer('reports', 'R'),
    summary: "The spec names no report call (flows §1 /reporting, §5 Reports): the acting customer's report of a period ({startDate?, endDate?}, yyyy-MM-dd; start inclusive, end exclusive; both empty: all data; only a start: up to today inclusive; a start after the end is invalidReportPeriod, 400). Orders (count and totals per status, per month, per department), supplier orders and spend per supplier, deliveries (per status, per problem type, lead time in days from the supplier order to the delivery). {result}.",
    body: z.object(period).strict(),
    response: resultOf(reportSchema),
    errors: ['invalidReportPeriod'],
  },
  adminReport: {
    method: 'POST', read: true, path: '/admin/reports/query', access: access.platformAdmin('reports', 'R'),
    summary: "The spec names no report call (flows §1 /ycAdmin/reporting): the same report as POST /reports/query for a platform admin, of one customer of the tenant ({customerId, startDate?, endDate?}) or of all its customers (customerId empty); an unknown customer is CustomerNotFound (404). {result: the report and customers, the tenant's customers by name to choose from}.",
    body: z.object({ customerId: z.union([z.literal(''), z.null(), uuidText]).optional(), ...period }).strict(),
    response: resultOf(reportSchema.extend({
      customers: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: "The tenant's customers, by name: whom the report may be narrowed to." }),
    })),
    errors: ['CustomerNotFound', 'invalidReportPeriod'],
  },
  requestExport: {
    method: 'POST', path: '/reports/exports', access: access.customer('exports', 'X'),
    summary: "The spec names no export call (flows §5 Reports: at most 3 queued; the export arrives by e-mail): queues the export of the acting customer's report data of a period ({startDate?, endDate?}, the rules of /reports/query) as a spreadsheet mailed to the caller by the exports.run job. A caller with 3 exports still queued or being built gets TooManyExportRequests (429) and nothing is queued. {result: the export request}.",
    body: z.object(period).strict(),
    response: resultOf(exportSchema),
    errors: ['invalidReportPeriod', 'TooManyExportRequests', 'emailNotFound'],
  },
  myExports: {
    method: 'GET', path: '/reports/exports', access: access.customer('exports', 'R'),
    summary: "The spec names no export call: the caller's own export requests for the acting customer, newest first (the latest 50), with their status (queued, running, sent, failed). {result: {items, total}}.",
    response: resultOf(z.object({ items: z.array(exportSchema), total: z.number() })),
  },
});
