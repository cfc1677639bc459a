import { exportRequestContracts } from '../../shared/contracts/export-requests';
import type { ResultOf } from '../../shared/contracts/define';
import type { ExportStatus } from '../../../model';
import type { Owner } from '../crud/scope';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import { reportPeriod } from '../reporting/period';
import { buildReport } from '../reporting/report';
import { myExports, requestExport, type ExportRow } from '../reporting/exports';
import { implement } from './define';

/** Reports and exports (flows §1 /reporting, /ycAdmin/reporting, §5 Reports): the work is in src/server/reporting. */

type ExportAnswer = ResultOf<typeof exportRequestContracts.requestExport>['result'];

const iso = (v: Date | string | null) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const dayText = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const asExport = (r: ExportRow): ExportAnswer => ({
  id: r.id, status: (r.status ?? 'queued') as ExportStatus, startDate: dayText(r.startDate), endDate: dayText(r.endDate),
  recipient: r.recipient, fileName: r.fileName, rowCount: r.rowCount, error: r.error, createdAt: iso(r.createdAt)!, finishedAt: iso(r.finishedAt),
});

const acting = (owner: Owner) => ({ tenantId: owner.tenantId, customerId: owner.customerId! });

export const exportRequestActions = implement(exportRequestContracts, {
  report: async ({ db, owner, body }) => ({ result: await buildReport(db, acting(owner), reportPeriod(body)) }),

  adminReport: async ({ db, owner, body }) => {
    const customerId = body.customerId || null;
    if (customerId) {
      const customer = await db.selectFrom('customers').select('id').where('tenantId', '=', owner.tenantId).where('id', '=', customerId).executeTakeFirst();
      if (!customer) throw new ApiError('CustomerNotFound');
    }
    const period = reportPeriod(body);
    const [built, customers] = await Promise.all([
      buildReport(db, { tenantId: owner.tenantId, customerId }, period),
      db.selectFrom('customers').select(['id', 'name']).where('tenantId', '=', owner.tenantId).orderBy('name').orderBy('id').limit(1000).execute(),
    ]);
    return { result: { ...built, customers: customers.map((c) => ({ id: String(c.id), name: String(c.name) })) } };
  },

  requestExport: async ({ db, owner, body, request }) =>
    ({ result: asExport(await requestExport(db, authOf(request), acting(owner), reportPeriod(body))) }),

  myExports: async ({ db, owner, request }) => {
    const items = (await myExports(db, authOf(request), acting(owner))).map(asExport);
    return { result: { items, total: items.length } };
  },
});
