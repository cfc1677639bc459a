import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ActionDef, ResourceDef } from '../../../model';
import type { ActionTypes } from '../../../generated/types/index.gen';
import type { Owner } from '../crud/scope';
import { articleMailRequestActions } from './article-mail-requests';
import { budgetActions, budgetSchemas } from './budgets';
import { contractActions, contractCategoryActions, contractCategorySchemas, contractLayoutActions, contractLayoutSchemas, contractSchemas } from './contracts';
import { catalogRuleActions, catalogRuleSchemas } from './catalog-rules';
import { customerAccessActions, customerAccessSchemas } from './customer-accesses';
import { customerAddressActions, customerAddressSchemas } from './customer-addresses';
import { deliveryActions, deliverySchemas } from './deliveries';
import { exportRequestActions, exportRequestSchemas } from './export-requests';
import { invoiceActions, invoiceSchemas } from './invoices';
import { loyaltyActions } from './loyalty-transactions';
import { mailOutboxActions, mailOutboxSchemas } from './mail-outbox';
import { orderActions } from './orders';
import { orderCommentActions, orderCommentSchemas } from './order-comments';
import { orderRatingActions } from './order-ratings';
import type { Implementation } from './define';
import { orderReminderActions } from './order-reminders';
import { orderTemplateActions, orderTemplateSchemas } from './order-templates';
import { platformSettingsActions } from './platform-settings';
import { productCategoryActions, productCategorySchemas } from './product-categories';
import { supplierArticleActions, supplierArticleSchemas } from './supplier-articles';
import { supplierActions, supplierSchemas } from './suppliers';
import { supplierOrderActions, supplierOrderSchemas } from './supplier-orders';
import { transporterActions } from './transporters';
import { userActions, userSchemas } from './users';
import { departmentActions, departmentSchemas } from '../users/departments';
import { customerActions, customerSchemas } from './customers';
import { customerRegistrationActions, customerRegistrationSchemas } from './customer-registrations';
import { stockMovementActions, warehouseInstanceActions } from './warehouse-stock';
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
  'product-categories': productCategorySchemas,
  'supplier-articles': supplierArticleSchemas,
  'customer-addresses': customerAddressSchemas,
  budgets: budgetSchemas,
  'order-templates': orderTemplateSchemas,
  'customer-accesses': customerAccessSchemas,
  'catalog-rules': catalogRuleSchemas,
  users: userSchemas,
  'order-comments': orderCommentSchemas,
  'supplier-orders': supplierOrderSchemas,
  deliveries: deliverySchemas,
  invoices: invoiceSchemas,
  'mail-outbox': mailOutboxSchemas,
  suppliers: supplierSchemas,
  'export-requests': exportRequestSchemas,
  'customer-departments': departmentSchemas,
  contracts: contractSchemas,
  'contract-layouts': contractLayoutSchemas,
  'contract-categories': contractCategorySchemas,
  customers: customerSchemas,
  'pending-customer-registrations': customerRegistrationSchemas,
};

/** Handlers by resource name and action name (the keys of the resource's `actions` in the model). */
export const ACTION_HANDLERS: Readonly<Record<string, Readonly<Record<string, ActionHandler>>>> = {
  suppliers: supplierActions,
  users: userActions,
  'platform-settings': platformSettingsActions,
  'product-categories': productCategoryActions,
  'supplier-articles': supplierArticleActions,
  'catalog-rules': catalogRuleActions,
  'article-mail-requests': articleMailRequestActions,
  budgets: budgetActions,
  'order-templates': orderTemplateActions,
  'customer-addresses': customerAddressActions,
  'customer-accesses': customerAccessActions,
  'order-comments': orderCommentActions,
  'supplier-orders': supplierOrderActions,
  deliveries: deliveryActions,
  invoices: invoiceActions,
  'mail-outbox': mailOutboxActions,
  'export-requests': exportRequestActions,
  'customer-departments': actionsOf(departmentActions as never),
  contracts: contractActions,
  'contract-layouts': contractLayoutActions,
  'contract-categories': contractCategoryActions,
  customers: customerActions,
  'pending-customer-registrations': customerRegistrationActions,
};

/** The handlers of every contract in src/shared/contracts (CONTRACTS), bound by implement(). */
export const IMPLEMENTATIONS: readonly Implementation[] = [
  orderRatingActions,
  orderActions,
  transporterActions,
  warehouseInstanceActions,
  stockMovementActions,
  loyaltyActions,
  orderReminderActions,
];
