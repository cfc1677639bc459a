import type { Kysely } from 'kysely';
import { CONSTANTS, type ContractFieldLayout } from '../../../model';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { settledStatus } from '../contracts/contract-dates';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data: every demo company with the `contracts` feature starts with a layout (a risk select in
 * Extra, a budgets field, the extension and the cancellation date, a signed-contract attachment
 * field that is not required, since the seed writes no files), two categories and four contracts
 * whose dates show every status: one running, one about to expire, one expired and a draft.
 */
const LAYOUT: ContractFieldLayout[] = [
  { group: 'General', type: 'attachments', name: 'Getekend contract', required: false, options: [] },
  { group: 'General', type: 'extension', name: 'Verlenging', required: false, options: [] },
  { group: 'General', type: 'cancellationDate', name: 'Uiterste opzegdatum', required: false, options: [] },
  { group: 'Financial', type: 'budgets', name: 'Budget', required: false, options: [] },
  { group: 'SLA', type: 'number', name: 'Reactietijd (uur)', required: false, options: [] },
  { group: 'Extra', type: 'select', name: 'Risico', required: false, options: ['Laag', 'Middel', 'Hoog'] },
];

export async function seedDemoContracts(db: Kysely<DB>): Promise<void> {
  const today = todayInShopZone();
  const customers = await db.selectFrom('customers').select(['id', 'tenantId', 'features', 'domain']).orderBy('name').execute();
  for (const c of customers) {
    const features = (typeof c.features === 'string' ? JSON.parse(c.features) : c.features ?? []) as string[];
    if (!features.includes('contracts')) continue;
    const owner = { tenantId: c.tenantId, customerId: c.id };
    const supplier = await db.selectFrom('suppliers').select('id').where('tenantId', '=', c.tenantId).where('customerId', 'is', null).orderBy('name').executeTakeFirst();
    if (!supplier) continue;
    await db.insertInto('contractLayouts').values({ ...owner, fields: JSON.stringify(LAYOUT) }).execute();
    const [maintenance, cleaning] = await db.insertInto('contractCategories').values([{ ...owner, name: 'Onderhoud' }, { ...owner, name: 'Schoonmaak' }]).returning('id').execute();
    const plans = [
      { n: 1, title: 'Onderhoud liften', status: 'ACTIVE', category: maintenance!.id, start: -200, end: 530, cancel: 440, risk: 'Middel', amount: '18000.00' },
      { n: 2, title: 'Schoonmaak kantoren', status: 'ACTIVE', category: cleaning!.id, start: -340, end: 25, cancel: 12, risk: 'Hoog', amount: '42000.00' },
      { n: 3, title: 'Koffieautomaten', status: 'ACTIVE', category: maintenance!.id, start: -400, end: -35, cancel: -90, risk: 'Laag', amount: '3600.00' },
      { n: 4, title: 'Groenonderhoud', status: 'DRAFT', category: cleaning!.id, start: 30, end: 395, cancel: 300, risk: 'Laag', amount: '7500.00' },
    ];
    for (const p of plans) {
      const dates = { startDate: addDays(today, p.start), endDate: addDays(today, p.end), latestCancellationDate: addDays(today, p.cancel) };
      await db.insertInto('contracts').values({
        ...owner, contractNumber: `C-${String(p.n).padStart(3, '0')}`, title: p.title, categoryId: p.category, supplierId: supplier.id, ...dates,
        status: settledStatus({ status: p.status, endDate: dates.endDate, latestCancellationDate: dates.latestCancellationDate, contractExtensions: [] }, today, CONSTANTS.contractAboutToExpireDays),
        contractExtensions: JSON.stringify([]), attachments: JSON.stringify([]), extraUserFields: JSON.stringify([]), extraDepartmentFields: JSON.stringify([]),
        budgets: JSON.stringify([{ fieldName: 'Budget', items: [{ description: 'Jaarbedrag', amount: p.amount, budgetId: null }] }]),
        extraFields: JSON.stringify([{ name: 'Risico', value: p.risk }, { name: 'Reactietijd (uur)', value: '24' }]),
        notificationEmails: JSON.stringify([`contracten@${c.domain ?? 'example.com'}`]),
      } as never).execute();
    }
  }
}
