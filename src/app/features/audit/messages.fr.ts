import type { AuditMessages } from './messages';

/** The French texts of ./messages.ts. */
export const fr: AuditMessages = {
  audit: {
    title: "Piste d'audit",
    intro: "Qui a modifié quoi : chaque modification des données de votre entreprise, avec les champs avant et après.",
    adminIntro: 'Qui a modifié quoi dans toutes les entreprises de cette plateforme, avec les champs avant et après.',
    table: 'Table',
    record: 'Enregistrement (id)',
    from: 'Du',
    to: "Jusqu'au",
    user: 'Utilisateur : {{name}}',
    recordFilter: 'Enregistrement : {{table}} {{id}}',
    empty: 'Aucune modification trouvée.',
    listFailed: "La piste d'audit n'a pas pu être lue.",
    count_one: '{{count}} modification',
    count_other: '{{count}} modifications',
    at: 'Moment',
    by: 'Par',
    actingAs: 'en tant que {{name}}',
    company: 'Entreprise',
    companyFilter: 'Entreprise : {{name}}',
    noCompany: 'aucune entreprise',
    what: 'Enregistrement',
    action: 'Action',
    changes: 'Modifications',
    system: 'système',
    filterUser: 'Afficher uniquement les modifications de cet utilisateur',
    filterRecord: 'Afficher uniquement les modifications de cet enregistrement',
    filterCompany: 'Afficher uniquement les modifications de cette entreprise',
  },
};
