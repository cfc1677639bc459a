import { randomBytes } from 'node:crypto';
import { resourceByName } from '../../model';
import { insertColumns } from '../../src/server/db/records';
import { ALL_PERMISSIONS, permissionsForRoles } from '../../src/shared/access';
import type { CallOptions, TestApp } from './helpers/test-app';

/**
 * A small catalogue in a tenant of its own (so the demo data, whatever its size, never changes
 * what these tests count): two customers, their users, suppliers, a three-level category tree,
 * two marketplaces and articles created per test.
 */
export interface CatalogueWorld {
  host: string;
  tenantId: string;
  customerA: string;
  customerB: string;
  users: { buyer: string; manager: string; other: string; admin: string; superAdmin: string; noAccess: string };
  suppliers: { platform: string; platform2: string; ownA: string; ownB: string };
  marketplaces: { office: string; tech: string };
  /** Kantoor > Papier > A4, Kantoor > Pennen, Techniek */
  categories: { kantoor: string; papier: string; a4: string; pennen: string; techniek: string };
  as(user: keyof CatalogueWorld['users'], customerId?: string | null): CallOptions;
  article(values: Record<string, unknown>): Promise<string>;
}

const articles = resourceByName('supplier-articles');
let sequence = 0;

export async function createCatalogueWorld(t: TestApp): Promise<CatalogueWorld> {
  const db = t.db;
  const host = `cat${randomBytes(4).toString('hex')}.localhost`;
  const { id: tenantId } = await db.insertInto('tenants')
    .values({ hostname: host, name: 'Catalogus', environment: 'development', idpClientId: `shop-${host}`, currency: 'EUR' })
    .returning('id').executeTakeFirstOrThrow();
  const customer = async (name: string) => (await db.insertInto('customers').values({ tenantId, name, features: JSON.stringify([]) }).returning('id').executeTakeFirstOrThrow()).id;
  const customerA = await customer('Klant A');
  const customerB = await customer('Klant B');
  await db.updateTable('tenants').set({ defaultContractsCustomerId: customerA }).where('id', '=', tenantId).execute();

  const user = async (email: string, userType: number, access?: { customerId: string; roles: string[] }) => {
    const { id } = await db.insertInto('users').values({
      tenantId, email, firstname: email.split('@')[0], lastname: 'Test', displayname: email, userType, active: true,
      platformPermissions: JSON.stringify(userType === 2 ? ALL_PERMISSIONS : []), supplierIds: JSON.stringify([]),
    }).returning('id').executeTakeFirstOrThrow();
    if (access) {
      await db.insertInto('customerAccesses').values({
        tenantId, userId: id, customerId: access.customerId, active: true, roles: JSON.stringify(access.roles),
        permissions: JSON.stringify(permissionsForRoles(access.roles)), departmentIds: JSON.stringify([]),
      }).execute();
    }
    return id;
  };
  const users = {
    buyer: await user('buyer@cat.test', 3, { customerId: customerA, roles: ['user'] }),
    manager: await user('manager@cat.test', 3, { customerId: customerA, roles: ['admin'] }),
    other: await user('other@cat.test', 3, { customerId: customerB, roles: ['admin'] }),
    admin: await user('admin@cat.test', 2),
    superAdmin: await user('super@cat.test', 1),
    noAccess: await user('nobody@cat.test', 3),
  };
  const emails: Record<keyof typeof users, string> = {
    buyer: 'buyer@cat.test', manager: 'manager@cat.test', other: 'other@cat.test', admin: 'admin@cat.test', superAdmin: 'super@cat.test', noAccess: 'nobody@cat.test',
  };

  const supplier = async (name: string, customerId: string | null) =>
    (await db.insertInto('suppliers').values({ tenantId, customerId, name, active: true }).returning('id').executeTakeFirstOrThrow()).id;
  const suppliers = {
    platform: await supplier('Office Depot', null), platform2: await supplier('Lyreco', null),
    ownA: await supplier('Eigen A', customerA), ownB: await supplier('Eigen B', customerB),
  };
  const marketplace = async (name: string, sequenceNumber: number) =>
    (await db.insertInto('marketplaces').values({ tenantId, name, sequenceNumber, active: true }).returning('id').executeTakeFirstOrThrow()).id;
  const marketplaces = { office: await marketplace('Kantoor', 1), tech: await marketplace('Techniek', 2) };

  const category = async (nl: string, en: string, fr: string, parentId: string | null, sequenceNumber: number, popular = false) =>
    (await db.insertInto('productCategories').values({ tenantId, name: JSON.stringify({ nl, en, fr }), parentId, sequenceNumber, popular })
      .returning('id').executeTakeFirstOrThrow()).id;
  const kantoor = await category('Kantoor', 'Office', 'Bureau', null, 1);
  const papier = await category('Papier', 'Paper', 'Papier', kantoor, 1, true);
  const a4 = await category('A4', 'A4', 'A4', papier, 1);
  const pennen = await category('Pennen', 'Pens', 'Stylos', kantoor, 2, true);
  const techniek = await category('Techniek', 'Technology', 'Technique', null, 2, true);

  return {
    host, tenantId, customerA, customerB, users, suppliers, marketplaces,
    categories: { kantoor, papier, a4, pennen, techniek },
    as: (who, customerId) => {
      const fallback = who === 'other' ? customerB : who === 'buyer' || who === 'manager' ? customerA : undefined;
      const chosen = customerId === null ? undefined : customerId ?? fallback;
      return { as: emails[who], host, ...(chosen ? { customerId: chosen } : {}) };
    },
    async article(values) {
      sequence += 1;
      const row = {
        articleNumberSupplier: `ART-${sequence}`, supplierId: suppliers.platform, title: { nl: `Artikel ${sequence}` }, price: '1.00', ...values,
      };
      const { customerId = null, ...fields } = row as Record<string, unknown> & { customerId?: string | null };
      const { id } = await db.insertInto('supplierArticles').values({ ...insertColumns('supplierArticles', articles, fields), tenantId, customerId })
        .returning('id').executeTakeFirstOrThrow();
      return id;
    },
  };
}

/** Stores catalogue rules for a user (replacing any). */
export async function setRules(t: TestApp, w: CatalogueWorld, userId: string, rules: Record<string, string[]>) {
  await t.db.deleteFrom('catalogRules').where('tenantId', '=', w.tenantId).where('userId', '=', userId).execute();
  const values = Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, JSON.stringify(v)]));
  await t.db.insertInto('catalogRules').values({ tenantId: w.tenantId, userId, ...values }).execute();
}

/** An order of a customer with lines [articleId, amount], dated `date`. */
export async function order(t: TestApp, w: CatalogueWorld, customerId: string, date: string, lines: [string, number][]) {
  const { id } = await t.db.insertInto('orders').values({ tenantId: w.tenantId, customerId, orderDate: date, status: 'approved' })
    .returning('id').executeTakeFirstOrThrow();
  for (const [i, [articleId, amount]] of lines.entries()) {
    await t.db.insertInto('orderLines').values({ tenantId: w.tenantId, customerId, orderId: id, lineNumber: i + 1, supplierArticleId: articleId, amount }).execute();
  }
  return id;
}
