import { menuItem, t, type MenusDef } from '../dsl';

/**
 * The shop's sidebar (core §2) with what gates each entry (core §6): domain features and READ/CREATE
 * on the menu's guard resources (GUARD_RESOURCES maps them to permission areas). A group shows when
 * one of its entries does. The contract create and configure entries need read on contract
 * configuration; create also needs CREATE on contracts.
 */
const CUSTOMER_MENU = [
  menuItem('dashboard', t('Dashboard', 'Dashboard', 'Tableau de bord'), 'Dashboard', { page: 'dashboard' }),
  menuItem('order', t('Bestellen', 'Order', 'Commander'), 'ShoppingCart', {
    children: [
      menuItem('orderViaMarketplace', t('Via marktplaats', 'Via marketplace', 'Via la place de marché'), 'Storefront', { page: 'products' }),
      menuItem('orderViaOrderForm', t('Via bestelformulier', 'Via order form', 'Via le formulaire de commande'), 'Assignment', {
        page: 'order-form', feature: 'orderForm', requires: [{ resource: 'order-form', action: 'READ' }],
      }),
      menuItem('orderRequest', t('Bestelaanvraag', 'Order request', 'Demande de commande'), 'RequestQuote', {
        page: 'order-request', feature: 'orderRequest', requires: [{ resource: 'order-form', action: 'CREATE' }],
      }),
      menuItem('orderTemplates', t('Bestelsjablonen', 'Order templates', 'Modèles de commande'), 'ListAlt', {
        page: 'order-templates', feature: 'orderTemplates', requires: [{ resource: 'order-templates', action: 'READ' }],
      }),
    ],
  }),
  menuItem('orders', t('Bestellingen', 'Orders', 'Commandes'), 'ShoppingBasket', { page: 'orders' }),
  // The approver's inbox (issue 29), with the count of orders waiting for the user; shown to those who take a step (MenuTree).
  menuItem('ordersToApprove', t('Goed te keuren', 'To approve', 'À approuver'), 'TaskAlt', { page: 'orders-to-approve', badge: 'ordersToApprove' }),
  // A supplier's user (core §3 supplierIds): the orders their supplier got, to confirm, follow up and deliver.
  menuItem('supplierOrders', t('Leveranciersbestellingen', 'Supplier orders', 'Commandes fournisseurs'), 'Assignment', { page: 'supplier-orders', when: 'supplierUser' }),
  menuItem('budgets', t('Budgetten', 'Budgets', 'Budgets'), 'RequestQuote', { page: 'budgets', feature: 'budgets' }),
  menuItem('deliveries', t('Leveringen', 'Deliveries', 'Livraisons'), 'LocalShipping', {
    page: 'deliveries', feature: 'deliveries', requires: [{ resource: 'deliveries', action: 'READ' }], badge: 'deliveriesToApprove',
  }),
  menuItem('invoices', t('Facturen', 'Invoices', 'Factures'), 'Receipt', {
    page: 'invoices', feature: 'invoices', requires: [{ resource: 'invoices', action: 'READ' }], badge: 'invoicesToPay',
  }),
  menuItem('suppliers', t('Leveranciers', 'Suppliers', 'Fournisseurs'), 'Store', {
    page: 'suppliers', requires: [{ resource: 'suppliers', action: 'READ' }],
  }),
  menuItem('productManagement', t('Productbeheer', 'Product management', 'Gestion des produits'), 'Inventory', {
    page: 'product-management', requires: [{ resource: 'product-management', action: 'READ' }],
  }),
  menuItem('warehouseManagement', t('Magazijnbeheer', 'Warehouse management', 'Gestion des entrepôts'), 'Warehouse', {
    feature: 'easyStock',
    children: [
      menuItem('warehouses', t('Magazijnen', 'Warehouses', 'Entrepôts'), 'Warehouse', {
        page: 'warehouse-management', requires: [{ resource: 'warehouse-instances', action: 'READ' }],
      }),
      menuItem('stock', t('Voorraad', 'Stock', 'Stock'), 'Inventory2', {
        page: 'stock', requires: [{ resource: 'warehouse-instances', action: 'READ' }],
      }),
      menuItem('assetManagement', t('Activabeheer', 'Asset management', 'Gestion des actifs'), 'OpenInNew', {
        // The spec gives no address: each tenant sets its own (tenants.assetManagementUrl).
        tenantLink: 'assetManagementUrl', feature: 'clicx',
      }),
    ],
  }),
  menuItem('contracts', t('Contracten', 'Contracts', 'Contrats'), 'Description', {
    feature: 'contracts',
    children: [
      menuItem('contractsCreate', t('Aanmaken', 'Create', 'Créer'), 'NoteAdd', {
        page: 'contracts-create',
        requires: [{ resource: 'contracts', action: 'CREATE' }, { resource: 'contract-configuration', action: 'READ' }],
      }),
      menuItem('contractsOverview', t('Overzicht', 'Overview', 'Aperçu'), 'ListAlt', {
        page: 'contracts', requires: [{ resource: 'contracts', action: 'READ' }],
      }),
      menuItem('contractsConfigure', t('Configureren', 'Configure', 'Configurer'), 'Settings', {
        page: 'contract-configuration', requires: [{ resource: 'contract-configuration', action: 'READ' }],
      }),
    ],
  }),
  menuItem('reporting', t('Rapportering', 'Reporting', 'Rapports'), 'BarChart', {
    page: 'reporting', requires: [{ resource: 'reports', action: 'READ' }],
  }),
  // Not in core §2's sidebar (the header's user menu has Users): customer admins' user and department management.
  menuItem('userManagement', t('Gebruikers en afdelingen', 'Users and departments', 'Utilisateurs et départements'), 'People', {
    children: [
      menuItem('users', t('Gebruikers', 'Users', 'Utilisateurs'), 'People', { page: 'users', requires: [{ resource: 'users', action: 'READ' }] }),
      menuItem('departments', t('Afdelingen', 'Departments', 'Départements'), 'Business', {
        page: 'departments', requires: [{ resource: 'users', action: 'READ' }],
      }),
      // Beyond the spec (issue 30): the company's audit trail.
      menuItem('auditTrail', t('Audittrail', 'Audit trail', "Piste d'audit"), 'ReceiptLong', {
        page: 'audit-trail', requires: [{ resource: 'users', action: 'READ' }],
      }),
    ],
  }),
];

