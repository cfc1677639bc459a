/**
 * The demo data of the three seeded tenants (DESIGN §4): different names, languages, themes and
 * features per tenant, so switching host visibly switches shop.
 */

export interface TenantSeed {
  hostname: string;
  name: string;
  environment: 'production' | 'acceptance' | 'development';
  defaultLanguage: 'NL' | 'EN' | 'FR';
  supportedLanguages: string[];
  theme: Record<string, string>;
  supplierOrderPrefix: string;
  /** Where the clicx asset-management menu entry leads; absent: no entry. */
  assetManagementUrl?: string;
  /** Where the registration wizard links to the tenant's terms. */
  termsUrl?: string;
  extraPrivilegesByDefault: boolean;
  /** financeApprovalThreshold: orders from this amount (excl. VAT) also need finance approval (flows §4). */
  customers: { name: string; vatNumber: string; domain: string; city: string; features: string[]; departments: string[]; financeApprovalThreshold?: string }[];
  categoryGroups: { name: string; categories: [name: string, sequence: number][] }[];
  referralPartners: { name: string; contactName: string; email: string; commissionPercentage: number }[];
  offers: { description: string; title: Record<'nl' | 'en' | 'fr', string>; sequenceNumber: number; isActive: boolean; window?: 'current' | 'past' }[];
  platformSuppliers: { name: string; vatNumber: string; email: string; shippingCost?: string; freeShippingFrom?: string; budget?: string }[];
  ownSupplier: { name: string; vatNumber: string; email: string };
  warehouses: [name: string, restockSetting: 'fixed' | 'flex' | 'manual' | 'unassigned'][];
}

const base = { base: '#1f2937', success: '#16a34a', info: '#0284c7', danger: '#dc2626', warning: '#d97706', tertiary: '#0d9488' };

