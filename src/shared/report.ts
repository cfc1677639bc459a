/**
 * The report of a period as POST /reports/query and /admin/reports/query answer it: the server
 * builds it (src/server/reporting/report.ts), the /reporting pages draw it.
 */
export interface Report {
  period: { startDate: string | null; endDate: string | null };
  orders: {
    count: number; totalExcl: string; totalIncl: string;
    byStatus: { status: string; count: number; totalExcl: string }[];
    byMonth: { month: string; count: number; totalExcl: string }[];
    byDepartment: { departmentId: string | null; name: string | null; count: number; totalExcl: string }[];
  };
  supplierOrders: {
    count: number; totalExcl: string;
    byStatus: { status: string; count: number; totalExcl: string }[];
  };
  suppliers: {
    supplierId: string | null; name: string | null; supplierOrders: number; spendExcl: string; spendIncl: string;
    deliveries: number; deliveriesWithProblems: number; averageLeadDays: number | null;
  }[];
  deliveries: {
    count: number; withProblems: number; averageLeadDays: number | null; maxLeadDays: number | null;
    byStatus: { status: string; count: number }[];
    byProblem: { problemType: string; count: number }[];
  };
}
