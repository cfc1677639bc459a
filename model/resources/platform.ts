import { access, endpoints, field, filter, resource, t, type Field } from '../dsl';
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
  // admin's landing page skips it (src/app/pages/landing.ts).
  screens: {
    path: '/ycAdmin/customers', endpoint: 'admin', menu: { section: 'admin', order: 9, icon: 'Business' },
    show: { panel: 'pages/customers/CustomerPanel#CustomerPanel', alias: '/ycAdmin/customer-details/{id}' },
  },
  actions: {
    all: {
      method: 'GET', path: '/customers/all', access: access.authenticated(),
      summary: "The customers the caller may act for, by name: every customer of the tenant for platform users, those of their active accesses for customer users: {result: [{id, name, vatNumber, blocked}]}.",
    },
    byId: {
      method: 'GET', path: '/customers/by-id/{id}', access: access.authenticated(),
      summary: 'One customer (platform users; customer users with an active access to it): {result: customer}; another is NoAccessToCustomer.',
    },
    update: {
      method: 'PUT', path: '/customers/update', access: access.customer('users', 'W'),
      summary: "A customer admin changes their company's details ({dto}: name, generalEmail, address, juridicalFrom); its VAT number, features and blocking stay with the platform (POST /admin/customers/update). {result: customer}.",
    },
    getCustomerAccessCount: {
      method: 'POST', path: '/customers/getCustomerAccessCount', access: access.authenticated(),
      summary: "How many users have an active access to a customer ({customerId}; platform users, or the customer's admins): {result: count}.",
    },
    getCustomerForActingSupplier: {
      method: 'POST', path: '/customers/getCustomerForActingSupplier', access: access.authenticated(),
      summary: "A customer as a supplier's user sees it ({customerId}: name, VAT number, address, general e-mail), for a customer with a supplier order of one of their suppliers (platform users: any): {result}; otherwise NoAccessToCustomer.",
    },
    checkVatKnown: {
      method: 'POST', path: '/admin/customers/checkvatknown', access: access.platformAdmin(),
      summary: "Whether a VAT number ({vatNumber, email?}) belongs to a customer of the tenant (vatKnown, with its id and name) and whether the e-mail's domain is a customer's domain (emailDomainKnown): {result}.",
    },
  },
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

/** The body of a user search: {query:{skip, take (at most 100), search}} (flows §7 Users). */
const userSearchBody = (extra: Record<string, Field> = {}) => ({
  query: field.object(t('Zoekopdracht', 'Query', 'Requête'), {
    skip: field.integer(t('Overslaan', 'Skip', 'Sauter')).min(0),
    take: field.integer(t('Aantal', 'Take', 'Nombre')).min(1).max(100),
    search: field.text(t('Zoeken', 'Search', 'Rechercher')).max(200),
    ...extra,
  }),
});

