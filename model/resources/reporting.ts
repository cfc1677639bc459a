import { access, endpoints, field, filter, resource, t } from '../dsl';

/**
 * Reports and exports (flows §1 /reporting and /ycAdmin/reporting, §5 Reports, §6 the permission
 * areas reports and exports). The spec shows no call paths for them ("Reports and export call paths:
 * not shown"), so the calls below are the product's own: a report of a period is computed on the
 * server (src/server/reporting/report.ts), an export is a row here and a queued `exports.run` job
 * that mails the spreadsheet (src/server/reporting/export-job.ts). The calls are in
 * src/shared/contracts/export-requests.ts.
 */

/** Where an export request stands: waiting in the queue, being built, mailed, or given up. */
export const EXPORT_STATUSES = {
  queued: t('In de wachtrij', 'Queued', "En file d'attente"),
  running: t('Wordt gemaakt', 'Being built', 'En préparation'),
  sent: t('Gemaild', 'Mailed', 'Envoyée par e-mail'),
  failed: t('Mislukt', 'Failed', 'Échec'),
};
export type ExportStatus = keyof typeof EXPORT_STATUSES;
/** The statuses that count towards the queue limit (CONSTANTS.maxQueuedExports, TooManyExportRequests). */
export const WAITING_EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'running'];

const T = {
  startDate: t('Startdatum', 'Start date', 'Date de début'),
  endDate: t('Einddatum', 'End date', 'Date de fin'),
  status: t('Status', 'Status', 'Statut'),
};

export const exportRequests = resource('export-requests', {
  label: { one: t('Export', 'Export', 'Exportation'), many: t('Exports', 'Exports', 'Exportations') },
  scope: 'customer',
  area: 'exports',
  fields: {
    requestedById: field.reference(t('Aangevraagd door', 'Requested by', 'Demandée par'), 'users').readOnly(),
    // The period as asked (flows §5: start inclusive, end exclusive; empty = open).
    startDate: field.date(T.startDate).readOnly(),
    endDate: field.date(T.endDate).readOnly(),
    status: field.enum(T.status, EXPORT_STATUSES).readOnly().default('queued'),
    recipient: field.email(t('Gemaild naar', 'Mailed to', 'Envoyée à')).readOnly(),
    language: field.enum(t('Taal', 'Language', 'Langue'), {
      nl: t('Nederlands', 'Dutch', 'Néerlandais'), en: t('Engels', 'English', 'Anglais'), fr: t('Frans', 'French', 'Français'),
    }).readOnly(),
    fileName: field.text(t('Bestand', 'File', 'Fichier')).max(255).readOnly(),
    rowCount: field.integer(t('Rijen', 'Rows', 'Lignes')).min(0).readOnly(),
    // The job's id: its outbox row has the same id.
    jobId: field.text(t('Taak', 'Job', 'Tâche')).max(100).readOnly().hidden(),
    finishedAt: field.datetime(t('Klaar op', 'Finished at', 'Terminée le')).readOnly(),
    error: field.textarea(t('Fout', 'Error', 'Erreur')).max(4000).readOnly(),
  },
  recordRepresentation: 'fileName',
  filters: {
    status: filter.eq(T.status, 'status'),
  },
  list: { columns: ['createdAt', 'requestedById', 'startDate', 'endDate', 'status', 'rowCount', 'finishedAt'], sort: { field: 'createdAt', order: 'DESC' } },
  endpoints: {
    // Platform admins follow every export of the tenant (which are waiting, which failed and why).
    admin: endpoints.query('/admin/export-requests', ['query', 'id'], access.platformAdmin('exports', 'R')),
  },
  screens: { path: '/ycAdmin/export-requests', endpoint: 'admin', menu: { section: 'admin', order: 9, icon: 'FileDownload' } },
  notFound: 'notFound',
});
