import type { ResultOf } from '../../../shared/contracts/define';
import type { exportRequestContracts } from '../../../shared/contracts/export-requests';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { exportRequestsAdminReport, exportRequestsMyExports, exportRequestsReport } from '../../../../generated/app/calls/export-requests.gen';

/** The answer of POST /reports/query and /admin/reports/query; the admin call also lists the tenant's customers. */
export type Report = ResultOf<typeof exportRequestContracts.report>['result']
  & Partial<Pick<ResultOf<typeof exportRequestContracts.adminReport>['result'], 'customers'>>;

export interface PeriodInput { startDate: string; endDate: string }

export type ExportRequest = ResultOf<typeof exportRequestContracts.requestExport>['result'];

/** The report of the applied period: the customer's, or (admin) one customer's or the tenant's. */
export function useReport(period: PeriodInput, admin: { customerId: string } | null) {
  const { http } = useCoreServices();
  const dates = { startDate: period.startDate || null, endDate: period.endDate || null };
  const body = admin ? { ...dates, customerId: admin.customerId || null } : dates;
  return useAppQuery({
    queryKey: ['app', 'report', admin ? 'admin' : 'customer', body],
    queryFn: ({ signal }): Promise<Report> => (admin
      ? callApi(http, exportRequestsAdminReport, { body: { ...dates, customerId: admin.customerId || null } }, { signal })
      : callApi(http, exportRequestsReport, { body: dates }, { signal })).then((r) => r.result),
    retry: false,
  });
}

/** The caller's export requests; polled while one waits or is being built. */
export function useMyExports(enabled: boolean) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: ['app', 'my-exports'],
    queryFn: ({ signal }) => callApi(http, exportRequestsMyExports, {}, { signal }).then((r) => r.result.items),
    enabled,
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'queued' || e.status === 'running') ? 3000 : false),
  });
}