/** A page of users as the user searches answer it: {result:{items, total, skip, take}}, each item with its id, e-mail, name, active flag and `extra`. */
const userPage = (extra: Record<string, Field>) => ({
  result: field.object(t('Resultaat', 'Result', 'Résultat'), {
    items: field.list(t('Gebruikers', 'Users', 'Utilisateurs'), {
      id: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users').required(),
      email: field.email(t('E-mail', 'E-mail', 'E-mail')).required(),
      displayname: field.text(t('Naam', 'Name', 'Nom')),
      ...extra,
      active: field.boolean(t('Actief', 'Active', 'Actif')).required(),
    }).required(),
    total: field.integer(t('Totaal', 'Total', 'Total')).required(),
    skip: field.integer(t('Overslaan', 'Skip', 'Sauter')).required(),
    take: field.integer(t('Aantal', 'Take', 'Nombre')).required(),
  }).required(),
});

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
  actions: {
    loginByUserId: {
      method: 'POST',
      path: '/usermanagement/loginbyuserid',
      access: access.superAdmin(),
      body: { userId: field.reference(t('Gebruiker', 'User', 'Utilisateur'), 'users').required() },
      summary: 'Starts impersonating a user (super admins only; core §4 Impersonation): {userToImpersonateAuth0, userToImpersonate}.',
    },
    query: {
      method: 'POST',
      path: '/usermanagement/query',
      access: access.platformAdmin('users', 'R'),
      // administrators: only platform admins and super admins (/ycAdmin/administrators); false: only the others.
      body: userSearchBody({ administrators: field.boolean(t('Beheerders', 'Administrators', 'Administrateurs')) }),
      response: userPage({
        userType: field.integer(t('Soort gebruiker', 'User type', "Type d'utilisateur")).required(),
        kind: field.enum(t('Soort', 'Kind', 'Type'), USER_KINDS).required(),
      }),
      summary: "The tenant's users by display name, searched on e-mail and display name (platform admins), optionally only administrators or only the others: {result:{items, total, skip, take}}; each item says its kind (USER_KINDS: superAdmin, platformAdmin, customerUser, supplierUser, unregistered).",
    },
    // flows §7 Users, the platform's side (/ycAdmin/users, /ycAdmin/administrators, /ycAdmin/user-details/{id}).
    byId: {
      method: 'GET', path: '/usermanagement/byid', access: access.platformAdmin('users', 'R'),
      summary: 'One user of the tenant (?userid) with their customer accesses (platform admins).',
    },
    createAndSendPasswordMail: {
      method: 'POST', path: '/usermanagement/createAndSentPasswordMail', access: access.platformAdmin('users', 'C'),
      summary: 'Creates a user (platform users and administrators) and mails them a link to set their password; a known e-mail is refused (duplicate_email). Administrators (userType 1 or 2) only by super admins.',
    },
    update: {
      method: 'POST', path: '/usermanagement/update', access: access.platformAdmin('users', 'W'),
      summary: "Changes a user ({userId, …}: flows §3's field names): names, landing page, language, activation, (super admins) type and platform rights, and with customerId their roleIds (at least one: UserRoleRequired) and departmentIds there. Unknown keys are refused (validationFailed); nothing changes unless all of it does.",
    },
    sendPasswordMail: {
      method: 'POST', path: '/usermanagement/sendPasswordMail', access: access.platformAdmin('users', 'W'),
      summary: 'Not in the spec: mails a user a new link to set their password (the earlier links stop working), for an invitation that expired.',
    },
  },
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
  actions: {
    tasks: {
      method: 'GET', path: '/customer-access/tasks', access: access.customer(),
      summary: "The user's assigned tasks for the acting customer (customerId): orders waiting for a workflow step their roles may take, oldest first.",
    },
    customerUsers: {
      method: 'POST',
      path: '/customer-user-management/query',
      access: access.customer('users', 'R'),
      body: userSearchBody(),
      response: userPage({
        customerAccessId: field.reference(t('Klanttoegang', 'Customer access', 'Accès client'), 'customer-accesses').required(),
        roles: field.stringList(t('Rollen', 'Roles', 'Rôles')).required(),
        departmentIds: field.stringList(t('Afdelingen', 'Departments', 'Départements')).required(),
      }),
      summary: "The acting customer's users (flows §7 Users) by display name, searched on e-mail and display name, each with their customer access, roles and departments there: {result:{items, total, skip, take}}.",
    },
    customerUserById: {
      method: 'POST', path: '/customer-user-management/byid', access: access.customer('users', 'R'),
      summary: "A user of the acting customer ({query:{id, customerId}}) with their roles, departments and activation there; needs an active customer ('There is no active customer').",
    },
    customerUserUpdate: {
      method: 'POST', path: '/customer-user-management/update', access: access.customer('users', 'W'),
      summary: "Changes a user of the acting customer ({dto: {userId, roleIds, departmentIds?, firstname?, lastname?, displayname?, landingPage?, languageCode?, active?, customerId?}}, the invite's field names): roles (at least one: 'An user requires at least one role.', UserRoleRequired), departments (one validator per department: DuplicateRoleDepartment) and activation. Unknown keys are refused (validationFailed).",
    },
    inviteUser: {
      method: 'POST', path: '/customers/inviteUser', access: access.customer('users', 'C'),
      summary: 'Invites a colleague (flows §4: customerId, displayname, firstname, lastname, email, roleIds, departmentIds, landingPage): creates the user and access and mails a link to set a password; a known e-mail is refused (duplicate_email).',
    },
    resendInvite: {
      method: 'POST', path: '/customer-user-management/resendInvite', access: access.customer('users', 'W'),
      summary: 'Not in the spec: mails a user of the acting customer a new link to set their password (the earlier links stop working), for an invitation that expired.',
    },
    adminCreate: {
      method: 'POST', path: '/admin/customer-accesses/create', access: access.platformAdmin('users', 'C'),
      summary: 'Gives a user access to a customer (platform admins): roles (at least one), departments; a second access to the same customer is refused.',
    },
    adminUpdate: {
      method: 'POST', path: '/admin/customer-accesses/update', access: access.platformAdmin('users', 'W'),
      summary: "Changes a customer access (platform admins): roles (at least one), departments, activation. The spec's extra header is not named; X-Customer-Id is not needed here.",
    },
    adminCustomers: {
      method: 'GET', path: '/admin/customer-accesses/customers', access: access.platformAdmin('users', 'C'),
      summary: "Not in the spec: the tenant's customers by name (?search, at most 20), to choose the customer of a new access on /ycAdmin/user-details/{id}.",
    },
    adminDelete: {
      method: 'POST', path: '/admin/customer-accesses/delete', access: access.platformAdmin('users', 'D'),
      summary: 'Removes a customer access (platform admins); the departments it validated lose their validator.',
    },
  },
  notFound: 'NoAccessToCustomer',
});
