import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ActionDef, ResourceDef } from '../../../model';
import type { Owner } from '../crud/scope';
import { articleMailRequestActions } from './article-mail-requests';
import { catalogRuleActions } from './catalog-rules';
import { customerAccessActions } from './customer-accesses';
import { customerAddressActions } from './customer-addresses';
import { loyaltyActions } from './loyalty-transactions';
import { orderActions } from './orders';
import { platformSettingsActions } from './platform-settings';
import { productCategoryActions } from './product-categories';
import { supplierArticleActions } from './supplier-articles';
import { supplierActions } from './suppliers';
import { transporterActions } from './transporters';
import { userActions } from './users';
import type { DB } from '../../../generated/db/database.gen';

/** What a custom action's handler gets: the route is registered from the model, only this is hand-written. */
export interface ActionContext {
  db: Kysely<DB>;
  resource: ResourceDef;
  action: ActionDef;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The rows the caller may work on (tenant, acting customer, side). */
  owner: Owner;
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;

/** Handlers by resource name and action name (the keys of the resource's `actions` in the model). */
export const ACTION_HANDLERS: Readonly<Record<string, Readonly<Record<string, ActionHandler>>>> = {
  suppliers: supplierActions,
  users: userActions,
  'platform-settings': platformSettingsActions,
  'product-categories': productCategoryActions,
  'supplier-articles': supplierArticleActions,
  'catalog-rules': catalogRuleActions,
  'article-mail-requests': articleMailRequestActions,
  transporters: transporterActions,
  orders: orderActions,
  'customer-addresses': customerAddressActions,
  'loyalty-transactions': loyaltyActions,
  'customer-accesses': customerAccessActions,
};
