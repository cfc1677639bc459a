/** Permission areas (core §3, flows §6). A user's rights are a string of action letters per area. */
export const PERMISSION_AREAS = [
  'addresses', 'article-categories', 'contracts', 'deliveries', 'invoices', 'orders', 'suppliers', 'users',
  'warehouses', 'exports', 'product-management', 'reports', 'order-pdf-settings',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** R read, W write, C create, D delete, X execute (approve, run, export). */
export const LETTERS = ['R', 'W', 'C', 'D', 'X'] as const;
export type Letter = (typeof LETTERS)[number];

/** Page guards speak of READ, WRITE and CREATE; they are the letters R, W and C. */
export const PAGE_ACTIONS = { READ: 'R', WRITE: 'W', CREATE: 'C' } as const satisfies Record<string, Letter>;

export const USER_TYPES = { undefined: 0, superAdmin: 1, platformAdmin: 2, customer: 3 } as const;
export type UserType = 0 | 1 | 2 | 3;

/** Customer roles and the rights each gives on a customer access (an access holds the union of its roles). */
export const ROLES = {
  user: ['orders:RC', 'deliveries:R', 'suppliers:R', 'warehouses:R', 'addresses:R', 'article-categories:R', 'product-management:R'],
  admin: [
    'addresses:RWCD', 'article-categories:RWCD', 'contracts:RWCDX', 'deliveries:RWCDX', 'invoices:RWCD', 'orders:RWCDX',
    'suppliers:RWCD', 'users:RWCD', 'warehouses:RWCD', 'exports:RX', 'product-management:RWCD', 'reports:RX', 'order-pdf-settings:RW',
  ],
  validator: ['orders:RWX', 'deliveries:RWX', 'suppliers:R', 'warehouses:R'],
  finance: ['orders:RWX', 'invoices:RWCDX', 'suppliers:R', 'reports:RX', 'deliveries:R'],
  creditHolder: ['orders:R', 'invoices:R', 'reports:R'],
} as const satisfies Record<string, readonly string[]>;
export type Role = keyof typeof ROLES;

/** PAGE_ACTIONS' names: what page guards and menu entries require. */
export type PageAction = keyof typeof PAGE_ACTIONS;

/**
 * The resources page guards and menu entries name (core §2 guard table, core §6 menu resources),
 * mapped to the permission area whose letters decide them.
 *
 * Decision: the guard vocabulary is finer than the spec's permission areas (flows §6 lists the
 * areas; 'order templates', 'order form', 'supplier orders', 'orders by order status', 'warehouse
 * supplier-article instances' and 'contract configuration' are not among them). Rather than invent
 * areas no role, token or server check knows, each guard resource maps to the area that owns its
 * data: everything about orders to 'orders', warehouse instances (stock) to 'warehouses', contract
 * configuration to 'contracts'. The model and the generated PAGES keep the spec's word, so a later
 * finer area is a change of this table only.
 */
export const GUARD_RESOURCES = {
  'orders-by-status': 'orders',
  'order-templates': 'orders',
  'order-form': 'orders',
  'supplier-orders': 'orders',
  deliveries: 'deliveries',
  invoices: 'invoices',
  'warehouse-instances': 'warehouses',
  suppliers: 'suppliers',
  contracts: 'contracts',
  'contract-configuration': 'contracts',
  'product-management': 'product-management',
  reports: 'reports',
  users: 'users',
} as const satisfies Record<string, PermissionArea>;
export type GuardResource = keyof typeof GUARD_RESOURCES;

/** flows §4: the roles that read the company's orders; a buyer (role user) reads their own (the orders' and supplier orders' ownRows). */
export const COMPANY_ORDER_ROLES = ['admin', 'validator', 'finance'] as const;
