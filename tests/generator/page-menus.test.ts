import { describe, expect, it } from 'vitest';
import { ADMIN_EXTRA_MENU, CUSTOMER_MENU, PAGES, USER_MENU } from '../../generated/app/pages.gen';
import { visibleMenu, type PageSubject } from '../../src/shared/page-access';
import { ALL_PERMISSIONS, permissionsForRoles } from '../../src/shared/access';
import type { NavMenuItem } from '../../src/shared/generated-contract';
import { FEATURES } from '../../model/catalogue/features';

const ALL_FEATURES = [...FEATURES];
const links = { assetManagementUrl: 'https://assets.acme.example' };
const customer = (permissions: string[], features: string[] = ALL_FEATURES, more: Partial<PageSubject> = {}): PageSubject => ({
  userType: 3, permissions, customerId: 'c1', features, activeAccessCount: 1, links, ...more,
});
const superAdmin: PageSubject = { userType: 1, permissions: [], customerId: null, features: [], links };
const platformAdmin = (more: Partial<PageSubject> = {}): PageSubject => ({ userType: 2, permissions: ALL_PERMISSIONS, customerId: null, features: [], ...more });

/** Keys as an outline: 'group(child,child)'. */
const outline = (items: readonly NavMenuItem[]): string[] =>
  items.map((i) => (i.children ? `${i.key}(${i.children.map((c) => c.key).join(',')})` : i.key));

const everything = [
  'dashboard', 'order(orderViaMarketplace,orderViaOrderForm,orderRequest,orderTemplates)', 'orders', 'ordersToApprove', 'budgets', 'deliveries', 'invoices', 'suppliers',
  'productManagement', 'warehouseManagement(warehouses,stock,assetManagement)', 'contracts(contractsCreate,contractsOverview,contractsConfigure)',
  'reporting', 'userManagement(users,departments,auditTrail)',
];

describe('visibleMenu: the customer sidebar', () => {
  it('shows a super admin every entry, whatever the features and rights', () => {
    expect(outline(visibleMenu(CUSTOMER_MENU, superAdmin))).toEqual(everything);
    expect(outline(visibleMenu(CUSTOMER_MENU, { ...superAdmin, chosenCustomer: true }, PAGES))).toEqual(everything);
  });

  it('leaves out the order templates for a super admin who chose no company: their calls need one (flows §5)', () => {
    expect(outline(visibleMenu(CUSTOMER_MENU, superAdmin, PAGES))).toContain('order(orderViaMarketplace,orderViaOrderForm,orderRequest)');
  });

  it('shows a customer admin with every feature every entry', () => {
    expect(outline(visibleMenu(CUSTOMER_MENU, customer(permissionsForRoles(['admin']))))).toEqual(everything);
  });

  it('shows a customer without rights only what needs none', () => {
    expect(outline(visibleMenu(CUSTOMER_MENU, customer([])))).toEqual(['dashboard', 'order(orderViaMarketplace)', 'orders', 'ordersToApprove', 'budgets', 'warehouseManagement(assetManagement)']);
  });

  it('hides the asset-management link when the tenant has no address for it', () => {
    const admin = permissionsForRoles(['admin']);
    expect(outline(visibleMenu(CUSTOMER_MENU, customer(admin, ALL_FEATURES, { links: { assetManagementUrl: null } }))))
      .toContain('warehouseManagement(warehouses,stock)');
    expect(outline(visibleMenu(CUSTOMER_MENU, { ...superAdmin, links: {} }))).toContain('warehouseManagement(warehouses,stock)');
  });

  it('hides each entry whose feature is off (core §6)', () => {
    const admin = permissionsForRoles(['admin']);
    const cases: [string, string[]][] = [
      ['orderForm', ['orderViaOrderForm']], ['orderRequest', ['orderRequest']], ['orderTemplates', ['orderTemplates']],
      ['deliveries', ['deliveries']], ['invoices', ['invoices']],
      ['contracts', ['contracts', 'contractsCreate', 'contractsOverview', 'contractsConfigure']], ['clicx', ['assetManagement']],
      ['easyStock', ['warehouseManagement', 'warehouses', 'stock', 'assetManagement']],
    ];
    const keys = (items: readonly NavMenuItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);
    const all = keys(visibleMenu(CUSTOMER_MENU, customer(admin)));
    for (const [feature, hidden] of cases) {
      const shown = keys(visibleMenu(CUSTOMER_MENU, customer(admin, ALL_FEATURES.filter((f) => f !== feature))));
      expect(shown, feature).toEqual(all.filter((k) => !hidden.includes(k)));
    }
  });

  it('gates each entry on its READ/CREATE pair', () => {
    const only = (permissions: string[]) => outline(visibleMenu(CUSTOMER_MENU, customer(permissions)));
    expect(only(['orders:R'])).toContain('order(orderViaMarketplace,orderViaOrderForm,orderTemplates)');
    expect(only(['orders:C'])).toContain('order(orderViaMarketplace,orderRequest)');
    expect(only(['deliveries:R'])).toContain('deliveries');
    expect(only(['invoices:R'])).toContain('invoices');
    expect(only(['suppliers:R'])).toContain('suppliers');
    expect(only(['product-management:R'])).toContain('productManagement');
    expect(only(['reports:R'])).toContain('reporting');
    expect(only(['users:R'])).toContain('userManagement(users,departments,auditTrail)');
    expect(only(['orders:RC'])).not.toContain('userManagement(users,departments,auditTrail)');
    expect(only(['warehouses:R'])).toContain('warehouseManagement(warehouses,stock,assetManagement)');
    // core §6: create and configure need read on contract configuration; create also CREATE on contracts
    expect(only(['contracts:R'])).toContain('contracts(contractsOverview,contractsConfigure)');
    expect(only(['contracts:RC'])).toContain('contracts(contractsCreate,contractsOverview,contractsConfigure)');
    expect(only(['contracts:C'])).not.toContain('contracts(contractsCreate)');
    expect(only(['deliveries:W'])).not.toContain('deliveries');
  });

  it('drops a group whose entries are all hidden', () => {
    expect(outline(visibleMenu(CUSTOMER_MENU, customer([], ['contracts'])))).not.toContainEqual(expect.stringMatching(/^contracts/));
  });

  it('with the page table, also hides entries whose page would be refused', () => {
    const noCompany = customer(permissionsForRoles(['user']), ALL_FEATURES, { customerId: null, hasCustomerAccess: true });
    expect(outline(visibleMenu(CUSTOMER_MENU, noCompany))).toContain('dashboard');
    expect(outline(visibleMenu(CUSTOMER_MENU, noCompany, PAGES))).not.toContain('dashboard');
  });

  it('shows signed-out visitors nothing of the sidebar', () => {
    expect(visibleMenu(CUSTOMER_MENU, null)).toEqual([]);
  });
});

