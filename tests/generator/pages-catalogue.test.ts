import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir';
import { pageProblems } from '../../generator/passes/pages-validate';
import { loadProjectModel } from '../../generator/model-input';
import { MENUS, PAGES, pageByName } from '../../model';
import { GUARD_RESOURCES, PERMISSION_AREAS } from '../../model/catalogue/permissions';
import { menuItem, page, t } from '../../model/dsl';
import { fixtureModel } from './fixtures/model';

/** Core §2 and flows §2, copied by hand: the reference the catalogue must cover ({id} written as in the spec). */
const SPEC_CUSTOMER_ROUTES = [
  '/', '/dashboard', '/products', '/products/{id}',
  '/order-form', '/order-request', '/order-templates', '/order-templates/{id}', '/orders', '/order-detail/{id}', '/duplicate-order/{id}', '/transporter',
  '/deliveries', '/deliveries/{id}', '/invoices',
  '/contracts', '/contracts/create', '/contracts/{id}', '/contracts/{id}/edit', '/contract-configuration',
  '/suppliers', '/suppliers/{id}', '/supplier/create', '/supplier/edit/{id}',
  '/product-management', '/product-management/{id}',
  '/warehouse-management', '/warehouse-management/{id}', '/warehouse-management/stock', '/stock',
  '/reporting', '/users', '/users/create', '/users/{id}', '/user-settings', '/user-settings/AddDepartments', '/user-settings/ListDepartments',
];
const SPEC_SYSTEM_ROUTES = ['/registration', '/redirect', '/login', '/maintenance', '/unauthorized', '/types', '/component-library'];
const SPEC_ADMIN_ROUTES = [
  'administrators', 'administrators/create', 'contracts', 'cron', 'customer-registrations', 'customers', 'deliveries', 'deliveries/create',
  'invoices', 'orders', 'orders/{id}', 'product-management', 'product-management/{id}', 'reporting', 'supplier-orders', 'suppliers',
  'users', 'users/create', 'customer-details/{id}', 'customer-registration-details/{id}', 'delivery-details/{id}', 'invoice-details/{id}',
  'supplier-order-details/{id}', 'user-details/{id}',
].map((p) => `/ycAdmin/${p}`);

/** Core §2's page-access table, row by row. */
const SPEC_GUARD_TABLE: Record<string, [string, 'READ' | 'WRITE' | 'CREATE', boolean?]> = {
  deliveries: ['deliveries', 'READ'], 'deliveries-id': ['deliveries', 'READ'],
  stock: ['warehouse-instances', 'READ'],
  'supplier-create': ['suppliers', 'CREATE', true], 'supplier-edit-id': ['suppliers', 'WRITE', true],
  'supplier-orders-gcsnumber': ['supplier-orders', 'READ'],
  'order-detail-id': ['orders-by-status', 'READ'],
  'order-templates': ['order-templates', 'READ'], 'order-templates-id': ['order-templates', 'READ'],
  'order-form': ['order-form', 'READ'], invoices: ['invoices', 'READ'], users: ['users', 'READ'],
  'contracts-id-edit': ['contracts', 'WRITE', true], 'contract-configuration': ['contract-configuration', 'READ'],
  'product-management': ['product-management', 'READ'], 'product-management-id': ['product-management', 'READ'],
  reporting: ['reports', 'READ'],
};

/**
 * Guards beyond the spec's table (docs/decisions/0016-app-shell.md and 0012-users-and-access.md): pages whose every call needs these rights, so the
 * guard sends a user who lacks them to /unauthorized instead of a page that can only fail.
 */
const GUARDS_BEYOND_SPEC: Record<string, [string, 'READ' | 'WRITE' | 'CREATE']> = {
  'users-create': ['users', 'CREATE'], 'users-id': ['users', 'READ'], departments: ['users', 'READ'],
  // What their calls and menu entries ask (issue 29: a page reached by URL says why, not a page whose reads fail).
  contracts: ['contracts', 'READ'], 'contracts-create': ['contracts', 'CREATE'], 'contracts-id': ['contracts', 'READ'],
  suppliers: ['suppliers', 'READ'], 'suppliers-id': ['suppliers', 'READ'],
  'warehouse-management': ['warehouse-instances', 'READ'], 'warehouse-management-stock': ['warehouse-instances', 'READ'], 'warehouse-management-id': ['warehouse-instances', 'READ'],
  // Issue 30: the company's audit trail, for whoever reads its users (docs/audit-trail.md).
  'audit-trail': ['users', 'READ'],
};

const toRouter = (specPath: string) => specPath.replace(/\{(\w+)\}/g, ':$1');
const paths = new Set(PAGES.map((p) => p.path));

