import { describe, expect, it } from 'vitest';
import { PAGES } from '../../generated/app/pages.gen';
import { canOpenPage, matchPage, type PageGuarding, type PageSubject } from '../../src/shared/page-access';
import { permissionsForRoles, ALL_PERMISSIONS } from '../../src/shared/access';
import { FEATURES } from '../../model/catalogue/features';

const ALL_FEATURES = [...FEATURES];
const customer = (roles: string[], more: Partial<PageSubject> = {}): PageSubject => ({
  userType: 3, permissions: permissionsForRoles(roles), customerId: 'c1', features: ALL_FEATURES, activeAccessCount: 1, ...more,
});
const superAdmin: PageSubject = { userType: 1, permissions: [], customerId: null, features: [] };
const platformAdmin = (more: Partial<PageSubject> = {}): PageSubject => ({ userType: 2, permissions: ALL_PERMISSIONS, customerId: null, features: [], ...more });
const noRights = customer([], { permissions: [] });
const open = (name: string, subject: PageSubject | null) => canOpenPage(PAGES[name]!, subject);

describe('canOpenPage: signing in and registering', () => {
  it('sends signed-out visitors of any guarded page to login and lets them open public pages', () => {
    for (const page of Object.values(PAGES)) expect(canOpenPage(page, null), page.name).toBe(page.guards.length ? 'login' : 'ok');
    expect(open('login', null)).toBe('ok');
    expect(open('auth-error', null)).toBe('ok');
  });

  it('sends a signed-in user without a user type or without any customer access to registration', () => {
    const unregistered: PageSubject = { userType: 0, permissions: [], customerId: null, features: [] };
    expect(open('dashboard', unregistered)).toBe('registration');
    expect(open('dashboard', customer(['user'], { customerId: null, hasCustomerAccess: false }))).toBe('registration');
    expect(open('registration', unregistered)).toBe('ok');
  });

  it('asks a customer user with accesses but no chosen company to choose one', () => {
    expect(open('orders', customer(['user'], { customerId: null, hasCustomerAccess: true }))).toBe('chooseCustomer');
    // pages of the default layout that act for no company still open
    expect(open('user-settings', customer(['user'], { customerId: null, hasCustomerAccess: true }))).toBe('ok');
  });

  it("gives a supplier's user the pages of the supplier's side only, without a company and without registration", () => {
    const supplier: PageSubject = { userType: 3, permissions: [], customerId: null, features: [], hasCustomerAccess: false, supplierCount: 1, supplierUser: true };
    for (const name of ['index', 'supplier-orders', 'supplier-orders-gcsnumber', 'user-settings']) expect(open(name, supplier), name).toBe('ok');
    for (const name of ['dashboard', 'products', 'transporter', 'budgets', 'orders', 'order-detail-id', 'deliveries', 'invoices', 'suppliers', 'user-settings-list-departments']) {
      expect(open(name, supplier), name).toBe('unauthorized');
    }
    // Even with an acting company and every right, the company's side is not theirs.
    expect(open('budgets', { ...supplier, customerId: 'c1', permissions: ALL_PERMISSIONS, features: ALL_FEATURES, hasCustomerAccess: true })).toBe('unauthorized');
    expect(open('registration', supplier)).toBe('ok');
    expect(open('admin-users', supplier)).toBe('unauthorized');
  });

  it("refuses a platform user who chose no company the order templates, whose calls need one (flows §5)", () => {
    for (const name of ['order-templates', 'order-templates-id']) {
      expect(open(name, superAdmin), name).toBe('unauthorized');
      expect(open(name, platformAdmin()), name).toBe('unauthorized');
      expect(open(name, { ...superAdmin, customerId: 'c1', chosenCustomer: true }), name).toBe('ok');
      expect(open(name, customer(['user'])), name).toBe('ok');
      expect(open(name, customer(['user'], { customerId: null, hasCustomerAccess: true })), name).toBe('chooseCustomer');
    }
    // the default contracts customer is enough for the pages that act for it
    expect(open('orders', superAdmin)).toBe('ok');
  });

  it('needs no active customer for super admins (1) and platform admins (2) (core §6)', () => {
    expect(open('orders', superAdmin)).toBe('ok');
    expect(open('orders', platformAdmin())).toBe('ok');
  });
});

