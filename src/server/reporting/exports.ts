import { sql, type Kysely } from 'kysely';
import { CONSTANTS, WAITING_EXPORT_STATUSES } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import { ApiError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { negotiateLanguage } from '../i18n';
import type { AuthContext } from '../types';
import type { ReportPeriod } from './period';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Export requests (flows §5 Reports): "at most 3 queued; the export arrives by e-mail within
 * minutes". A request is a row of export_requests and an `exports.run` job enqueued in the same
 * transaction (src/server/reporting/export-job.ts): a refused request leaves neither. The limit counts
 * the caller's requests that wait or are being built (queued, running), over all their companies;
 * a transaction-scoped advisory lock per user makes two requests at once count each other.
 */

export interface ExportRow {
  id: string;
  status: string | null;
  startDate: string | null;
  endDate: string | null;
  recipient: string | null;
  fileName: string | null;
  rowCount: number | null;
  error: string | null;
  createdAt: Date | string;
  finishedAt: Date | string | null;
}

const COLUMNS = ['id', 'status', 'startDate', 'endDate', 'recipient', 'fileName', 'rowCount', 'error', 'createdAt', 'finishedAt'] as const;

export async function requestExport(db: Kysely<DB>, who: AuthContext, scope: { tenantId: string; customerId: string }, period: ReportPeriod): Promise<ExportRow> {
  const user = who.user;
  if (!user.email) throw new ApiError('emailNotFound');
  const tenant = await db.selectFrom('tenants').select('defaultLanguage').where('id', '=', scope.tenantId).executeTakeFirst();
  const language: Language = negotiateLanguage({ saved: user.languageCode as string | null, tenantDefault: tenant?.defaultLanguage as string | null });
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`exports:${scope.tenantId}:${user.id}`}, 0))`.execute(trx);
    const waiting = await trx.selectFrom('exportRequests').select(sql<number>`count(*)::int`.as('n'))
      .where('tenantId', '=', scope.tenantId).where('requestedById', '=', user.id).where('status', 'in', [...WAITING_EXPORT_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= CONSTANTS.maxQueuedExports) throw new ApiError('TooManyExportRequests');
    const row = await trx.insertInto('exportRequests').values({
      tenantId: scope.tenantId, customerId: scope.customerId, requestedById: user.id, status: 'queued',
      startDate: period.start, endDate: period.end, recipient: user.email, language,
    }).returning(COLUMNS).executeTakeFirstOrThrow();
    const jobId = await enqueue(trx, 'exports.run', { tenantId: scope.tenantId, exportRequestId: row.id });
    await trx.updateTable('exportRequests').set({ jobId }).where('id', '=', row.id).execute();
    return row as ExportRow;
  });
}

/** The caller's own requests for the acting customer, newest first. */
export async function myExports(db: Kysely<DB>, who: AuthContext, scope: { tenantId: string; customerId: string }): Promise<ExportRow[]> {
  const rows = await db.selectFrom('exportRequests').select(COLUMNS)
    .where('tenantId', '=', scope.tenantId).where('customerId', '=', scope.customerId).where('requestedById', '=', who.user.id)
    .orderBy('createdAt', 'desc').orderBy('id').limit(50).execute();
  return rows as ExportRow[];
}
