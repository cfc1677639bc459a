import { auditEntryContracts } from '../../shared/contracts/audit-entries';
import { sendListExport } from '../crud/list-export';
import { requestLanguage } from '../i18n';
import { ADMIN_AUDIT_SHEET, AUDIT_SHEET } from '../reporting/list-sheets';
import { implement } from './define';

/** The audit trail's exports (docs/audit-trail.md): the rows of its lists, the owner's side deciding whose (a company's or the tenant's). */
export const auditEntryActions = implement(auditEntryContracts, {
  export: async ({ db, request, reply, owner, query }) =>
    sendListExport(db, request, reply, AUDIT_SHEET, owner, { filters: query, sort: query.sort, order: query.order }, requestLanguage(request)) as never,
  adminExport: async ({ db, request, reply, owner, query }) =>
    sendListExport(db, request, reply, ADMIN_AUDIT_SHEET, owner, { filters: query, sort: query.sort, order: query.order }, requestLanguage(request)) as never,
});