describe('the page catalogue', () => {
  it.each([...SPEC_CUSTOMER_ROUTES, ...SPEC_SYSTEM_ROUTES, ...SPEC_ADMIN_ROUTES])('has a page for %s', (route) => {
    expect(paths.has(toRouter(route))).toBe(true);
  });

  it('puts customer routes in the shop and /ycAdmin routes in the admin layout', () => {
    for (const route of SPEC_CUSTOMER_ROUTES) expect(PAGES.find((p) => p.path === toRouter(route))!.area, route).toBe('shop');
    for (const route of SPEC_ADMIN_ROUTES) expect(PAGES.find((p) => p.path === toRouter(route))!.layout, route).toBe('admin');
  });

  it("carries exactly core §2's page-access table, by the spec's page names", () => {
    const withRequirement = Object.fromEntries(PAGES.filter((p) => p.area === 'shop' && p.requires).map((p) => [p.name, p.requires]));
    const expected = Object.fromEntries(Object.entries({ ...SPEC_GUARD_TABLE, ...GUARDS_BEYOND_SPEC }).map(([name, [resource, action, exempt]]) =>
      [name, exempt ? { resource, action, superAdminExempt: true } : { resource, action }]));
    expect(withRequirement).toEqual(expected);
    for (const p of PAGES.filter((x) => x.requires)) expect(p.guards, p.name).toContain('permission');
  });

  it('guards the default and marketplace layouts with auth and registered customer (core §2)', () => {
    for (const p of PAGES.filter((x) => x.layout === 'default' || x.layout === 'marketplace')) {
      expect(p.guards.slice(0, 2), p.name).toEqual(['auth', 'registeredCustomer']);
    }
    for (const p of PAGES.filter((x) => x.layout === 'admin')) expect(p.guards, p.name).toContain('admin');
    expect(pageByName('login').guards).toEqual([]);
  });

  it('maps every guard resource to a permission area', () => {
    for (const area of Object.values(GUARD_RESOURCES)) expect(PERMISSION_AREAS).toContain(area);
  });

  it('puts the extra-privilege lists of flows §6 behind their guard and managing administrators behind super admin', () => {
    for (const name of ['supplier-orders', 'invoices', 'customers', 'users', 'cron']) expect(pageByName(`admin-${name}`).guards).toContain('extraPrivileges');
    for (const name of ['orders', 'suppliers', 'deliveries']) expect(pageByName(`admin-${name}`).guards).not.toContain('extraPrivileges');
    expect(pageByName('admin-administrators').guards).toContain('superAdmin');
  });

  it('has the sidebar of core §2 in order, with its groups', () => {
    const shape = MENUS.customer.map((i) => (i.children ? `${i.key}(${i.children.map((c) => c.key).join(',')})` : i.key));
    expect(shape).toEqual([
      'dashboard', 'order(orderViaMarketplace,orderViaOrderForm,orderRequest,orderTemplates)', 'orders', 'ordersToApprove', 'supplierOrders', 'budgets', 'deliveries', 'invoices', 'suppliers',
      'productManagement', 'warehouseManagement(warehouses,stock,assetManagement)',
      'contracts(contractsCreate,contractsOverview,contractsConfigure)', 'reporting',
      // Beyond core §2's sidebar: the approver's inbox (issue 29, shown to those who take a step), (issue "Menus") the customer admin's users and departments, and (issue 30) the audit trail.
      'userManagement(users,departments,auditTrail)',
    ]);
    expect(MENUS.user.map((i) => i.key)).toEqual(['switchCustomer', 'userSettings', 'manageUsers', 'login', 'logout']);
    // Beyond flows §6: the platform's audit trail (issue 30). flows §6's other extra entries, supplier orders and invoices, are their resources' admin entries behind the same page guard.
    expect(MENUS.adminExtra.map((i) => i.page)).toEqual(['admin-customers', 'admin-users', 'admin-audit-trail', 'admin-cron', 'admin-reporting']);
    expect(PAGES.find((p) => p.name === 'admin-supplier-orders')?.guards).toContain('extraPrivileges');
    expect(PAGES.find((p) => p.name === 'admin-invoices')?.guards).toContain('extraPrivileges');
  });

  it('the real model has no page or menu problems', async () => {
    expect(pageProblems(await loadProjectModel(process.cwd()))).toEqual([]);
  });
});

describe('page and menu validation', () => {
  const model = fixtureModel();
  const L = (en: string) => t(en, en, en);
  const withPages = (pages = model.pages, menus = model.menus) => ({ ...model, pages, menus });

  it('refuses a page declared twice, a taken path and a malformed name', () => {
    const pages = [...model.pages, page('bins', '/other', L('x')), page('Bad_Name', '/bins', L('x'))];
    expect(() => buildIr(withPages(pages))).toThrow(/page bins: declared twice[\s\S]*Bad_Name: names[\s\S]*path \/bins is already page bins/);
  });

  it('refuses a menu entry opening an unknown page, with two targets, or a key used twice', () => {
    const menus = {
      ...model.menus,
      user: [
        menuItem('ghost', L('x'), 'Inbox', { page: 'ghosts' }),
        menuItem('both', L('x'), 'Inbox', { page: 'bins', href: 'https://x.example' }),
        menuItem('logout', L('x'), 'Logout', { action: 'logout' }),
      ],
      adminExtra: [menuItem('logout', L('x'), 'Logout', { action: 'logout' })],
    };
    expect(() => buildIr(withPages(model.pages, menus))).toThrow(/ghost: opens unknown page ghosts[\s\S]*both: needs exactly one[\s\S]*logout: key used twice/);
  });

  it("refuses a view that is no '<module under src/app>#<export>', and writes a lazy loader for each built page", async () => {
    const bad = [...model.pages, page('bins-view', '/bins-view', L('x'), { view: '../server/main#start' }), page('bins-bare', '/bins-bare', L('x'), { view: 'pages/Bins' })];
    expect(() => buildIr(withPages(bad))).toThrow(/bins-view: view \.\.\/server\/main#start is not[\s\S]*bins-bare: view pages\/Bins is not/);
    const built = [...model.pages, page('bins-overview', '/bins-overview', L('x'), { view: 'pages/bins/BinsPage#BinsPage' })];
    const { generate } = await import('../../generator/run');
    const { files } = await generate(withPages(built), { migrations: [] });
    const views = files.find((f) => f.path === 'generated/app/page-views.gen.ts')!.content;
    expect(views).toContain("'bins-overview': () => import('../../src/app/pages/bins/BinsPage').then((m) => m.BinsPage),");
  });
});
