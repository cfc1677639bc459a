import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ActionDef, ResourceDef } from '../../../model';
import type { ActionTypes } from '../../../generated/types/index.gen';
import type { Owner } from '../crud/scope';
import { articleMailRequestActions } from './article-mail-requests';
import { budgetActions } from './budgets';
import { contractActions, contractCategoryActions, contractLayoutActions } from './contracts';
import { catalogRuleActions } from './catalog-rules';
import { customerAccessActions } from './customer-accesses';
import { customerAddressActions } from './customer-addresses';
import { customerDepartmentActions } from './customer-departments';
import { customerActions } from './customers';
import { customerRegistrationActions } from './customer-registrations';
import { deliveryActions } from './deliveries';
import { exportRequestActions } from './export-requests';
import { invoiceActions } from './invoices';
import { loyaltyActions, loyaltySchemas } from './loyalty-transactions';
import { mailOutboxActions } from './mail-outbox';
import { orderActions, orderSchemas } from './orders';
import { orderCommentActions } from './order-comments';
import { orderRatingActions } from './order-ratings';
import { orderReminderActions, orderReminderSchemas } from './order-reminders';
import { orderTemplateActions } from './order-templates';
import { platformSettingsActions } from './platform-settings';
import { productCategoryActions } from './product-categories';
import { supplierArticleActions } from './supplier-articles';
import { supplierActions } from './suppliers';
import { supplierOrderActions } from './supplier-orders';
import { transporterActions, transporterSchemas } from './transporters';
import { userActions } from './users';
import { stockMovementActions, stockMovementSchemas, warehouseInstanceActions, warehouseInstanceSchemas } from './warehouse-stock';
import type { Implementation } from './define';
import type { DB } from '../../../generated/db/database.gen';

/**
 * What a custom action's handler gets: the route is registered from the model, only this is
 * hand-written. `body`, `query` and `params` were validated by the route's schemas (model's action).
 */
export interface ActionContext<Body = unknown, Query = unknown> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  db: Kysely<DB>;
  resource: ResourceDef;
  action: ActionDef;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The rows the caller may work on (tenant, acting customer, side). */
  owner: Owner;
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;

type Typed<R extends keyof ActionTypes> = {
  [A in keyof ActionTypes[R]]: ActionTypes[R][A] extends { body: infer B; query: infer Q; response: infer O }
    ? (ctx: ActionContext<B, Q>) => Promise<O>
    : never;
};

/**
 * The handlers of one resource's actions, typed from the generated action types (generated/types):
 * each receives its validated body and query and must answer what the model's `response` declares.
 */
export function defineActions<R extends keyof ActionTypes>(_resource: R, handlers: Typed<R>): Readonly<Record<string, ActionHandler>> {
  return handlers as unknown as Readonly<Record<string, ActionHandler>>;
}

/** Handlers whose input is validated by schemas beside them (ACTION_SCHEMAS), each typed by its own. */
export function actionsOf(handlers: Readonly<Record<string, (ctx: ActionContext<never, never>) => Promise<unknown>>>): Readonly<Record<string, ActionHandler>> {
  return handlers as unknown as Readonly<Record<string, ActionHandler>>;
}

/**
 * The request schemas of an action whose body or query the model does not declare field by field
 * (nested contract shapes such as a basket): declared beside its handler, validated on the route
 * like the model's, and shown in the OpenAPI document.
 */
export interface ActionSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** Path parameters beside the model's (their types: an index is a number). */
  params?: z.ZodType;
  /** What a 200 answers: serialized through it, so a key it does not list never leaves the server. */
  response?: z.ZodType;
  /**
   * A write of the resource's fields under this key of the body (`'dto'`): a key that is no field is
   * refused (400 unknownField, as the model's create and update routes do) before the schema strips it.
   */
  fieldsIn?: string;
}

/** Request and answer schemas declared in code, by resource and action name (the others come from the model). */
export const ACTION_SCHEMAS: Readonly<Record<string, Readonly<Record<string, ActionSchemas>>>> = {
  orders: orderSchemas,
  transporters: transporterSchemas,
  'loyalty-transactions': loyaltySchemas,
  'order-reminders': orderReminderSchemas,
  'warehouse-instances': warehouseInstanceSchemas,
  'stock-movements': stockMovementSchemas,
};

/** Handlers by resource name and action name (the keys of the resource's `actions` in the model). */
export const ACTION_HANDLERS: Readonly<Record<string, Readonly<Record<string, ActionHandler>>>> = {
  transporters: transporterActions,
  orders: orderActions,
  'loyalty-transactions': loyaltyActions,
  'order-reminders': orderReminderActions,
  'warehouse-instances': warehouseInstanceActions,
  'stock-movements': stockMovementActions,
};

/** The handlers of every contract in src/shared/contracts (CONTRACTS), bound by implement(). */
export const IMPLEMENTATIONS: readonly Implementation[] = [
  orderRatingActions,
  budgetActions,
  deliveryActions,
  invoiceActions,
  supplierOrderActions,
  platformSettingsActions,
  exportRequestActions,
  customerDepartmentActions,
  contractActions,
  contractLayoutActions,
  contractCategoryActions,
  customerRegistrationActions,
  customerActions,
  userActions,
  customerAccessActions,
  productCategoryActions,
  supplierArticleActions,
  catalogRuleActions,
  articleMailRequestActions,
  supplierActions,
  customerAddressActions,
  mailOutboxActions,
  orderCommentActions,
  orderTemplateActions,
];
