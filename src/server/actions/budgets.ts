import { sql } from 'kysely';
import { ApiError, invalid } from '../errors';
import { fromCents, toCents } from '../../shared/money';
import { authOf } from '../request-context';
import { todayInShopZone } from '../../shared/shop-clock';
import { actingOf, assertSelf, type Acting } from '../ordering/acting';
import { budgetContracts } from '../../shared/contracts/budgets';
import {
  BUDGET_COLUMNS, budgetRow, budgetRowOf, budgetsFor, budgetsQuery, budgetView, managesBudgets, periodOf, spentCents, usableBudget,
} from '../ordering/budgets';
import { implement, type ActionHandler } from './define';
import type { DB } from '../../../generated/db/database.gen';
import type { Kysely } from 'kysely';

/**
 * The budget calls (core §7 Budgets and loyalty: GET /v2/budgets; flows §7: /budget-setting/…).
 * The resource is behind the budgets feature and its writes need the users area's letters
 * (customer admins): the access layer refuses others before these run.
 */

type Handler<K extends keyof typeof budgetContracts> = ActionHandler<(typeof budgetContracts)[K]>;
type Who = ReturnType<typeof authOf>;

/** The budgets a caller reads: every one for a manager (the inactive ones too, to manage them); otherwise those they may charge. */
const visible = (db: Kysely<DB>, acting: Acting, who: Who) => budgetsFor(db, acting, who, { activeOnly: !managesBudgets(who) });

/** The view of one budget by id, with its holder's name. */
async function viewOf(db: Kysely<DB>, acting: Acting, id: string) {
  const row = await budgetsQuery(db, acting).select([...BUDGET_COLUMNS]).where('b.id', '=', id).executeTakeFirstOrThrow();
  return budgetView(db, acting, budgetRowOf(row));
}

