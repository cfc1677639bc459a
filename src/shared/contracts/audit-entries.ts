import { auditEntries } from '../../../model/resources/audit-entries';
import { contractsOf } from './define';
import { listAccessOf, listExportCall, modelListExportQuery } from './list-export';

/**
 * The audit trail's exports (issue 30, docs/audit-trail.md): the entries of GET /v2/audit-entries (a
 * company admin: their company's) and of GET /admin/audit-entries (a platform admin: the tenant's)
 * with the same filters, as an .xlsx.
 */
export const auditEntryContracts = contractsOf(auditEntries, {
  export: listExportCall('/v2/audit-entries/export.xlsx', listAccessOf(auditEntries, 'customer'), modelListExportQuery(auditEntries),
    "the audit trail entries of GET /v2/audit-entries (the acting company's)", 'time, by, acting as, table, record, action, changes'),
  adminExport: listExportCall('/admin/audit-entries/export.xlsx', listAccessOf(auditEntries, 'admin'), modelListExportQuery(auditEntries),
    "the audit trail entries of GET /admin/audit-entries (the tenant's)", 'time, by, acting as, company, table, record, action, changes'),
});