describe('canOpenPage: the page-access table (core §2)', () => {
  const table: [string, string][] = [
    ['deliveries', 'deliveries'], ['deliveries-id', 'deliveries'], ['stock', 'warehouses'], ['supplier-create', 'suppliers'],
    ['supplier-edit-id', 'suppliers'], ['supplier-orders-gcsnumber', 'orders'], ['order-detail-id', 'orders'], ['order-templates', 'orders'],
    ['order-templates-id', 'orders'], ['order-form', 'orders'], ['invoices', 'invoices'], ['users', 'users'], ['contracts-id-edit', 'contracts'],
    ['contract-configuration', 'contracts'], ['product-management', 'product-management'], ['product-management-id', 'product-management'],
    ['reporting', 'reports'],
  ];
  it.each(table)('%s is refused without its letter on %s and opens with exactly that letter', (name, area) => {
    const page = PAGES[name]!;
    expect(page.requires!.area).toBe(area);
    expect(canOpenPage(page, noRights)).toBe('unauthorized');
    expect(canOpenPage(page, customer([], { permissions: [`${area}:${page.requires!.letter}`] }))).toBe('ok');
    const otherLetters = 'RWCDX'.replace(page.requires!.letter, '');
    expect(canOpenPage(page, customer([], { permissions: [`${area}:${otherLetters}`] }))).toBe('unauthorized');
  });

  it('lets super admins through every requirement, the three exempt pages among them (core §6)', () => {
    // (with a company chosen: some pages' calls need one, whatever the rights)
    for (const page of Object.values(PAGES).filter((p) => p.requires)) expect(canOpenPage(page, { ...superAdmin, chosenCustomer: true }), page.name).toBe('ok');
    expect(['supplier-create', 'supplier-edit-id', 'contracts-id-edit'].every((n) => PAGES[n]!.requires!.superAdminExempt)).toBe(true);
  });

  it('decides platform admins by their platform rights', () => {
    expect(open('supplier-create', platformAdmin())).toBe('ok');
    expect(open('supplier-create', platformAdmin({ permissions: ['suppliers:R'] }))).toBe('unauthorized');
  });

  it('follows the roles: a buyer reads deliveries but may not create suppliers; an admin may', () => {
    expect(open('deliveries', customer(['user']))).toBe('ok');
    expect(open('supplier-create', customer(['user']))).toBe('unauthorized');
    expect(open('supplier-create', customer(['admin']))).toBe('ok');
    expect(open('reporting', customer(['user']))).toBe('unauthorized');
    expect(open('reporting', customer(['finance']))).toBe('ok');
  });
});

describe('canOpenPage: domain features', () => {
  it('refuses a customer user a page of a feature their company lacks', () => {
    expect(open('deliveries', customer(['admin'], { features: [] }))).toBe('unauthorized');
    expect(open('stock', customer(['admin'], { features: ['deliveries'] }))).toBe('unauthorized');
    expect(open('stock', customer(['admin'], { features: ['easyStock'] }))).toBe('ok');
  });

  it('does not gate platform users on features, as the server does not', () => {
    expect(open('warehouse-management', platformAdmin())).toBe('ok');
    expect(open('warehouse-management', superAdmin)).toBe('ok');
  });
});

describe('canOpenPage: the admin area', () => {
  it('refuses customer users every admin page', () => {
    for (const page of Object.values(PAGES).filter((p) => p.area === 'admin')) {
      expect(canOpenPage(page, customer(['admin'])), page.name).toBe('unauthorized');
    }
  });

  it('needs extra privileges for supplier orders, invoices, customers, users and cron (flows §6)', () => {
    for (const name of ['admin-supplier-orders', 'admin-invoices', 'admin-customers', 'admin-users', 'admin-cron', 'admin-user-details-id']) {
      expect(open(name, platformAdmin()), name).toBe('unauthorized');
      expect(open(name, platformAdmin({ extraPrivileges: true })), name).toBe('ok');
      expect(open(name, superAdmin), name).toBe('ok');
    }
    expect(open('admin-orders', platformAdmin())).toBe('ok');
  });

  it('keeps the administrators pages for super admins', () => {
    expect(open('admin-administrators', platformAdmin({ extraPrivileges: true }))).toBe('unauthorized');
    expect(open('admin-administrators', superAdmin)).toBe('ok');
  });

  it('runs the guards in order: the first refusal wins', () => {
    const page: PageGuarding = { guards: ['auth', 'admin', 'permission'], requires: { resource: 'users', action: 'READ', area: 'users', letter: 'R' } };
    expect(canOpenPage(page, null)).toBe('login');
    expect(canOpenPage(page, customer(['admin']))).toBe('unauthorized');
    expect(canOpenPage(page, platformAdmin({ permissions: [] }))).toBe('unauthorized');
    expect(canOpenPage(page, platformAdmin({ permissions: ['users:R'] }))).toBe('ok');
  });
});

describe('matchPage', () => {
  it.each([
    ['/', 'index'], ['/products/42', 'products-id'], ['/products?search=pen', 'products'], ['/contracts/create', 'contracts-create'],
    ['/contracts/7', 'contracts-id'], ['/contracts/7/edit', 'contracts-id-edit'], ['/warehouse-management/stock', 'warehouse-management-stock'],
    ['/warehouse-management/3', 'warehouse-management-id'], ['/users/create', 'users-create'], ['/ycAdmin/orders/5', 'admin-orders-id'],
    ['/supplier/edit/9/', 'supplier-edit-id'],
  ])('%s is %s', (path, name) => {
    expect(matchPage(PAGES, path)?.name).toBe(name);
  });

  it('answers undefined for unknown paths (the 404 page)', () => {
    expect(matchPage(PAGES, '/nope')).toBeUndefined();
    expect(matchPage(PAGES, '/products/1/2')).toBeUndefined();
  });
});