describe('visibleMenu: the user menu and the admin extras', () => {
  it("offers a supplier's user their supplier orders, and nobody else", () => {
    const user = permissionsForRoles(['user']);
    expect(outline(visibleMenu(CUSTOMER_MENU, customer(user, ALL_FEATURES, { supplierCount: 1 })))).toContain('supplierOrders');
    expect(outline(visibleMenu(CUSTOMER_MENU, customer(user)))).not.toContain('supplierOrders');
    expect(outline(visibleMenu(CUSTOMER_MENU, customer(permissionsForRoles(['admin']))))).not.toContain('supplierOrders');
  });

  it('offers switching company only with more than one active access', () => {
    const one = customer(permissionsForRoles(['user']));
    expect(outline(visibleMenu(USER_MENU, one))).toEqual(['userSettings', 'logout']);
    expect(outline(visibleMenu(USER_MENU, { ...one, activeAccessCount: 2 }))).toEqual(['switchCustomer', 'userSettings', 'logout']);
  });

  it('offers Users only with CREATE on users (core §6)', () => {
    expect(outline(visibleMenu(USER_MENU, customer(['users:R'])))).not.toContain('manageUsers');
    expect(outline(visibleMenu(USER_MENU, customer(['users:RC'])))).toContain('manageUsers');
  });

  it('offers signing in when signed out, and signing out otherwise', () => {
    expect(outline(visibleMenu(USER_MENU, null))).toEqual(['login']);
    expect(outline(visibleMenu(USER_MENU, superAdmin))).toEqual(['userSettings', 'manageUsers', 'logout']);
  });

  it('shows the extra-privilege admin entries only with extra privileges', () => {
    // Reporting has no extraPrivileges condition: every platform admin's (src/app/shell/extra-privileges.ts).
    expect(outline(visibleMenu(ADMIN_EXTRA_MENU, platformAdmin()))).toEqual(['adminReporting']);
    expect(outline(visibleMenu(ADMIN_EXTRA_MENU, platformAdmin({ extraPrivileges: true })))).toEqual([
      'adminCustomers', 'adminUsers', 'adminAuditTrail', 'adminCron', 'adminReporting',
    ]);
    // Supplier orders and invoices are their resources' own admin entries (ADMIN_MENU), which the admin
    // menu shows only when their page's extraPrivileges guard lets the user open /ycAdmin/supplier-orders, /ycAdmin/invoices.
    expect(visibleMenu(ADMIN_EXTRA_MENU, superAdmin, PAGES)).toHaveLength(5);
    expect(visibleMenu(ADMIN_EXTRA_MENU, customer(permissionsForRoles(['admin']), ALL_FEATURES, { extraPrivileges: true }), PAGES)).toEqual([]);
  });
});