/** The header's user menu (core §2): switch company only with more than one active access; Users needs CREATE on users (core §6). */
const USER_MENU = [
  menuItem('switchCustomer', t('Van bedrijf wisselen', 'Switch company', "Changer d'entreprise"), 'SwapHoriz', {
    action: 'switchCustomer', when: 'multipleCustomers',
  }),
  menuItem('userSettings', t('Gebruikersinstellingen', 'User settings', 'Paramètres utilisateur'), 'ManageAccounts', {
    page: 'user-settings', when: 'loggedIn',
  }),
  menuItem('manageUsers', t('Gebruikers', 'Users', 'Utilisateurs'), 'People', {
    page: 'users', when: 'loggedIn', requires: [{ resource: 'users', action: 'CREATE' }],
  }),
  menuItem('login', t('Aanmelden', 'Sign in', 'Se connecter'), 'Login', { action: 'login', when: 'loggedOut' }),
  menuItem('logout', t('Afmelden', 'Sign out', 'Se déconnecter'), 'Logout', { action: 'logout', when: 'loggedIn' }),
];

/**
 * Admin menu entries behind extra privileges (flows §6), after the resources' own admin entries
 * (supplier orders and invoices are such: their page guard hides them).
 */
const ADMIN_EXTRA_MENU = [
  menuItem('adminCustomers', t('Klanten', 'Customers', 'Clients'), 'Business', { page: 'admin-customers', when: 'extraPrivileges' }),
  menuItem('adminUsers', t('Gebruikers', 'Users', 'Utilisateurs'), 'People', { page: 'admin-users', when: 'extraPrivileges' }),
  menuItem('adminAuditTrail', t('Audittrail', 'Audit trail', "Piste d'audit"), 'ReceiptLong', { page: 'admin-audit-trail', when: 'extraPrivileges' }),
  menuItem('adminCron', t('Achtergrondtaken', 'Background tasks', 'Tâches de fond'), 'Schedule', { page: 'admin-cron', when: 'extraPrivileges' }),
  // Every platform admin (no extra privileges): reports per customer of the tenant (flows §1 /ycAdmin/reporting).
  menuItem('adminReporting', t('Rapportering', 'Reporting', 'Rapports'), 'BarChart', { page: 'admin-reporting' }),
];

export const MENUS: MenusDef = { customer: CUSTOMER_MENU, user: USER_MENU, adminExtra: ADMIN_EXTRA_MENU };
