import { page, requires, t, type PageDef } from '../dsl';

/**
 * The customer routes of core §2 (and flows §2). Pages that act for a company need an active
 * customer; the guard table's requirements and the domain features come from core §2 and §6.
 */
const C = ['activeCustomer'] as const;
/** Pages whose calls need a company the user chose (model/resources/order-templates.ts needsChosenCustomer). */
const CHOSEN = ['chosenCustomer'] as const;

export const SHOP_PAGES: readonly PageDef[] = [
  // Home and marketplace
  // A supplier's user (core §3 supplierIds) opens the pages marked supplierSide and no other shop page.
  page('index', '/', t('Start', 'Home', 'Accueil'), { supplierSide: true }),
  page('dashboard', '/dashboard', t('Dashboard', 'Dashboard', 'Tableau de bord'), { guards: C, view: 'shell/pages/HomePage#HomePage' }),
  page('products', '/products', t('Producten', 'Products', 'Produits'),
    { layout: 'marketplace', guards: C, query: ['search', 'categories', 'page'], view: 'features/marketplace/ProductsPage#default' }),
  page('products-id', '/products/:id', t('Product', 'Product', 'Produit'),
    { layout: 'marketplace', guards: C, view: 'features/marketplace/ProductPage#ProductRoute' }),
  // Ordering
  page('order-form', '/order-form', t('Bestelformulier', 'Order form', 'Formulaire de commande'),
    { guards: C, feature: 'orderForm', requires: requires('order-form', 'READ'), view: 'features/orders/form/OrderFormPage#OrderFormPage' }),
  page('order-request', '/order-request', t('Bestelaanvraag', 'Order request', 'Demande de commande'),
    { guards: C, feature: 'orderRequest', view: 'features/orders/form/OrderRequestPage#OrderRequestPage' }),
  page('order-templates', '/order-templates', t('Bestelsjablonen', 'Order templates', 'Modèles de commande'),
    { guards: CHOSEN, feature: 'orderTemplates', requires: requires('order-templates', 'READ'), view: 'features/templates/TemplatesPage#TemplatesPage' }),
  page('order-templates-id', '/order-templates/:id', t('Bestelsjabloon', 'Order template', 'Modèle de commande'),
    { guards: CHOSEN, feature: 'orderTemplates', requires: requires('order-templates', 'READ'), view: 'features/templates/TemplatePage#TemplatePage' }),
  page('orders', '/orders', t('Bestellingen', 'Orders', 'Commandes'), { guards: C, view: 'features/orders/OrdersPage#OrdersPage' }),
  // Not among core §2's routes (issue 29): the approver's inbox over GET /v2/orders/to-approve, its bulk approval.
  page('orders-to-approve', '/orders/to-approve', t('Goed te keuren', 'To approve', 'À approuver'),
    { guards: C, view: 'features/orders/ApprovalInboxPage#ApprovalInboxPage' }),
  page('order-detail-id', '/order-detail/:id', t('Bestelling', 'Order', 'Commande'),
    { guards: C, requires: requires('orders-by-status', 'READ'), view: 'features/orders/OrderDetailPage#OrderDetailPage' }),
  // Not among core §2's routes: the spec has the budget calls (GET /v2/budgets, /budget-setting/…) but
  // names no page for them; customer admins manage budgets here and every user sees what is left.
  page('budgets', '/budgets', t('Budgetten', 'Budgets', 'Budgets'),
    { guards: C, feature: 'budgets', view: 'features/budgets/BudgetsPage#BudgetsPage' }),
  page('duplicate-order-id', '/duplicate-order/:id', t('Bestelling dupliceren', 'Duplicate order', 'Dupliquer la commande'),
    { guards: C, view: 'features/orders/DuplicateOrderPage#DuplicateOrderPage' }),
  page('transporter', '/transporter', t('Winkelmandje', 'Basket', 'Panier'),
    { guards: C, view: 'features/basket/checkout/TransporterPage#TransporterPage' }),
  page('supplier-orders', '/supplier-orders', t('Leveranciersbestellingen', 'Supplier orders', 'Commandes fournisseurs'),
    { supplierSide: true, view: 'features/supplier-orders/SupplierOrdersPage#default' }),
  page('supplier-orders-gcsnumber', '/supplier-orders/:gcsNumber', t('Leveranciersbestelling', 'Supplier order', 'Commande fournisseur'),
    { guards: C, requires: requires('supplier-orders', 'READ'), supplierSide: true, view: 'features/supplier-orders/SupplierOrderPage#default' }),
  // Deliveries and invoices
  page('deliveries', '/deliveries', t('Leveringen', 'Deliveries', 'Livraisons'),
    { guards: C, feature: 'deliveries', requires: requires('deliveries', 'READ'), view: 'features/deliveries/DeliveriesPage#default' }),
  page('deliveries-id', '/deliveries/:id', t('Levering', 'Delivery', 'Livraison'),
    { guards: C, feature: 'deliveries', requires: requires('deliveries', 'READ'), view: 'features/deliveries/DeliveryPage#default' }),
  page('invoices', '/invoices', t('Facturen', 'Invoices', 'Factures'),
    { guards: C, feature: 'invoices', requires: requires('invoices', 'READ'), view: 'features/invoices/InvoicesPage#default' }),
  // Contracts. The guard table names no right for the contract, supplier and warehouse pages; each
  // asks what its calls and its menu entry ask (contracts, suppliers or warehouse read; create to
  // create), so one reached by URL says why instead of showing a page whose reads all fail.
  page('contracts', '/contracts', t('Contracten', 'Contracts', 'Contrats'),
    { guards: C, feature: 'contracts', requires: requires('contracts', 'READ'), view: 'features/contracts/ContractsPage#default' }),
  page('contracts-create', '/contracts/create', t('Contract aanmaken', 'Create contract', 'Créer un contrat'),
    { guards: C, feature: 'contracts', requires: requires('contracts', 'CREATE'), view: 'features/contracts/ContractEditorPage#ContractCreatePage' }),
  page('contracts-id', '/contracts/:id', t('Contract', 'Contract', 'Contrat'),
    { guards: C, feature: 'contracts', requires: requires('contracts', 'READ'), view: 'features/contracts/ContractPage#default' }),
  page('contracts-id-edit', '/contracts/:id/edit', t('Contract bewerken', 'Edit contract', 'Modifier le contrat'),
    { guards: C, feature: 'contracts', requires: requires('contracts', 'WRITE', { superAdminExempt: true }), view: 'features/contracts/ContractEditorPage#ContractEditPage' }),
  page('contract-configuration', '/contract-configuration', t('Contractconfiguratie', 'Contract configuration', 'Configuration des contrats'),
    { guards: C, feature: 'contracts', requires: requires('contract-configuration', 'READ'), view: 'features/contracts/ContractConfigurationPage#default' }),
  // Suppliers
  page('suppliers', '/suppliers', t('Leveranciers', 'Suppliers', 'Fournisseurs'),
    { guards: C, requires: requires('suppliers', 'READ'), view: 'features/suppliers/SuppliersPage#default' }),
  page('suppliers-id', '/suppliers/:id', t('Leverancier', 'Supplier', 'Fournisseur'),
    { guards: C, requires: requires('suppliers', 'READ'), view: 'features/suppliers/SupplierPage#default' }),
  page('supplier-create', '/supplier/create', t('Leverancier aanmaken', 'Create supplier', 'Créer un fournisseur'),
    { guards: C, requires: requires('suppliers', 'CREATE', { superAdminExempt: true }), view: 'features/suppliers/SupplierFormPages#SupplierCreatePage' }),
  page('supplier-edit-id', '/supplier/edit/:id', t('Leverancier bewerken', 'Edit supplier', 'Modifier le fournisseur'),
    { guards: C, requires: requires('suppliers', 'WRITE', { superAdminExempt: true }), view: 'features/suppliers/SupplierFormPages#SupplierEditPage' }),
  // Product management
  page('product-management', '/product-management', t('Productbeheer', 'Product management', 'Gestion des produits'), {
    guards: C, requires: requires('product-management', 'READ'),
    query: ['page', 'name', 'articleNumberSupplier', 'supplierId', 'unavailable', 'marketplaceId', 'sort'],
    view: 'features/product-management/ProductManagementPage#ProductManagementPage',
  }),
  page('product-management-id', '/product-management/:id', t('Product', 'Product', 'Produit'),
    { guards: C, requires: requires('product-management', 'READ'), view: 'features/product-management/ProductManagementDetailPage#ProductManagementDetailPage' }),
  // Warehouses (easy stock, core §6)
  page('warehouse-management', '/warehouse-management', t('Magazijnbeheer', 'Warehouse management', 'Gestion des entrepôts'),
    { guards: C, feature: 'easyStock', requires: requires('warehouse-instances', 'READ'), view: 'features/warehouses/WarehousesPage#default' }),
  page('warehouse-management-stock', '/warehouse-management/stock', t('Magazijnvoorraad', 'Warehouse stock', "Stock de l'entrepôt"),
    { guards: C, feature: 'easyStock', requires: requires('warehouse-instances', 'READ'), view: 'features/warehouses/StockPage#default' }),
  page('warehouse-management-id', '/warehouse-management/:id', t('Magazijn', 'Warehouse', 'Entrepôt'),
    { guards: C, feature: 'easyStock', requires: requires('warehouse-instances', 'READ'), view: 'features/warehouses/WarehousePage#default' }),
  page('stock', '/stock', t('Voorraad', 'Stock', 'Stock'),
    { guards: C, feature: 'easyStock', requires: requires('warehouse-instances', 'READ'), view: 'features/warehouses/StockPage#default' }),
  // Reporting and users
  page('reporting', '/reporting', t('Rapportering', 'Reporting', 'Rapports'),
    { guards: C, requires: requires('reports', 'READ'), view: 'features/reporting/ReportingPage#default' }),
  page('users', '/users', t('Gebruikers', 'Users', 'Utilisateurs'), { guards: C, requires: requires('users', 'READ'), view: 'features/users/UsersPage#UsersPage' }),
  // The guard table names only /users; inviting needs create and the user's page read on users (the calls' own rules).
  page('users-create', '/users/create', t('Gebruiker aanmaken', 'Create user', 'Créer un utilisateur'),
    { guards: C, requires: requires('users', 'CREATE'), view: 'features/users/InviteUserPage#InviteUserPage' }),
  page('users-id', '/users/:id', t('Gebruiker', 'User', 'Utilisateur'), { guards: C, requires: requires('users', 'READ'), view: 'features/users/UserPage#UserPage' }),
  // Not among core §2's routes: the spec has the department calls (flows §7) but names no page for the customer admin.
  page('departments', '/users/departments', t('Afdelingen', 'Departments', 'Départements'),
    { guards: C, requires: requires('users', 'READ'), view: 'features/users/DepartmentsPage#DepartmentsPage' }),
  // Beyond the spec (issue 30, docs/audit-trail.md): who changed what in the company's data, for its admin.
  page('audit-trail', '/users/audit-trail', t('Audittrail', 'Audit trail', "Piste d'audit"),
    { guards: C, requires: requires('users', 'READ'), view: 'features/audit/AuditTrailPage#AuditTrailPage' }),
  page('user-settings', '/user-settings', t('Gebruikersinstellingen', 'User settings', 'Paramètres utilisateur'),
    { supplierSide: true, view: 'features/users/settings/UserSettingsPage#UserSettingsPage' }),
  page('user-settings-add-departments', '/user-settings/AddDepartments', t('Afdelingen toevoegen', 'Add departments', 'Ajouter des départements'),
    { guards: C, view: 'features/users/settings/AddDepartmentsPage#AddDepartmentsPage' }),
  page('user-settings-list-departments', '/user-settings/ListDepartments', t('Afdelingen', 'Departments', 'Départements'),
    { guards: C, view: 'features/users/settings/ListDepartmentsPage#ListDepartmentsPage' }),
];
