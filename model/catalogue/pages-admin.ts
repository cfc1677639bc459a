import { page, t, type GuardName, type PageDef, type PageOptions, type Translations } from '../dsl';

/**
 * The platform administration area under /ycAdmin (core §2, flows §2). Every page needs a platform
 * user (admin guard: others go to /login). The lists flows §6 puts behind extra privileges (supplier
 * orders, invoices, customers, users, cron) and their detail pages also run the extra-privileges
 * guard; managing the platform's administrators is for super admins.
 */
export const ADMIN_PREFIX = '/ycAdmin';

const admin = (name: string, path: string, title: Translations, guards: readonly GuardName[] = [], extra: PageOptions = {}): PageDef =>
  page(`admin-${name}`, `${ADMIN_PREFIX}/${path}`, title, { area: 'admin', layout: 'admin', guards, ...extra });
const X = ['extraPrivileges'] as const;
const SUPER = ['superAdmin'] as const;

export const ADMIN_PAGES: readonly PageDef[] = [
  admin('administrators', 'administrators', t('Beheerders', 'Administrators', 'Administrateurs'), SUPER, { view: 'features/users/admin/AdminUsersPage#AdministratorsPage' }),
  admin('administrators-create', 'administrators/create', t('Beheerder aanmaken', 'Create administrator', 'Créer un administrateur'), SUPER,
    { view: 'features/users/admin/AdminUserCreatePage#AdministratorCreatePage' }),
  // Beyond the spec (issue 30, docs/audit-trail.md): who changed what at the tenant's companies.
  admin('audit-trail', 'audit-trail', t('Audittrail', 'Audit trail', "Piste d'audit"), X, { view: 'features/audit/AuditTrailPage#AdminAuditTrailPage' }),
  admin('contracts', 'contracts', t('Contracten', 'Contracts', 'Contrats')),
  admin('cron', 'cron', t('Achtergrondtaken', 'Background tasks', 'Tâches de fond'), X, { view: 'features/platform/cron/CronPage#CronPage' }),
  admin('customer-registrations', 'customer-registrations', t('Klantregistraties', 'Customer registrations', 'Inscriptions clients'), [],
    { view: 'features/customers/RegistrationPages#RegistrationsPage' }),
  admin('customers', 'customers', t('Klanten', 'Customers', 'Clients'), X),
  admin('deliveries', 'deliveries', t('Leveringen', 'Deliveries', 'Livraisons')),
  admin('deliveries-create', 'deliveries/create', t('Levering aanmaken', 'Create delivery', 'Créer une livraison'), [],
    { view: 'features/deliveries/AdminDeliveryCreatePage#AdminDeliveryCreatePage' }),
  admin('invoices', 'invoices', t('Facturen', 'Invoices', 'Factures'), X),
  admin('orders', 'orders', t('Bestellingen', 'Orders', 'Commandes')),
  admin('orders-id', 'orders/:id', t('Bestelling', 'Order', 'Commande')),
  admin('product-management', 'product-management', t('Productbeheer', 'Product management', 'Gestion des produits'), [],
    { view: 'features/platform/products/AdminProductsPage#AdminProductsPage' }),
  admin('product-management-id', 'product-management/:id', t('Product', 'Product', 'Produit'), [],
    { view: 'features/platform/products/AdminProductPage#AdminProductPage' }),
  admin('reporting', 'reporting', t('Rapportering', 'Reporting', 'Rapports'), [], { view: 'features/reporting/AdminReportingPage#default' }),
  admin('supplier-orders', 'supplier-orders', t('Leveranciersbestellingen', 'Supplier orders', 'Commandes fournisseurs'), X),
  admin('suppliers', 'suppliers', t('Leveranciers', 'Suppliers', 'Fournisseurs')),
  admin('users', 'users', t('Gebruikers', 'Users', 'Utilisateurs'), X, { view: 'features/users/admin/AdminUsersPage#AdminUsersPage' }),
  admin('users-create', 'users/create', t('Gebruiker aanmaken', 'Create user', 'Créer un utilisateur'), X,
    { view: 'features/users/admin/AdminUserCreatePage#AdminUserCreatePage' }),
  admin('customer-details-id', 'customer-details/:id', t('Klant', 'Customer', 'Client'), X),
  admin('customer-registration-details-id', 'customer-registration-details/:id', t('Klantregistratie', 'Customer registration', 'Inscription client'), [],
    { view: 'features/customers/RegistrationPages#RegistrationDetailsPage' }),
  admin('delivery-details-id', 'delivery-details/:id', t('Levering', 'Delivery', 'Livraison')),
  admin('invoice-details-id', 'invoice-details/:id', t('Factuur', 'Invoice', 'Facture'), X),
  admin('supplier-order-details-id', 'supplier-order-details/:id', t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'), X),
  admin('user-details-id', 'user-details/:id', t('Gebruiker', 'User', 'Utilisateur'), X, { view: 'features/users/admin/AdminUserDetailsPage#AdminUserDetailsPage' }),
  // flows §2 "other screens": a sandbox for creating supplier orders by hand
  admin('supplier-order-sandbox', 'supplier-order-sandbox', t('Leveranciersbestelling testen', 'Supplier order sandbox', 'Bac à sable commandes fournisseurs'), [],
    { view: 'features/supplier-orders/sandbox/SupplierOrderSandboxPage#SupplierOrderSandboxPage' }),
];

/**
 * Session and system pages (core §2). The spec does not reproduce the names of the CRM integration
 * page and of the page named after the product; the CRM one is 'crm-integration' here (platform
 * admins only, flows §6), the other is left out until the spec says what it is.
 */
export const SYSTEM_PAGES: readonly PageDef[] = [
  page('registration', '/registration', t('Registratie', 'Registration', 'Inscription'), { area: 'system', layout: 'public', guards: ['auth'] }),
  page('redirect', '/redirect', t('Aanmelden…', 'Signing in…', 'Connexion…'), { area: 'system', layout: 'public' }),
  page('login', '/login', t('Aanmelden', 'Sign in', 'Connexion'), { area: 'system', layout: 'public' }),
  page('maintenance', '/maintenance', t('Onderhoud', 'Maintenance', 'Maintenance'), { area: 'system', layout: 'public' }),
  page('unauthorized', '/unauthorized', t('Geen toegang', 'No access', 'Accès refusé'), { area: 'system', layout: 'public' }),
  page('auth-error', '/auth-error', t('Aanmeldfout', 'Sign-in error', 'Erreur de connexion'),
    { area: 'system', layout: 'public', query: ['error', 'error_description'] }),
  page('types', '/types', t('Types', 'Types', 'Types'), { area: 'system', view: 'features/platform/dev/TypesPage#default' }),
  page('component-library', '/component-library', t('Componentenbibliotheek', 'Component library', 'Bibliothèque de composants'),
    { area: 'system', view: 'features/platform/dev/ComponentLibraryPage#default' }),
  page('crm-integration', '/crm-integration', t('CRM-integratie', 'CRM integration', 'Intégration CRM'),
    { area: 'system', layout: 'admin', query: ['code', 'returnUrl', 'state'], view: 'features/platform/crm/CrmIntegrationPage#CrmIntegrationPage' }),
];
