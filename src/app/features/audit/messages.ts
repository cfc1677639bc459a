/**
 * Texts of the audit trail pages (/users/audit-trail for a company's admin, /ycAdmin/audit-trail for
 * platform admins; docs/audit-trail.md), in Dutch. English and French: messages.en.ts and messages.fr.ts.
 */
export const nl = {
  audit: {
    title: 'Audittrail',
    intro: 'Wie wat wijzigde: elke wijziging aan de gegevens van het bedrijf, met de velden voor en na.',
    adminIntro: 'Wie wat wijzigde bij alle bedrijven van dit platform, met de velden voor en na.',
    table: 'Tabel',
    record: 'Record (id)',
    from: 'Vanaf',
    to: 'Tot en met',
    user: 'Gebruiker: {{name}}',
    recordFilter: 'Record: {{table}} {{id}}',
    empty: 'Geen wijzigingen gevonden.',
    listFailed: 'De audittrail kon niet gelezen worden.',
    count_one: '{{count}} wijziging',
    count_other: '{{count}} wijzigingen',
    at: 'Tijdstip',
    by: 'Door',
    actingAs: 'als {{name}}',
    company: 'Bedrijf',
    companyFilter: 'Bedrijf: {{name}}',
    noCompany: 'geen bedrijf',
    what: 'Record',
    action: 'Actie',
    changes: 'Wijzigingen',
    system: 'systeem',
    filterUser: 'Toon enkel de wijzigingen van deze gebruiker',
    filterRecord: 'Toon enkel de wijzigingen van dit record',
    filterCompany: 'Toon enkel de wijzigingen bij dit bedrijf',
  },
};
export type AuditMessages = typeof nl;
