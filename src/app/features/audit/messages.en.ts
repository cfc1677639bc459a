import type { AuditMessages } from './messages';

/** The English texts of ./messages.ts. */
export const en: AuditMessages = {
  audit: {
    title: 'Audit trail',
    intro: 'Who changed what: every change to your company’s data, with the fields before and after.',
    adminIntro: 'Who changed what at every company of this platform, with the fields before and after.',
    table: 'Table',
    record: 'Record (id)',
    from: 'From',
    to: 'Until',
    user: 'User: {{name}}',
    recordFilter: 'Record: {{table}} {{id}}',
    empty: 'No changes found.',
    listFailed: 'The audit trail could not be read.',
    count_one: '{{count}} change',
    count_other: '{{count}} changes',
    at: 'Time',
    by: 'By',
    actingAs: 'as {{name}}',
    company: 'Company',
    companyFilter: 'Company: {{name}}',
    noCompany: 'no company',
    what: 'Record',
    action: 'Action',
    changes: 'Changes',
    system: 'system',
    filterUser: 'Show only this user’s changes',
    filterRecord: 'Show only this record’s changes',
    filterCompany: 'Show only this company’s changes',
  },
};
