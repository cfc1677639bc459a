import { resourceByName, type ContractFieldLayout } from '../../../model';
import { contractCategoryContracts, contractContracts, contractLayoutContracts } from '../../shared/contracts/contracts';
import { authOf } from '../request-context';
import { readable, requireCustomer } from '../crud/scope';
import { contractDetail, createContract, listContracts, readLayout, saveLayout, updateContract } from '../contracts/contracts';
import { implement } from './define';

/** The contract, layout and category calls (src/shared/contracts/contracts.ts): the work is in src/server/contracts. */

export const contractActions = implement(contractContracts, {
  list: async ({ db, owner, query }) => {
    const { customerId: _c, ...q } = query;
    return listContracts(db, owner, q);
  },
  byId: async ({ db, owner, params }) => contractDetail(db, owner, params.id),
  create: async ({ db, owner, body, request }) => createContract(db, request.server.blobs, owner, authOf(request).user.id, body),
  update: async ({ db, owner, body, request, params }) => updateContract(db, request.server.blobs, owner, params.id, body),
});

/** The layout as answered (the model's layout keeps its options read-only). */
const answered = (fields: readonly ContractFieldLayout[]) => ({ fields: fields.map((f) => ({ ...f, options: f.options && [...f.options] })) });

export const contractLayoutActions = implement(contractLayoutContracts, {
  get: async ({ db, owner }) => answered(await readLayout(db, owner.tenantId, requireCustomer(owner))),
  save: async ({ db, owner, body }) => answered(await saveLayout(db, owner.tenantId, requireCustomer(owner), body.fields)),
});

export const contractCategoryActions = implement(contractCategoryContracts, {
  list: async ({ db, owner }) => {
    const rows = await readable(db.selectFrom('contractCategories').select(['id', 'name']), resourceByName('contract-categories'), owner)
      .orderBy('name').orderBy('id').limit(500).execute();
    return rows.map((r) => ({ id: r.id, name: r.name }));
  },
});
