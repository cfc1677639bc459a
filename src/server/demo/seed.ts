import { sql, type Kysely } from 'kysely';
import { unaudited } from '../db/audit-actor';
import { resourceByName } from '../../../model';
import { ALL_PERMISSIONS, permissionsForRoles } from '../../shared/access';
import { seedDemoCatalogues } from './catalogue';
import type { DynamicDb } from '../crud/dynamic-db';
import { toColumns } from '../db/records';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { ensureDemoAccounts } from '../oidc/accounts';
import { seedOrdering } from './ordering';
import { seedDemoOrders } from './orders';
import { seedDemoContracts } from './contracts';
import { DEMO_USERS, TENANT_SEEDS, type TenantSeed } from './seed-data';
import type { DB } from '../../../generated/db/database.gen';


// Rows of one transaction share now(); distinct creation times keep "the first access" and other
// oldest-first orders deterministic.
let clock = Date.now();
const nextStamp = () => new Date(clock++);

/** Inserts one row of a model resource (JSON fields as JSON text) and returns its id. */
async function insert(db: DynamicDb, resource: string, owner: Record<string, unknown>, values: Record<string, unknown>): Promise<string> {
  const r = resourceByName(resource);
  const stamp = nextStamp();
  const row = await db.insertInto(r.table).values({ ...toColumns(r, values), ...owner, createdAt: stamp, updatedAt: stamp })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}


async function seedTenant(db: Kysely<DB>, seed: TenantSeed): Promise<void> {
  const today = todayInShopZone();
  const year = today.slice(0, 4);
  const tenantId = await insert(db, 'tenants', {}, {
    hostname: seed.hostname, name: seed.name, environment: seed.environment, theme: seed.theme,
    supportedLanguages: seed.supportedLanguages, defaultLanguage: seed.defaultLanguage, currency: 'EUR',
    idpClientId: `shop-${seed.hostname}`, supplierOrderPrefix: seed.supplierOrderPrefix, assetManagementUrl: seed.assetManagementUrl ?? null, termsUrl: seed.termsUrl ?? null, extraPrivilegesByDefault: seed.extraPrivilegesByDefault,
  });
  const tenant = { tenantId };

  const partnerIds: string[] = [];
  for (const p of seed.referralPartners) partnerIds.push(await insert(db, 'referral-partners', tenant, { ...p, active: true }));

  const customers: { id: string; departmentIds: string[] }[] = [];
  for (const c of seed.customers) {
    const id = await insert(db, 'customers', tenant, {
      name: c.name, vatNumber: c.vatNumber, domain: c.domain, generalEmail: `info@${c.domain}`, features: c.features,
      address: { street: 'Kerkstraat', houseNumber: String(customers.length + 1), zipCode: '9000', city: c.city, countryCode: 'BE' },
      referalPartnerId: partnerIds[0] ?? null, blocked: false, financeApprovalThreshold: c.financeApprovalThreshold ?? null,
    });
    const departmentIds: string[] = [];
    for (const name of c.departments) departmentIds.push(await insert(db, 'customer-departments', { ...tenant, customerId: id }, { name, costCenter: `CC-${departmentIds.length + 1}` }));
    customers.push({ id, departmentIds });
  }
  await seedOrdering(db, tenantId, customers.map((c, i) => ({ id: c.id, city: seed.customers[i].city, features: seed.customers[i].features })));
  await db.updateTable('tenants').set({ defaultContractsCustomerId: customers[0].id }).where('id', '=', tenantId).execute();

  const [first] = customers;
  const supplierIds: string[] = [];
  for (const s of seed.platformSuppliers) {
    supplierIds.push(await insert(db, 'suppliers', { ...tenant, customerId: null }, {
      name: s.name, vatNumber: s.vatNumber, email: s.email, shippingCost: s.shippingCost ?? null, freeShippingFrom: s.freeShippingFrom ?? null,
      budgetSetting: s.budget ? { startDate: `${year}-01-01`, endDate: `${year}-12-31`, totalBudget: s.budget } : null,
      budgetSpent: '0.00', active: true, address: { street: 'Industrieweg', houseNumber: '1', zipCode: '1000', city: 'Brussel', countryCode: 'BE' },
    }));
  }
  await insert(db, 'suppliers', { ...tenant, customerId: first.id }, { ...seed.ownSupplier, budgetSpent: '0.00', active: true });

  for (const [index, [name, restockSetting]] of seed.warehouses.entries()) {
    await insert(db, 'warehouses', { ...tenant, customerId: first.id }, {
      name, restockSetting, departmentId: restockSetting === 'unassigned' ? null : first.departmentIds[0],
      address: { street: 'Havenlaan', houseNumber: String(10 + index), zipCode: '9000', city: 'Gent', countryCode: 'BE' },
    });
  }

  for (const group of seed.categoryGroups) {
    const groupId = await insert(db, 'article-category-groups', tenant, { name: group.name });
    for (const [name, sequenceNumber] of group.categories) await insert(db, 'article-categories', tenant, { name, groupId, sequenceNumber });
  }

  for (const o of seed.offers) {
    const dates = o.window === 'current' ? { startDate: addDays(today, -7), endDate: addDays(today, 30) }
      : o.window === 'past' ? { startDate: addDays(today, -90), endDate: addDays(today, -30) } : {};
    await insert(db, 'offers', tenant, { description: o.description, title: o.title, sequenceNumber: o.sequenceNumber, isActive: o.isActive, ...dates });
  }

  for (const u of DEMO_USERS) {
    const userId = await insert(db, 'users', tenant, {
      email: u.email, firstname: u.firstname, lastname: u.lastname, displayname: `${u.firstname} ${u.lastname}`,
      userType: u.userType, landingPage: 'dashboard', languageCode: seed.defaultLanguage, active: true,
      platformPermissions: u.userType === 2 ? ALL_PERMISSIONS : [],
      supplierIds: u.email === 'supplier@demo.test' ? [supplierIds[0]] : [], preferences: {},
    });
    for (const customer of customers.slice(0, u.customers)) {
      await insert(db, 'customer-accesses', tenant, {
        userId, customerId: customer.id, active: true, roles: u.roles, permissions: permissionsForRoles(u.roles),
        departmentIds: customer.departmentIds.slice(0, 1),
      });
    }
  }
}

/**
 * Seeds the demo tenants once per database. The guard row is inserted in the same transaction as
 * the data, so two processes starting together cannot both seed. Returns whether it seeded now.
 * `demoOrders: false` leaves out the demo orders and budgets (orders.ts) and the demo
 * contracts (contracts.ts): the server
 * tests start from tenants without orders and place the ones they need.
 */
export async function seed(db: Kysely<DB>, options: { demoOrders?: boolean } = {}): Promise<boolean> {
  // The demo data is nobody's change: it stays out of the audit trail (thousands of rows at every fresh start).
  return unaudited(() => db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('appState').values({ key: 'seed', value: JSON.stringify({ version: 1 }), updatedAt: sql`now()` })
      .onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    if (!claimed) return false;
    clock = Date.now() - 60_000;
    for (const tenant of TENANT_SEEDS) await seedTenant(trx, tenant);
    await ensureDemoAccounts(trx);
    await seedDemoCatalogues(trx);
    if (options.demoOrders !== false) await seedDemoOrders(trx);
    // The demo contracts go with the demo orders: the server tests' template has neither.
    if (options.demoOrders !== false) await seedDemoContracts(trx);
    return true;
  }));
}
