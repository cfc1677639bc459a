import { access, CONTRACT_FIELD_GROUPS, CONTRACT_FIELD_TYPES, endpoints, field, filter, resource, t, type Translations } from '../dsl';
import { L } from '../catalogue/texts';

/**
 * Contracts (flows §3 Contract, §4, §5 Contracts, §7 Contracts; core §2 /contracts…, §6 the
 * `contracts` feature and the areas contracts and contract configuration): the agreements a company
 * keeps with its suppliers, with their extensions, budgets, files and the addresses told before the
 * latest cancellation date. What a contract shows besides its fixed fields is the company's own
 * layout (contract-layouts below), edited at runtime on /contract-configuration; the values of those
 * fields live in the contract's extraFields, extraUserFields and extraDepartmentFields, its budgets
 * and attachments (each under the layout field's name). src/server/contracts does the work; the
 * daily `contracts.status` job keeps the statuses and sends the cancellation notices. The calls of
 * contracts, layouts and categories are in src/shared/contracts/contracts.ts.
 */

const T = {
  contract: t('Contract', 'Contract', 'Contrat'),
  contractNumber: t('Contractnummer', 'Contract number', 'Numéro de contrat'),
  title: t('Titel', 'Title', 'Titre'),
  status: t('Status', 'Status', 'Statut'),
  category: t('Categorie', 'Category', 'Catégorie'),
  supplier: t('Leverancier', 'Supplier', 'Fournisseur'),
  owner: t('Eigenaar', 'Owner', 'Propriétaire'),
  startDate: t('Startdatum', 'Start date', 'Date de début'),
  endDate: t('Einddatum', 'End date', 'Date de fin'),
  latestCancellationDate: t('Uiterste opzegdatum', 'Latest cancellation date', 'Date limite de résiliation'),
  extensions: t('Verlengingen', 'Extensions', 'Prolongations'),
  budgetEstimation: t('Geraamd budget', 'Budget estimation', 'Budget estimé'),
  budgets: t('Budgetten', 'Budgets', 'Budgets'),
  attachments: t('Bijlagen', 'Attachments', 'Pièces jointes'),
  notificationEmails: t('Meldingsadressen', 'Notification e-mail addresses', 'Adresses de notification'),
  fieldName: t('Veld', 'Field', 'Champ'),
  value: t('Waarde', 'Value', 'Valeur'),
};

/** flows §4 Contract: the stored values are the spec's. */
export const CONTRACT_STATUSES = {
  DRAFT: t('Ontwerp', 'Draft', 'Brouillon'),
  ACTIVE: t('Actief', 'Active', 'Actif'),
  INACTIVE: t('Inactief', 'Inactive', 'Inactif'),
  EXPIRED: t('Verlopen', 'Expired', 'Expiré'),
  ABOUT_TO_EXPIRE: t('Loopt bijna af', 'About to expire', 'Expire bientôt'),
};
export type ContractStatus = keyof typeof CONTRACT_STATUSES;
/** What a user chooses; EXPIRED and ABOUT_TO_EXPIRE follow from the dates (src/server/contracts/status.ts). */
export const CONTRACT_CHOSEN_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const satisfies readonly ContractStatus[];

export const CONTRACT_GROUP_LABELS: Readonly<Record<(typeof CONTRACT_FIELD_GROUPS)[number], Translations>> = {
  General: t('Algemeen', 'General', 'Général'),
  Financial: t('Financieel', 'Financial', 'Financier'),
  SLA: t('SLA', 'SLA', 'SLA'),
  Extra: t('Extra', 'Extra', 'Extra'),
};
export const CONTRACT_FIELD_TYPE_LABELS: Readonly<Record<(typeof CONTRACT_FIELD_TYPES)[number], Translations>> = {
  input: t('Tekstveld', 'Input', 'Champ texte'),
  number: t('Getal', 'Number', 'Nombre'),
  textbox: t('Tekstvak', 'Text box', 'Zone de texte'),
  date: t('Datum', 'Date', 'Date'),
  attachments: T.attachments,
  select: t('Keuzelijst', 'Select', 'Liste de choix'),
  users: t('Gebruikers', 'Users', 'Utilisateurs'),
  department: t('Afdeling', 'Department', 'Département'),
  budgets: T.budgets,
  extension: t('Verlenging', 'Extension', 'Prolongation'),
  cancellationDate: T.latestCancellationDate,
};

const asValues = <K extends string>(keys: readonly K[], labels: Readonly<Record<K, Translations>>) =>
  Object.fromEntries(keys.map((k) => [k, labels[k]])) as Record<K, Translations>;

/** Categories a contract is filed under (GET /contracts/contract-categories), per company. */
export const contractCategories = resource('contract-categories', {
  label: { one: t('Contractcategorie', 'Contract category', 'Catégorie de contrat'), many: t('Contractcategorieën', 'Contract categories', 'Catégories de contrat') },
  scope: 'customer',
  area: 'contracts',
  feature: 'contracts',
  fields: {
    name: field.text(L.name).required().max(200).example('Onderhoud'),
  },
  recordRepresentation: 'name',
  list: { columns: ['name'], sort: { field: 'name', order: 'ASC' } },
  notFound: 'ContractNotFound',
});

/**
 * A company's contract layout (flows §3 "the layout is configurable"): the fields its contracts show
 * besides the fixed ones, each in a group with a type, a name (unique within the layout: two fields
 * with the same name are DuplicateContractFieldName) and a required flag; a select has its options.
 * One row per company, made on first save.
 */
