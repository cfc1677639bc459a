import type { Kysely } from 'kysely';
import { CONSTANTS, type ContractFieldLayout } from '../../../model';
import { addDays, todayInShopZone } from '../../shared/shop-clock';
import { settledStatus } from '../contracts/contract-dates';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Demo data: every demo company with the `contracts` feature starts with a layout (a risk select in
 * Extra, a budgets field, the extension and the cancellation date, a signed-contract attachment
 * field that is not required, since the seed writes no files), two categories and four contracts
 * whose dates show every status: one running, one about to expire, one expired and a draft; all
 * in the tenant's default language (an English tenant's layout reads "Signed contract").
 */
type Language = 'nl' | 'en' | 'fr';

/** The demo's words in each tenant's default language: a layout's field names are the company's own texts, shown as written. */
const WORDS: Record<Language, {
  signed: string; extension: string; cancellation: string; budget: string; reaction: string; risk: string; risks: [string, string, string];
  categories: [string, string]; titles: [string, string, string, string]; yearly: string; mailbox: string;
}> = {
  nl: { signed: 'Getekend contract', extension: 'Verlenging', cancellation: 'Uiterste opzegdatum', budget: 'Budget', reaction: 'Reactietijd (uur)', risk: 'Risico',
    risks: ['Laag', 'Middel', 'Hoog'], categories: ['Onderhoud', 'Schoonmaak'], titles: ['Onderhoud liften', 'Schoonmaak kantoren', 'Koffieautomaten', 'Groenonderhoud'], yearly: 'Jaarbedrag', mailbox: 'contracten' },
  en: { signed: 'Signed contract', extension: 'Extension', cancellation: 'Latest cancellation date', budget: 'Budget', reaction: 'Response time (hours)', risk: 'Risk',
    risks: ['Low', 'Medium', 'High'], categories: ['Maintenance', 'Cleaning'], titles: ['Lift maintenance', 'Office cleaning', 'Coffee machines', 'Grounds maintenance'], yearly: 'Yearly amount', mailbox: 'contracts' },
  fr: { signed: 'Contrat signé', extension: 'Prolongation', cancellation: 'Date limite de résiliation', budget: 'Budget', reaction: "Délai d'intervention (heures)", risk: 'Risque',
    risks: ['Faible', 'Moyen', 'Élevé'], categories: ['Entretien', 'Nettoyage'], titles: ['Entretien des ascenseurs', 'Nettoyage des bureaux', 'Machines à café', 'Entretien des espaces verts'], yearly: 'Montant annuel', mailbox: 'contrats' },
};

const layoutIn = (w: (typeof WORDS)[Language]): ContractFieldLayout[] => [
  { group: 'General', type: 'attachments', name: w.signed, required: false, options: [] },
  { group: 'General', type: 'extension', name: w.extension, required: false, options: [] },
  { group: 'General', type: 'cancellationDate', name: w.cancellation, required: false, options: [] },
  { group: 'Financial', type: 'budgets', name: w.budget, required: false, options: [] },
  { group: 'SLA', type: 'number', name: w.reaction, required: false, options: [] },
  { group: 'Extra', type: 'select', name: w.risk, required: false, options: [...w.risks] },
];

export async function seedDemoContracts(db: Kysely<DB>): Promise<void> {
  const today = todayInShopZone();
  const customers = await db.selectFrom('customers').innerJoin('tenants', 'tenants.id', 'customers.tenantId')
    .select(['customers.id', 'customers.tenantId', 'customers.features', 'customers.domain', 'tenants.defaultLanguage']).orderBy('customers.name').execute();
  for (const c of customers) {
    const w = WORDS[(String(c.defaultLanguage ?? 'NL').toLowerCase() as Language)] ?? WORDS.nl;
    const features = (typeof c.features === 'string' ? JSON.parse(c.features) : c.features ?? []) as string[];
    if (!features.includes('contracts')) continue;
    const owner = { tenantId: c.tenantId, customerId: c.id };
    const supplier = await db.selectFrom('suppliers').select('id').where('tenantId', '=', c.tenantId).where('customerId', 'is', null).orderBy('name').executeTakeFirst();
    if (!supplier) continue;
    await db.insertInto('contractLayouts').values({ ...owner, fields: JSON.stringify(layoutIn(w)) }).execute();
    const [maintenance, cleaning] = await db.insertInto('contractCategories').values([{ ...owner, name: w.categories[0] }, { ...owner, name: w.categories[1] }]).returning('id').execute();
    const plans = [
      { n: 1, title: w.titles[0], status: 'ACTIVE', category: maintenance!.id, start: -200, end: 530, cancel: 440, risk: w.risks[1], amount: '18000.00' },
      { n: 2, title: w.titles[1], status: 'ACTIVE', category: cleaning!.id, start: -340, end: 25, cancel: 12, risk: w.risks[2], amount: '42000.00' },
      { n: 3, title: w.titles[2], status: 'ACTIVE', category: maintenance!.id, start: -400, end: -35, cancel: -90, risk: w.risks[0], amount: '3600.00' },
      { n: 4, title: w.titles[3], status: 'DRAFT', category: cleaning!.id, start: 30, end: 395, cancel: 300, risk: w.risks[0], amount: '7500.00' },
    ];
    for (const p of plans) {
      const dates = { startDate: addDays(today, p.start), endDate: addDays(today, p.end), latestCancellationDate: addDays(today, p.cancel) };
      await db.insertInto('contracts').values({
        ...owner, contractNumber: `C-${String(p.n).padStart(3, '0')}`, title: p.title, categoryId: p.category, supplierId: supplier.id, ...dates,
        status: settledStatus({ status: p.status, endDate: dates.endDate, latestCancellationDate: dates.latestCancellationDate, contractExtensions: [] }, today, CONSTANTS.contractAboutToExpireDays),
        contractExtensions: JSON.stringify([]), attachments: JSON.stringify([]), extraUserFields: JSON.stringify([]), extraDepartmentFields: JSON.stringify([]),
        budgets: JSON.stringify([{ fieldName: w.budget, items: [{ description: w.yearly, amount: p.amount, budgetId: null }] }]),
        extraFields: JSON.stringify([{ name: w.risk, value: p.risk }, { name: w.reaction, value: '24' }]),
        notificationEmails: JSON.stringify([`${w.mailbox}@${c.domain ?? 'example.com'}`]),
      } as never).execute();
    }
  }
}
