import { access, endpoints, field, filter, resource, t } from '../dsl';
import { L } from '../catalogue/texts';
import { CONSTANTS } from '../catalogue/constants';
import { addressField } from './address';

/**
 * Tables of the platform itself: tenants, customers, users and their access to customers.
 * Their admin screens and endpoints arrive with the areas that manage them (customers, users);
 * here they give the tables that sign-in, tenant resolution and permission checks read.
 */

const colour = (label: string) => field.text(t(label, label, label)).max(32);

export const tenants = resource('tenants', {
  label: { one: t('Tenant', 'Tenant', 'Locataire'), many: t('Tenants', 'Tenants', 'Locataires') },
  scope: 'platform',
  fields: {
    hostname: field.text(t('Hostnaam', 'Hostname', "Nom d'hôte")).required().max(253).unique(),
    name: field.text(L.name).required().max(200),
    environment: field.enum(t('Omgeving', 'Environment', 'Environnement'), {
      production: t('Productie', 'Production', 'Production'),
      acceptance: t('Acceptatie', 'Acceptance', 'Acceptation'),
      development: t('Ontwikkeling', 'Development', 'Développement'),
    }).required().default('development'),
    theme: field.object(t('Thema', 'Theme', 'Thème'), {
      logoMain: field.url(t('Hoofdlogo', 'Main logo', 'Logo principal')),
      logoSidebar: field.url(t('Logo zijbalk', 'Sidebar logo', 'Logo barre latérale')),
      base: colour('base'), success: colour('success'), info: colour('info'), danger: colour('danger'),
      warning: colour('warning'), primary: colour('primary'), secondary: colour('secondary'), tertiary: colour('tertiary'),
    }),
    supportedLanguages: field.stringList(t('Talen', 'Languages', 'Langues')).default(['NL', 'FR', 'EN']),
    defaultLanguage: field.text(t('Standaardtaal', 'Default language', 'Langue par défaut')).default('NL'),
    currency: field.enum(t('Munt', 'Currency', 'Devise'), { EUR: t('Euro', 'Euro', 'Euro'), POINTS: t('Punten', 'Points', 'Points') }).default('EUR'),
    idpIssuer: field.url(t('Identiteitsprovider', 'Identity provider', "Fournisseur d'identité")),
    idpClientId: field.text(t('Client-id', 'Client id', 'Id client')).max(200),
    idpAudience: field.text(t('Audience', 'Audience', 'Audience')).max(500),
    assetManagementUrl: field.url(t('Activabeheer (link)', 'Asset management (link)', 'Gestion des actifs (lien)')),
    // Beyond the spec (flows §5 only says the terms must be accepted): where the registration wizard links to them.
    termsUrl: field.url(t('Algemene voorwaarden (link)', 'Terms and conditions (link)', 'Conditions générales (lien)')),
    supplierOrderPrefix: field.text(t('Prefix leveranciersbestellingen', 'Supplier-order prefix', 'Préfixe commandes fournisseur')).min(3).max(4),
    defaultContractsCustomerId: field.reference(t('Standaardklant contracten', 'Default contracts customer', 'Client par défaut des contrats'), 'customers'),
    extraPrivilegesByDefault: field.boolean(t('Extra rechten standaard aan', 'Extra privileges on by default', 'Privilèges supplémentaires par défaut')),
  },
  recordRepresentation: 'name',
  list: { columns: ['hostname', 'name', 'environment'], sort: { field: 'hostname', order: 'ASC' } },
  notFound: 'notFound',
});