export const contractLayouts = resource('contract-layouts', {
  label: { one: t('Contractindeling', 'Contract layout', 'Disposition des contrats'), many: t('Contractindelingen', 'Contract layouts', 'Dispositions des contrats') },
  scope: 'customer',
  area: 'contracts',
  feature: 'contracts',
  fields: {
    fields: field.list(t('Velden', 'Fields', 'Champs'), {
      group: field.enum(t('Groep', 'Group', 'Groupe'), asValues(CONTRACT_FIELD_GROUPS, CONTRACT_GROUP_LABELS)).required(),
      type: field.enum(t('Soort', 'Type', 'Type'), asValues(CONTRACT_FIELD_TYPES, CONTRACT_FIELD_TYPE_LABELS)).required(),
      name: field.text(T.fieldName).required().max(100),
      required: field.boolean(t('Verplicht', 'Required', 'Obligatoire')),
      options: field.stringList(t('Keuzes', 'Options', 'Options')),
    }),
  },
  recordRepresentation: 'id',
  list: { columns: ['updatedAt'], sort: { field: 'updatedAt', order: 'DESC' } },
  notFound: 'ContractNotFound',
});

const attachmentItem = {
  /** The layout field the file was added to; '' for the contract's own (extra) uploads. */
  fieldName: field.text(T.fieldName).max(100),
  file: field.attachment(t('Bestand', 'File', 'Fichier')).required(),
};

export const contracts = resource('contracts', {
  label: { one: T.contract, many: t('Contracten', 'Contracts', 'Contrats') },
  scope: 'customer',
  area: 'contracts',
  feature: 'contracts',
  fields: {
    contractNumber: field.text(T.contractNumber).max(100).example('C-2030-001'),
    title: field.text(T.title).required().max(200).example('Onderhoud liften'),
    description: field.textarea(L.description).max(4000),
    status: field.enum(T.status, CONTRACT_STATUSES).required().default('DRAFT'),
    categoryId: field.reference(T.category, 'contract-categories'),
    supplierId: field.reference(T.supplier, 'suppliers'),
    ownerId: field.reference(T.owner, 'users'),
    departmentId: field.reference(L.department, 'customer-departments'),
    startDate: field.date(T.startDate),
    endDate: field.date(T.endDate),
    latestCancellationDate: field.date(T.latestCancellationDate),
    contractExtensions: field.list(T.extensions, {
      id: field.text(t('Id', 'Id', 'Id')).max(64),
      endDate: field.date(T.endDate),
      budgetEstimation: field.money(T.budgetEstimation),
      latestCancellationDate: field.date(T.latestCancellationDate),
    }),
    budgets: field.list(T.budgets, {
      fieldName: field.text(T.fieldName).max(100),
      items: field.list(t('Posten', 'Items', 'Postes'), {
        description: field.text(L.description).required().max(200),
        amount: field.money(t('Bedrag', 'Amount', 'Montant')).required(),
        budgetId: field.reference(t('Budget', 'Budget', 'Budget'), 'budgets'),
      }),
    }),
    attachments: field.list(T.attachments, attachmentItem),
    notificationEmails: field.stringList(T.notificationEmails),
    extraFields: field.list(t('Extra velden', 'Extra fields', 'Champs supplémentaires'), {
      name: field.text(T.fieldName).required().max(100),
      value: field.text(T.value).max(4000),
    }),
    extraUserFields: field.list(t('Extra gebruikersvelden', 'Extra user fields', 'Champs utilisateurs supplémentaires'), {
      name: field.text(T.fieldName).required().max(100),
      userIds: field.stringList(t('Gebruikers', 'Users', 'Utilisateurs')),
    }),
    extraDepartmentFields: field.list(t('Extra afdelingsvelden', 'Extra department fields', 'Champs départements supplémentaires'), {
      name: field.text(T.fieldName).required().max(100),
      departmentId: field.text(L.department).max(64),
    }),
    createdById: field.reference(t('Aangemaakt door', 'Created by', 'Créé par'), 'users').readOnly(),
    // The `contracts.status` job's marks: the cancellation date a notice and a reminder went out for
    // (once per contract and date; a new date is told again).
    noticeSentFor: field.date(t('Melding verstuurd voor', 'Notice sent for', 'Notification envoyée pour')).readOnly().hidden(),
    reminderSentFor: field.date(t('Herinnering verstuurd voor', 'Reminder sent for', 'Rappel envoyé pour')).readOnly().hidden(),
  },
  recordRepresentation: 'title',
  filters: {
    status: filter.eq(T.status, 'status'),
    supplierId: filter.eq(T.supplier, 'supplierId'),
    search: filter.search(L.search, ['contractNumber', 'title']),
  },
  list: { columns: ['contractNumber', 'title', 'status', 'supplierId', 'startDate', 'endDate', 'latestCancellationDate'], sort: { field: 'endDate', order: 'ASC' } },
  endpoints: {
    // core §2 /ycAdmin/contracts: platform admins read the contracts of the tenant's customers.
    admin: endpoints.query('/admin/contracts', ['query', 'id'], access.platformAdmin('contracts', 'R')),
  },
  screens: {
    path: '/ycAdmin/contracts', endpoint: 'admin', menu: { section: 'admin', order: 9, icon: 'Description' },
  },
  notFound: 'ContractNotFound',
  failureTexts: {
    list: t('Fout bij het ophalen van de contracten', 'Error getting contracts', 'Erreur lors de la récupération des contrats'),
    get: t('Fout bij het ophalen van het contract', 'Error getting contract', 'Erreur lors de la récupération du contrat'),
    create: t('Fout bij het aanmaken van het contract', 'Error creating contract', 'Erreur lors de la création du contrat'),
    update: t('Fout bij het wijzigen van het contract', 'Error editing contract', 'Erreur lors de la modification du contrat'),
    delete: t('Fout bij het verwijderen van het contract', 'Error deleting contract', 'Erreur lors de la suppression du contrat'),
  },
});
