import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ActionContract, AnswerOf, BodyOf, ParamsOf, QueryOf } from '../../shared/contracts/define';
import type { Owner } from '../crud/scope';
import type { ServerConfig } from '../config';
import type { JobRegistry } from '../jobs/definition';
import type { EndSession } from '../types';
import type { BlobContainers } from '../storage/containers';
import type { DB } from '../../../generated/db/database.gen';

/** What the app was built with that some handlers need beside the database (buildApp's configuration). */
export interface Services {
  readonly config: ServerConfig;
  readonly jobs: JobRegistry;
  readonly endSession: EndSession;
  /** The containers /upload accepts, each with its area's rules (src/server/blob-containers.ts, handed in by buildApp). */
  readonly containers: BlobContainers;
}

/**
 * What a custom action's handler gets: its route was registered from the action's contract
 * (src/shared/contracts), which validated `params`, `query` and `body` before the handler runs.
 */
export interface ActionContext<C extends ActionContract = ActionContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  db: Kysely<DB>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The rows the caller may work on (tenant, acting customer, side); a call of an area (callsOf) has none. */
  owner: C extends { area: true } ? undefined : Owner;
  services: Services;
}

export type ActionHandler<C extends ActionContract = ActionContract> = (ctx: ActionContext<C>) => Promise<AnswerOf<C>>;

/** Handlers of some contracts of a set (`K`), each typed by its contract: a set's handlers may live in several files. */
export type HandlersOf<S extends Readonly<Record<string, ActionContract>>, K extends keyof S = keyof S> = { readonly [P in K]: ActionHandler<S[P]> };

/**
 * A handler as the routes call it: its input as the route's schemas produced it (the contract's
 * schemas, so of the types implement() checked the handler against).
 */
export type BoundHandler = (ctx: {
  params: unknown; query: unknown; body: unknown;
  db: Kysely<DB>; request: FastifyRequest; reply: FastifyReply; owner: Owner | undefined; services: Services;
}) => Promise<unknown>;

/** The handlers of a set of contracts: every contract has one, each typed by its contract. */
export interface Implementation {
  readonly contracts: Readonly<Record<string, ActionContract>>;
  readonly handlers: Readonly<Record<string, BoundHandler>>;
}

/**
 * Binds handlers to their contracts. A contract without a handler, or a handler whose input or
 * answer does not fit its contract, fails to compile.
 */
export function implement<const S extends Readonly<Record<string, ActionContract>>>(contracts: S, handlers: { readonly [K in keyof S]: ActionHandler<S[K]> }): Implementation {
  return { contracts, handlers: handlers as unknown as Readonly<Record<string, BoundHandler>> };
}