export const customers = resource('customers', {
  label: { one: t('Klant', 'Customer', 'Client'), many: t('Klanten', 'Customers', 'Clients') },
  scope: 'tenant',
  fields: {
    name: field.text(L.name).required().max(200),
    vatNumber: field.vatNumber(L.vatNumber),
    domain: field.text(t('Domein', 'Domain', 'Domaine')).max(253),
    generalEmail: field.email(L.email),
    address: addressField(),
    features: field.stringList(t('Functies', 'Features', 'Fonctionnalités')),
    referalPartnerId: field.reference(t('Doorverwijspartner', 'Referral partner', 'Partenaire de parrainage'), 'referral-partners'),
    blocked: field.boolean(t('Geblokkeerd', 'Blocked', 'Bloqué')),
    // flows §4: an order whose total excluding VAT reaches this amount also needs finance approval; none: never.
    financeApprovalThreshold: field.money(t('Drempel financiële goedkeuring (excl. btw)', 'Finance approval threshold (excl. VAT)', "Seuil d'approbation financière (HTVA)")),
    // The three-way match (src/server/invoicing/three-way.ts): how far in percent an invoice's unit
    // price may be above the agreed one, and its quantity above what was ordered and received.
    invoicePriceTolerancePercent: field.number(t('Prijstolerantie facturen (%)', 'Invoice price tolerance (%)', 'Tolérance de prix des factures (%)')).min(0).max(100).default(CONSTANTS.invoicePriceTolerancePercent),
    invoiceQuantityTolerancePercent: field.number(t('Aantaltolerantie facturen (%)', 'Invoice quantity tolerance (%)', 'Tolérance de quantité des factures (%)')).min(0).max(100).default(CONSTANTS.invoiceQuantityTolerancePercent),
    // Contracts (src/server/contracts/status.ts): a contract is about to expire once its latest cancellation date is this many days away or less.
    contractAboutToExpireDays: field.integer(t('Contract loopt bijna af (dagen voor opzegdatum)', 'Contract about to expire (days before cancellation date)', 'Contrat expirant bientôt (jours avant la date de résiliation)')).min(1).max(365).default(CONSTANTS.contractAboutToExpireDays),
    // The legal form (flows §3 customer search filter juridicalFrom, the spec's spelling), from the registration.
    juridicalFrom: field.text(t('Rechtsvorm', 'Legal form', 'Forme juridique')).max(50),
  },
  recordRepresentation: 'name',
  list: { columns: ['name', 'vatNumber', 'address.city', 'blocked'], sort: { field: 'name', order: 'ASC' } },
  // flows §3 "Customer search filter (admin)". The user's fields find a customer by the user who registered it
  // (its pending-customer-registrations row); the address's members by the customer's address.
  filters: {
    name: filter.contains(L.name, 'name'),
    onlyBlocked: filter.only(t('Enkel geblokkeerd', 'Only blocked', 'Uniquement bloqués'), 'blocked', true, { default: false }),
    vatNumber: filter.contains(L.vatNumber, 'vatNumber'),
    juridicalFrom: filter.contains(t('Rechtsvorm', 'Legal form', 'Forme juridique'), 'juridicalFrom'),
    referalPartnerId: filter.eq(t('Doorverwijspartner', 'Referral partner', 'Partenaire de parrainage'), 'referalPartnerId'),
    generalEmail: filter.contains(L.email, 'generalEmail'),
    countryCode: filter.contains(L.country, 'address.countryCode'),
    street: filter.contains(L.street, 'address.street'),
    houseNumber: filter.contains(L.houseNumber, 'address.houseNumber'),
    bus: filter.contains(L.bus, 'address.bus'),
    zipCode: filter.contains(L.zipCode, 'address.zipCode'),
    city: filter.contains(L.city, 'address.city'),
    userDisplayname: filter.relatedContains(t('Naam gebruiker', 'User name', "Nom de l'utilisateur"), 'pending-customer-registrations', 'customerId', 'userDisplayname'),
    userEmail: filter.relatedContains(t('E-mail gebruiker', 'User e-mail', "E-mail de l'utilisateur"), 'pending-customer-registrations', 'customerId', 'userEmail'),
    userFirstname: filter.relatedContains(t('Voornaam gebruiker', 'User first name', "Prénom de l'utilisateur"), 'pending-customer-registrations', 'customerId', 'userFirstname'),
    userLastname: filter.relatedContains(t('Achternaam gebruiker', 'User last name', "Nom de famille de l'utilisateur"), 'pending-customer-registrations', 'customerId', 'userLastname'),
  },
  endpoints: {
    // flows §7 admin: POST /admin/customers/query, /id, /update (block, features and the rest of the record).
    admin: endpoints.query('/admin/customers', ['query', 'id', 'update'], access.platformAdmin()),
  },
  // After the orders in the sidebar. The customers' page needs extra privileges (flows §6): a platform
  // admin's landing page skips it (src/app/access/landing.ts).
  screens: {
    path: '/ycAdmin/customers', endpoint: 'admin', menu: { section: 'admin', order: 9, icon: 'Business' },
    show: { panel: 'features/customers/CustomerPanel#CustomerPanel', alias: '/ycAdmin/customer-details/{id}' },
  },
  // Its calls beside the admin routes (all, byId, update, …): src/shared/contracts/customers.ts.
  notFound: 'CustomerNotFound',
  failureTexts: {
    get: t('Fout bij het ophalen van de klantgegevens.', 'Error getting customer details.', 'Erreur lors de la récupération des données du client.'),
    update: t('Fout bij het bijwerken van de klantgegevens.', 'Error updating customer details.', 'Erreur lors de la mise à jour des données du client.'),
  },
});

