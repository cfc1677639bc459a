import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ActionDef, ResourceDef } from '../../../model';
import type { Owner } from '../crud/scope';
import { platformSettingsActions } from './platform-settings';
import { supplierActions } from './suppliers';
import { userActions } from './users';

/** What a custom action's handler gets: the route is registered from the model, only this is hand-written. */
export interface ActionContext {
  db: Kysely<any>;
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
};