export const TENANT_SEEDS: TenantSeed[] = [
  {
    hostname: 'localhost', name: 'Inkoopshop (ontwikkeling)', environment: 'development', defaultLanguage: 'NL',
    supportedLanguages: ['NL', 'FR', 'EN'], theme: { ...base, primary: '#4f46e5', secondary: '#64748b' },
    supplierOrderPrefix: 'DEV', extraPrivilegesByDefault: true, termsUrl: 'https://inkoopshop.example/voorwaarden',
    customers: [
      { name: 'Bakkerij Janssens BV', vatNumber: 'BE0412345614', domain: 'janssens.example', city: 'Gent', features: ['budgets', 'orderForm', 'orderRequest', 'deliveries', 'invoices', 'contracts', 'easyStock', 'orderTemplates'], departments: ['Aankoop', 'Productie'] },
      { name: 'Gemeente Melle', vatNumber: 'BE0207451227', domain: 'melle.example', city: 'Melle', features: ['budgets', 'government', 'deliveries', 'invoices'], departments: ['Technische dienst', 'Administratie'] },
    ],
    categoryGroups: [
      { name: 'Kantoor', categories: [['Papier', 30], ['Schrijfwaren', 20]] },
      { name: 'Schoonmaak', categories: [['Reinigingsmiddelen', 10]] },
      { name: 'IT', categories: [['Kabels', 5], ['Toetsenborden', 40]] },
    ],
    referralPartners: [{ name: 'Partner Plus', contactName: 'Els Peeters', email: 'els@partnerplus.example', commissionPercentage: 5 }],
    offers: [
      { description: 'Wintersolden', title: { nl: 'Wintersolden', en: 'Winter sale', fr: "Soldes d'hiver" }, sequenceNumber: 1, isActive: true, window: 'current' },
      { description: 'Nieuw: koffie', title: { nl: 'Nieuw: koffie', en: 'New: coffee', fr: 'Nouveau : café' }, sequenceNumber: 2, isActive: true },
      { description: 'Zomeractie (voorbij)', title: { nl: 'Zomeractie', en: 'Summer deal', fr: "Action d'été" }, sequenceNumber: 3, isActive: true, window: 'past' },
      { description: 'Uitgeschakelde banner', title: { nl: 'Uit', en: 'Off', fr: 'Désactivée' }, sequenceNumber: 4, isActive: false },
    ],
    platformSuppliers: [
      { name: 'Office Depot', vatNumber: 'BE0123456749', email: 'sales@officedepot.example', shippingCost: '7.50', freeShippingFrom: '150.00', budget: '5000.00' },
      { name: 'Lyreco', vatNumber: 'BE0401234560', email: 'orders@lyreco.example', shippingCost: '4.95', freeShippingFrom: '75.00' },
    ],
    ownSupplier: { name: 'Drukkerij De Bie', vatNumber: 'BE0455667792', email: 'info@debie.example' },
    warehouses: [['Centraal magazijn', 'flex'], ['Winkel Gent', 'unassigned']],
  },
  {
    hostname: 'acme.localhost', name: 'Acme Procurement', environment: 'production', defaultLanguage: 'EN',
    supportedLanguages: ['EN', 'NL', 'FR'], theme: { ...base, primary: '#1d4ed8', secondary: '#f97316' },
    supplierOrderPrefix: 'ACM', extraPrivilegesByDefault: false, termsUrl: 'https://acme.example/terms',
    customers: [
      { name: 'Acme Logistics NV', vatNumber: 'BE0899123484', domain: 'acme-logistics.example', city: 'Antwerpen', features: ['budgets', 'orderForm', 'deliveries', 'invoices', 'contracts', 'chatBot'], departments: ['Procurement', 'Warehouse ops'], financeApprovalThreshold: '500.00' },
      { name: 'Acme Retail BV', vatNumber: 'NL123456782B01', domain: 'acme-retail.example', city: 'Rotterdam', features: ['deliveries', 'searchOrders', 'oneTimeAddresses'], departments: ['Stores', 'Finance'] },
    ],
    categoryGroups: [
      { name: 'Office', categories: [['Paper', 15], ['Pens', 25]] },
      { name: 'Facilities', categories: [['Cleaning', 35]] },
    ],
    referralPartners: [
      { name: 'Acme Channel Partners', contactName: 'John Smith', email: 'john@channel.example', commissionPercentage: 7.5 },
      { name: 'Roadrunner Referrals', contactName: 'Wile Coyote', email: 'wile@roadrunner.example', commissionPercentage: 3 },
    ],
    offers: [
      { description: 'Back to office', title: { nl: 'Terug naar kantoor', en: 'Back to office', fr: 'Retour au bureau' }, sequenceNumber: 1, isActive: true, window: 'current' },
      { description: 'Free delivery week', title: { nl: 'Gratis leveringsweek', en: 'Free delivery week', fr: 'Semaine livraison gratuite' }, sequenceNumber: 2, isActive: true },
    ],
    platformSuppliers: [
      { name: 'Acme Office Supply', vatNumber: 'BE0777888926', email: 'sales@acme-office.example', shippingCost: '9.95', freeShippingFrom: '250.00', budget: '20000.00' },
      { name: 'Staples Benelux', vatNumber: 'NL001234560B01', email: 'orders@staples.example' },
    ],
    ownSupplier: { name: 'Acme Local Printing', vatNumber: 'BE0666555492', email: 'print@acme-local.example' },
    warehouses: [['Main DC Antwerp', 'fixed']],
  },
  {
    hostname: 'globex.localhost', name: 'Globex Achats', environment: 'acceptance', defaultLanguage: 'FR',
    supportedLanguages: ['FR', 'NL', 'EN'], theme: { ...base, primary: '#166534', secondary: '#84cc16' },
    supplierOrderPrefix: 'GLX', extraPrivilegesByDefault: true, assetManagementUrl: 'https://assets.globex.example', termsUrl: 'https://globex.example/conditions',
    customers: [
      { name: 'Globex Services SA', vatNumber: 'BE0433221103', domain: 'globex-services.example', city: 'Liège', features: ['quotes', 'easyStock', 'smartStock', 'orderRequest', 'clicx', 'labels'], departments: ['Achats', 'Maintenance'], financeApprovalThreshold: '1000.00' },
      { name: 'Globex Industries SA', vatNumber: 'FR40303265045', domain: 'globex-industries.example', city: 'Lille', features: ['budgets', 'ycoin'], departments: ['Production'] },
    ],
    categoryGroups: [
      { name: 'Bureau', categories: [['Papeterie', 12], ['Classement', 8]] },
      { name: 'Entretien', categories: [['Produits ménagers', 22]] },
      { name: 'Informatique', categories: [['Écrans', 50]] },
    ],
    referralPartners: [{ name: 'Partenaires Globex', contactName: 'Marie Dubois', email: 'marie@partenaires.example', commissionPercentage: 4 }],
    offers: [
      { description: 'Rentrée', title: { nl: 'Terug naar school', en: 'Back to school', fr: 'Rentrée' }, sequenceNumber: 1, isActive: true },
      { description: 'Promo printemps (terminée)', title: { nl: 'Lente', en: 'Spring', fr: 'Printemps' }, sequenceNumber: 2, isActive: true, window: 'past' },
    ],
    platformSuppliers: [
      { name: 'Bruneau', vatNumber: 'BE0444333244', email: 'ventes@bruneau.example', shippingCost: '6.00', freeShippingFrom: '99.00', budget: '8000.00' },
      { name: 'Manutan', vatNumber: 'FR15345678901', email: 'commandes@manutan.example' },
    ],
    ownSupplier: { name: 'Imprimerie Lambert', vatNumber: 'BE0555444368', email: 'contact@lambert.example' },
    warehouses: [['Entrepôt Liège', 'manual'], ['Dépôt Namur', 'unassigned']],
  },
];

/** The demo sign-ins (password 'demo'), one users row per tenant each (DESIGN §4). */
export const DEMO_USERS = [
  { email: 'superadmin@demo.test', firstname: 'Sam', lastname: 'Super', userType: 1, roles: [] as string[], customers: 0, describe: 'super admin (userType 1)' },
  { email: 'admin@demo.test', firstname: 'Ada', lastname: 'Admin', userType: 2, roles: [], customers: 0, describe: 'platform admin (userType 2), all areas RWCDX' },
  { email: 'buyer@demo.test', firstname: 'Bert', lastname: 'Buyer', userType: 3, roles: ['user'], customers: 1, describe: 'customer user, role user, one company' },
  { email: 'manager@demo.test', firstname: 'Mia', lastname: 'Manager', userType: 3, roles: ['admin', 'validator'], customers: 2, describe: 'customer user, roles admin + validator, two companies' },
  { email: 'finance@demo.test', firstname: 'Fien', lastname: 'Finance', userType: 3, roles: ['finance'], customers: 1, describe: 'customer user, role finance (finance approval)' },
  { email: 'supplier@demo.test', firstname: 'Stan', lastname: 'Supplier', userType: 3, roles: [], customers: 0, describe: "supplier user (supplierIds set): the supplier's side only, no customer access" },
  { email: 'newcomer@demo.test', firstname: 'Nina', lastname: 'Newcomer', userType: 3, roles: [], customers: 0, describe: 'customer user without customer access (registration)' },
] as const;