/**
 * What kind of user someone is (core §1: platform super admins, platform admins, customer users; and
 * the supplier users of core §3's supplierIds). src/shared/access.ts userKindOf decides it.
 */
export const USER_KINDS = {
  superAdmin: t('Super-admin', 'Super admin', 'Super-admin'),
  platformAdmin: t('Platformbeheerder', 'Platform admin', 'Administrateur de plateforme'),
  customerUser: t('Klantgebruiker', 'Customer user', 'Utilisateur client'),
  supplierUser: t('Leveranciersgebruiker', 'Supplier user', 'Utilisateur fournisseur'),
  unregistered: t('Nog niet geregistreerd', 'Not registered yet', 'Pas encore inscrit'),
};
export type UserKind = keyof typeof USER_KINDS;

export const LANDING_PAGES = {
  dashboard: t('Dashboard', 'Dashboard', 'Tableau de bord'),
  products: t('Producten', 'Products', 'Produits'),
  orders: t('Bestellingen', 'Orders', 'Commandes'),
  deliveries: t('Leveringen', 'Deliveries', 'Livraisons'),
  suppliers: t('Leveranciers', 'Suppliers', 'Fournisseurs'),
};

export const users = resource('users', {
  label: { one: t('Gebruiker', 'User', 'Utilisateur'), many: t('Gebruikers', 'Users', 'Utilisateurs') },
  scope: 'tenant',
  fields: {
    email: field.email(L.email).required().unique(),
    firstname: field.text(t('Voornaam', 'First name', 'Prénom')).max(100),
    lastname: field.text(t('Achternaam', 'Last name', 'Nom de famille')).max(100),
    displayname: field.text(t('Weergavenaam', 'Display name', "Nom d'affichage")).max(200),
    userType: field.integer(t('Gebruikerstype', 'User type', "Type d'utilisateur")).min(0).max(3).default(3),
    landingPage: field.enum(t('Startpagina', 'Landing page', "Page d'accueil"), LANDING_PAGES).default('dashboard'),
    languageCode: field.enum(t('Taal', 'Language', 'Langue'), {
      NL: t('Nederlands', 'Dutch', 'Néerlandais'), EN: t('Engels', 'English', 'Anglais'),
      FR: t('Frans', 'French', 'Français'), Undefined: t('Niet gekozen', 'Not chosen', 'Non choisie'),
    }).default('NL'),
    phoneNumber: field.phone(L.phone),
    active: field.boolean(L.active).default(true),
    /** Rights of platform admins (userType 2), as 'area:LETTERS'; customer users get theirs per access. */
    platformPermissions: field.stringList(t('Platformrechten', 'Platform permissions', 'Droits plateforme')).hidden(),
    supplierIds: field.stringList(t('Leveranciers', 'Suppliers', 'Fournisseurs')).hidden(),
    preferences: field.object(t('Voorkeuren', 'Preferences', 'Préférences'), {}).hidden(),
    lastSeenAt: field.datetime(t('Laatst gezien', 'Last seen', 'Vu pour la dernière fois')).readOnly(),
  },
  recordRepresentation: 'displayname',
  list: { columns: ['displayname', 'email', 'userType', 'active'], sort: { field: 'displayname', order: 'ASC' } },
  endpoints: {
    // What the admin screens read of users: the names behind references (orders' orderedById, assignedToId).
    admin: endpoints.query('/admin/users', ['query', 'getById'], access.platformAdmin('users', 'R')),
  },
  // Its calls (impersonation, the platform's user search and management): src/shared/contracts/users.ts.
  notFound: 'UserNotFound',
});

export const customerAccesses = resource('customer-accesses', {
  label: { one: t('Klanttoegang', 'Customer access', 'Accès client'), many: t('Klanttoegangen', 'Customer accesses', 'Accès clients') },
  scope: 'tenant',
  fields: {
    userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users').required(),
    customerId: field.reference(L.customer, 'customers').required(),
    active: field.boolean(L.active).default(true),
    roles: field.stringList(t('Rollen', 'Roles', 'Rôles')),
    permissions: field.stringList(t('Rechten', 'Permissions', 'Droits')),
    departmentIds: field.stringList(t('Afdelingen', 'Departments', 'Départements')),
  },
  recordRepresentation: 'id',
  list: { columns: ['userId', 'customerId', 'active'], sort: { field: 'createdAt', order: 'ASC' } },
  // Its calls (tasks, the customer admin's and the platform's user and access calls): src/shared/contracts/customer-accesses.ts.
  notFound: 'NoAccessToCustomer',
});
