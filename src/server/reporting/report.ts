import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { fromCents, toCents } from '../../shared/money';
import type { ReportPeriod } from './period';
import type { DB } from '../../../generated/db/database.gen';
import type { Report } from '../../shared/contracts/export-requests';

/**
 * The report of a period (flows §1 /reporting: orders, deliveries, suppliers), computed by the
 * database from the rows themselves, for one customer or (customerId null, platform admins) every
 * customer of the tenant. Which day a row belongs to, in the shop's time zone:
 * - an order: its order date (its creation when it has none);
 * - a supplier order: its creation (the approval that made it);
 * - a delivery: its delivery date (its creation when it has none).
 * Amounts are exact decimals as text ('123.40'); a lead time is the days from the supplier order's
 * creation to the delivery's date.
 */

export interface ReportScope {
  tenantId: string;
  /** null: every customer of the tenant. */
  customerId: string | null;
}


const TZ = sql.lit(SHOP_TIME_ZONE);
/** The shop-zone day of a timestamptz column. */
const dayOf = (ts: RawBuilder<unknown>) => sql`(${ts} at time zone ${TZ})::date`;
const money = (expr: RawBuilder<unknown>) => sql<string>`coalesce(sum(${expr}), 0)::numeric(14,2)::text`;

function within(day: RawBuilder<unknown>, p: ReportPeriod): RawBuilder<boolean> {
  const parts = [sql`true`];
  if (p.start) parts.push(sql`${day} >= ${p.start}::date`);
  if (p.end) parts.push(sql`${day} < ${p.end}::date`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function scoped(alias: string, s: ReportScope): RawBuilder<boolean> {
  const a = sql.ref(alias);
  return s.customerId
    ? sql<boolean>`(${a}.tenant_id = ${s.tenantId} and ${a}.customer_id = ${s.customerId})`
    : sql<boolean>`(${a}.tenant_id = ${s.tenantId})`;
}

export const orderDay = dayOf(sql`coalesce(o.order_date, o.created_at)`);
export const supplierOrderDay = dayOf(sql`so.created_at`);
export const deliveryDay = sql`coalesce(d.delivery_date, ${dayOf(sql`d.created_at`)})`;
/** Days from the supplier order's creation to the delivery (null without a supplier order). */
export const leadDays = sql<number | null>`(${deliveryDay} - ${supplierOrderDay})`;
/** A delivery with a problem: on the delivery or on one of its lines. */
export const hasProblem = sql<boolean>`(d.problem_type is not null or exists (select 1 from delivery_lines dl where dl.delivery_id = d.id and dl.problem_type is not null))`;

const n = (v: unknown) => Number(v ?? 0);
const avg = (v: unknown) => (v == null ? null : Math.round(Number(v) * 10) / 10);

export async function buildReport(db: Kysely<DB>, scope: ReportScope, period: ReportPeriod): Promise<Report> {
  const orderWhere = sql`${scoped('o', scope)} and ${within(orderDay, period)}`;
  const soWhere = sql`${scoped('so', scope)} and ${within(supplierOrderDay, period)}`;
  const deliveryWhere = sql`${scoped('d', scope)} and ${within(deliveryDay, period)}`;

  const [orderTotals, orderStatus, orderMonth, orderDept, soStatus, perSupplier, deliveryTotals, deliveryStatus, deliveryProblem] = await Promise.all([
    sql<{ count: number; excl: string; incl: string }>`select count(*)::int as count, ${money(sql`o.total_product_cost_excl`)} as excl, ${money(sql`o.total_cost`)} as incl
      from orders o where ${orderWhere}`.execute(db),
    sql<{ status: string; count: number; excl: string }>`select coalesce(o.status, 'toApprove') as status, count(*)::int as count, ${money(sql`o.total_product_cost_excl`)} as excl
      from orders o where ${orderWhere} group by 1 order by 2 desc, 1`.execute(db),
    sql<{ month: string; count: number; excl: string }>`select to_char(${orderDay}, 'YYYY-MM') as month, count(*)::int as count, ${money(sql`o.total_product_cost_excl`)} as excl
      from orders o where ${orderWhere} group by 1 order by 1`.execute(db),
    sql<{ id: string | null; name: string | null; count: number; excl: string }>`select o.department_id as id, min(cd.name) as name, count(*)::int as count, ${money(sql`o.total_product_cost_excl`)} as excl
      from orders o left join customer_departments cd on cd.id = o.department_id where ${orderWhere} group by 1 order by 4 desc, 2`.execute(db),
    sql<{ status: string; count: number; excl: string }>`select coalesce(so.status, 'CREATED') as status, count(*)::int as count, ${money(sql`so.total_excl`)} as excl
      from supplier_orders so where ${soWhere} group by 1 order by 2 desc, 1`.execute(db),
    sql<{ id: string | null; name: string | null; orders: number; excl: string; incl: string; deliveries: number; problems: number; lead: string | null }>`
      with s as (
        select so.supplier_id as id, min(so.supplier_name) as name, count(*)::int as orders, ${money(sql`so.total_excl`)} as excl, ${money(sql`so.total_incl`)} as incl
        from supplier_orders so where ${soWhere} group by 1
      ), dl as (
        select d.supplier_id as id, min(d.supplier_name) as name, count(*)::int as deliveries, count(*) filter (where ${hasProblem})::int as problems, avg(${leadDays}) as lead
        from deliveries d left join supplier_orders so on so.id = d.supplier_order_id where ${deliveryWhere} group by 1
      )
      select coalesce(s.id, dl.id) as id, coalesce(s.name, dl.name) as name, coalesce(s.orders, 0) as orders, coalesce(s.excl, '0.00') as excl, coalesce(s.incl, '0.00') as incl,
        coalesce(dl.deliveries, 0) as deliveries, coalesce(dl.problems, 0) as problems, dl.lead
      from s full join dl on coalesce(dl.id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(s.id, '00000000-0000-0000-0000-000000000000'::uuid)
      order by coalesce(s.excl, '0')::numeric desc, 2`.execute(db),
    sql<{ count: number; problems: number; lead: string | null; max: number | null }>`select count(*)::int as count, count(*) filter (where ${hasProblem})::int as problems,
        avg(${leadDays}) as lead, max(${leadDays}) as max
      from deliveries d left join supplier_orders so on so.id = d.supplier_order_id where ${deliveryWhere}`.execute(db),
    sql<{ status: string; count: number }>`select coalesce(d.status, 'toApprove') as status, count(*)::int as count from deliveries d where ${deliveryWhere} group by 1 order by 2 desc, 1`.execute(db),
    sql<{ problem: string; count: number }>`select p.problem, count(distinct d.id)::int as count
      from deliveries d cross join lateral (
        select d.problem_type as problem where d.problem_type is not null
        union select dl.problem_type from delivery_lines dl where dl.delivery_id = d.id and dl.problem_type is not null
      ) p where ${deliveryWhere} group by 1 order by 2 desc, 1`.execute(db),
  ]);

  const ot = orderTotals.rows[0]!;
  const dt = deliveryTotals.rows[0]!;
  const soRows = soStatus.rows;
  return {
    period: { startDate: period.start, endDate: period.end },
    orders: {
      count: n(ot.count), totalExcl: ot.excl, totalIncl: ot.incl,
      byStatus: orderStatus.rows.map((r) => ({ status: r.status, count: n(r.count), totalExcl: r.excl })),
      byMonth: orderMonth.rows.map((r) => ({ month: r.month, count: n(r.count), totalExcl: r.excl })),
      byDepartment: orderDept.rows.map((r) => ({ departmentId: r.id, name: r.name, count: n(r.count), totalExcl: r.excl })),
    },
    supplierOrders: {
      count: soRows.reduce((s, r) => s + n(r.count), 0),
      totalExcl: fromCents(soRows.reduce((s, r) => s + toCents(r.excl), 0n)),
      byStatus: soRows.map((r) => ({ status: r.status, count: n(r.count), totalExcl: r.excl })),
    },
    suppliers: perSupplier.rows.map((r) => ({
      supplierId: r.id, name: r.name, supplierOrders: n(r.orders), spendExcl: r.excl, spendIncl: r.incl,
      deliveries: n(r.deliveries), deliveriesWithProblems: n(r.problems), averageLeadDays: avg(r.lead),
    })),
    deliveries: {
      count: n(dt.count), withProblems: n(dt.problems), averageLeadDays: avg(dt.lead), maxLeadDays: dt.max == null ? null : n(dt.max),
      byStatus: deliveryStatus.rows.map((r) => ({ status: r.status, count: n(r.count) })),
      byProblem: deliveryProblem.rows.map((r) => ({ problemType: r.problem, count: n(r.count) })),
    },
  };
}