/** GET /v2/budgets?page&pageSize=10&customerId&filter&usable: a page of the budgets the caller reads (usable=true: may charge now), by name. */
const list: Handler<'list'> = async ({ db, request, owner, query: q }) => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: q.customerId });
  const who = authOf(request);
  let base = q.usable === 'true' ? budgetsFor(db, acting, who, { activeOnly: true }) : visible(db, acting, who);
  const text = q.filter?.trim();
  if (text) base = base.where(sql<boolean>`b.name ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const [{ total }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
  const rows = await base.select([...BUDGET_COLUMNS]).orderBy(sql`lower(b.name)`).orderBy('b.id')
    .limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
  const items = await Promise.all(rows.map((r) => budgetView(db, acting, budgetRowOf(r))));
  return { items, page: q.page, pageSize: q.pageSize, total: Number(total) };
};

/** POST /budget-setting/getByCustomerAccessId {customerAccessId}: one access's budgets; a user reads only their own. */
const getByCustomerAccessId: Handler<'getByCustomerAccessId'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  if (!managesBudgets(who) && body.customerAccessId.toLowerCase() !== who.access?.id?.toLowerCase()) throw new ApiError('forbiddenAccess');
  const rows = await visible(db, acting, who).select([...BUDGET_COLUMNS]).where('b.customerAccessId', '=', body.customerAccessId).orderBy(sql`lower(b.name)`).execute();
  return { result: await Promise.all(rows.map((r) => budgetView(db, acting, budgetRowOf(r)))) };
};

/** POST /budget-setting/getByCustomerId {customerId}: the company's budgets (of no single access). */
const getByCustomerId: Handler<'getByCustomerId'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  assertSelf(acting, { customerId: body?.customerId });
  const rows = await visible(db, acting, authOf(request)).select([...BUDGET_COLUMNS]).where('b.customerAccessId', 'is', null).orderBy(sql`lower(b.name)`).execute();
  return { result: await Promise.all(rows.map((r) => budgetView(db, acting, budgetRowOf(r)))) };
};

/** POST /budget-setting/current-budget {budgetId, date?}: the period holding today (or `date`). */
const currentBudget: Handler<'currentBudget'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const b = await usableBudget(db, acting, authOf(request), body.budgetId);
  return { result: await budgetView(db, acting, b, body.date ?? todayInShopZone()) };
};

/** A budget holder must be an access of the acting customer. */
async function assertHolder(db: Kysely<DB>, acting: Acting, customerAccessId: string | null | undefined): Promise<void> {
  if (!customerAccessId) return;
  const found = await db.selectFrom('customerAccesses').select('id').where('id', '=', customerAccessId)
    .where('tenantId', '=', acting.tenantId).where('customerId', '=', acting.customerId).executeTakeFirst();
  if (!found) throw invalid('dto.customerAccessId', 'choice');
}

/** POST /budget-setting/create {dto}: a new budget, answered with its current period. */
const create: Handler<'create'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const { dto } = body;
  await assertHolder(db, acting, dto.customerAccessId);
  const row = await db.insertInto('budgets').values({
    tenantId: acting.tenantId, customerId: acting.customerId, name: dto.name.trim(), period: dto.period, amount: dto.amount,
    customerAccessId: dto.customerAccessId || null, active: dto.active !== false,
  }).returning('id').executeTakeFirstOrThrow();
  return { result: await viewOf(db, acting, String(row.id)) };
};

/**
 * POST /budget-setting/update {dto: {id, …}}: changes the setting; a `spent` books the difference
 * to the current period's spent as a correction (BudgetSpentBelow0 below 0), on the locked budget.
 */
const update: Handler<'update'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  const who = authOf(request);
  const { dto } = body;
  if ('customerAccessId' in dto) await assertHolder(db, acting, dto.customerAccessId);
  await db.transaction().execute(async (trx) => {
    const b = await budgetRow(trx, acting, dto.id, { lock: true });
    const changes: Record<string, unknown> = {};
    if (dto.name !== undefined) changes.name = dto.name.trim();
    if (dto.period !== undefined) changes.period = dto.period;
    if (dto.amount !== undefined) changes.amount = dto.amount;
    if ('customerAccessId' in dto) changes.customerAccessId = dto.customerAccessId || null;
    if (dto.active != null) changes.active = dto.active;
    if (Object.keys(changes).length) {
      await trx.updateTable('budgets').set({ ...changes, updatedAt: sql`now()` }).where('id', '=', b.id).where('tenantId', '=', acting.tenantId).execute();
    }
    if (dto.spent != null) {
      const target = toCents(dto.spent);
      if (target < 0n) throw new ApiError('BudgetSpentBelow0');
      const { start } = periodOf(dto.period ?? b.period, todayInShopZone());
      const diff = target - (await spentCents(trx, acting, b.id, start));
      if (diff !== 0n) {
        await trx.insertInto('budgetEntries').values({
          tenantId: acting.tenantId, customerId: acting.customerId, budgetId: b.id, periodStart: start, amount: fromCents(diff), kind: 'correction', userId: who.user.id,
        }).execute();
      }
    }
  });
  return { result: await viewOf(db, acting, dto.id) };
};

/** POST /budget-setting/harddelete {id}: removes a budget no order line uses, with its ledger (BudgetInUse otherwise). */
const hardDelete: Handler<'hardDelete'> = async ({ db, request, owner, body }) => {
  const acting = await actingOf(db, request, owner);
  await db.transaction().execute(async (trx) => {
    const b = await budgetRow(trx, acting, body.id, { lock: true });
    const used = await trx.selectFrom('orderLines').select('id').where('budgetId', '=', b.id).where('tenantId', '=', acting.tenantId).limit(1).executeTakeFirst();
    if (used) throw new ApiError('BudgetInUse');
    await trx.deleteFrom('budgetEntries').where('budgetId', '=', b.id).where('tenantId', '=', acting.tenantId).execute();
    await trx.deleteFrom('budgets').where('id', '=', b.id).where('tenantId', '=', acting.tenantId).execute();
  });
  return { result: true as const };
};

export const budgetActions = implement(budgetContracts, { list, getByCustomerAccessId, getByCustomerId, currentBudget, create, update, hardDelete });
