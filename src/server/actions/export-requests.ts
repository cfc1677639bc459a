import { z } from 'zod';
import { EXPORT_STATUSES, type ExportStatus } from '../../../model';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import { resultOf } from '../../shared/contracts/shapes';
import { reportPeriod } from '../reporting/period';
import { buildReport } from '../reporting/report';
import { myExports, requestExport, type ExportRow } from '../reporting/exports';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/**
 * Reports and exports (flows §1 /reporting, /ycAdmin/reporting, §5 Reports). The spec shows no call
 * paths for them: these are the product's own, declared in model/resources/reporting.ts.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real yyyy-MM-dd day, or empty (an open side of the period). */
const day = z.union([z.literal(''), z.null(), z.string().regex(DATE, 'date').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'date')])
  .optional().meta({ description: 'yyyy-MM-dd; empty or absent: open on that side.' });
const period = { startDate: day, endDate: day };
const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid');

const money = z.string().meta({ description: 'An exact amount with two decimals, as text.' });
const count = z.number().int();
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

const exportSchema = z.object({
  id: z.string(),
  status: z.enum(Object.keys(EXPORT_STATUSES) as [ExportStatus, ...ExportStatus[]]),
  startDate: z.string().nullable(), endDate: z.string().nullable(),
  recipient: z.string().nullable(), fileName: z.string().nullable(), rowCount: z.number().nullable(), error: z.string().nullable(),
  createdAt: z.string(), finishedAt: z.string().nullable(),
});

const bodies = {
  report: z.object(period).strict(),
  adminReport: z.object({ customerId: z.union([z.literal(''), z.null(), uuid]).optional(), ...period }).strict(),
  requestExport: z.object(period).strict(),
};

export const exportRequestSchemas: Record<string, ActionSchemas> = {
  report: { body: bodies.report, response: resultOf(reportSchema) },
  adminReport: {
    body: bodies.adminReport,
    response: resultOf(reportSchema.extend({
      customers: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: "The tenant's customers, by name: whom the report may be narrowed to." }),
    })),
  },
  requestExport: { body: bodies.requestExport, response: resultOf(exportSchema) },
  myExports: { response: resultOf(z.object({ items: z.array(exportSchema), total: z.number() })) },
};

const iso = (v: Date | string | null) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const dayText = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const asExport = (r: ExportRow): z.input<typeof exportSchema> => ({
  id: r.id, status: (r.status ?? 'queued') as ExportStatus, startDate: dayText(r.startDate), endDate: dayText(r.endDate),
  recipient: r.recipient, fileName: r.fileName, rowCount: r.rowCount, error: r.error, createdAt: iso(r.createdAt)!, finishedAt: iso(r.finishedAt),
});

const acting = (ctx: ActionContext) => ({ tenantId: ctx.owner.tenantId, customerId: ctx.owner.customerId! });

const report = async (ctx: ActionContext<z.output<typeof bodies.report>>) =>
  ({ result: await buildReport(ctx.db, acting(ctx), reportPeriod(ctx.body)) });

const adminReport = async (ctx: ActionContext<z.output<typeof bodies.adminReport>>) => {
  const customerId = ctx.body.customerId || null;
  if (customerId) {
    const customer = await ctx.db.selectFrom('customers').select('id').where('tenantId', '=', ctx.owner.tenantId).where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw new ApiError('CustomerNotFound');
  }
  const period = reportPeriod(ctx.body);
  const [built, customers] = await Promise.all([
    buildReport(ctx.db, { tenantId: ctx.owner.tenantId, customerId }, period),
    ctx.db.selectFrom('customers').select(['id', 'name']).where('tenantId', '=', ctx.owner.tenantId).orderBy('name').orderBy('id').limit(1000).execute(),
  ]);
  return { result: { ...built, customers: customers.map((c) => ({ id: String(c.id), name: String(c.name) })) } };
};

const requestExportAction = async (ctx: ActionContext<z.output<typeof bodies.requestExport>>) =>
  ({ result: asExport(await requestExport(ctx.db, authOf(ctx.request), acting(ctx), reportPeriod(ctx.body))) });

const myExportsAction = async (ctx: ActionContext) => {
  const items = (await myExports(ctx.db, authOf(ctx.request), acting(ctx))).map(asExport);
  return { result: { items, total: items.length } };
};

export const exportRequestActions = actionsOf({ report, adminReport, requestExport: requestExportAction, myExports: myExportsAction });
