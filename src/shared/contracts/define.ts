import { z } from 'zod';
import type { AccessRule } from '../../../model/dsl/access';
import type { HttpMethod } from '../../../model/dsl/endpoints';
import { unwrapFields, type Field } from '../../../model/dsl/field';
import type { ResourceDef } from '../../../model/dsl/resource';
import type { ErrorCode } from '../../../model/catalogue/errors';
import { fieldSchema } from '../field-schemas';

/**
 * One contract per custom action (everything a call is besides its handler): the route, who may
 * call it, its request and answer schemas and the error codes it may answer. The server registers
 * the route from it and types the handler by it (src/server/actions/define.ts); the generator writes
 * the app's client and hooks from it (generated/app/calls.gen.ts). Schemas are built from the model's
 * field kinds (schemasFor, fieldsObject) so a field changed in the model changes every call using it.
 */
export interface ContractInput {
  readonly method: HttpMethod;
  /** Relative to the API prefix; `{name}` segments are path parameters (text unless `params` says otherwise). */
  readonly path: string;
  readonly access: AccessRule;
  readonly summary: string;
  /** Path parameters when one is no text (e.g. an index); otherwise each `{name}` of the path is a required text. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** Request body; a GET or DELETE has none. */
  readonly body?: z.ZodType;
  /**
   * A request of multipart/form-data (a file upload) instead of a body: its parts as the OpenAPI
   * document shows them, in the order a client sends them (text fields before the file). The route
   * parses nothing: the handler reads the parts as they stream in (receiveFile), so a file is never
   * held whole. Only such calls read multipart requests; every other route refuses them (415).
   */
  readonly multipart?: z.ZodObject;
  /** What a 200 answers: serialized through it, so a key it does not list never leaves the server; or a file's bytes (binaryAnswer). */
  readonly response: z.ZodType;
  /**
   * The catalogue's error codes the call may answer beside those of ANY_CALL_ERRORS (documented in
   * OpenAPI). The server tests fail when a call answers a code that is in neither.
   */
  readonly errors?: readonly ErrorCode[];
  /**
   * A write of the resource's fields under this key of the body (`'dto'`): a key that is no field is
   * refused (400 unknownField, as the generic create and update routes do) before the schema strips it.
   */
  readonly fieldsIn?: 'dto';
  /**
   * A POST that only reads (the query style's …/query and …/id, a search with a body): the app's hook
   * for it is a query (cached, read again on a change of the resource), not a mutation. A GET reads anyway.
   */
  readonly read?: true;
}

/**
 * The codes any call may answer, whatever its handler does: those of the way to the handler (sign-in,
 * the chosen company, an impersonated user, access rules, the request's shape and validation, the
 * Idempotency-Key header, maintenance, overload: docs/operations.md) and a failure of the server itself. A contract lists the rest.
 */
export const ANY_CALL_ERRORS = [
  'unauthorized', 'forbiddenAccess', 'NoAccessToCustomer', 'noActiveCustomer', 'CustomerNotFound', 'UserNotFound',
  'validationFailed', 'notFound', 'IdempotencyKeyReused', 'IdempotencyKeyInUse', 'IdempotencyAnswerLost', 'maintenance', 'internalError',
  'tooManyRequests', 'serverBusy',
] as const satisfies readonly ErrorCode[];

export type ActionContract<C extends ContractInput = ContractInput> = C & {
  /** The resource the call belongs to (its scope decides which rows the handler's owner names), or its area (callsOf). */
  readonly resource: string;
  readonly name: string;
  /** A call of an area (callsOf): no model resource, so no rows scoped for the handler (no owner). */
  readonly area?: true;
};

/**
 * The contracts of one resource's custom actions. The resource's feature gates every one of them,
 * as it gates the resource's routes (model/dsl/resource.ts).
 */
export function contractsOf<const D extends Readonly<Record<string, ContractInput>>>(resource: ResourceDef, defs: D): { readonly [K in keyof D]: ActionContract<D[K]> } {
  const gate = (rule: AccessRule): AccessRule => (resource.feature ? { ...rule, feature: resource.feature } : rule);
  return Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, { ...def, access: gate(def.access), resource: resource.name, name }])) as never;
}

/**
 * The contracts of calls that belong to no model resource but to an area (the session, the admin
 * tasks, the CRM integration…): registered, typed, documented and called as the resources' actions
 * are. `area` names them where a resource's name would (OpenAPI tag, operation ids, the app's hooks:
 * `callsOf('session', { me })` is `useSessionMe`). Their access rule is the whole rule (no feature gate).
 */
export function callsOf<const D extends Readonly<Record<string, ContractInput>>>(area: string, defs: D): { readonly [K in keyof D]: ActionContract<D[K]> & { readonly area: true } } {
  return Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, { ...def, resource: area, name, area: true }])) as never;
}

/**
 * The answer of a call that sends a file's bytes (streamed by the handler, never serialized) with
 * `contentType`: documented in OpenAPI as a binary body of that type; the caller receives a Blob.
 */
export function binaryAnswer(contentType: string, description: string): z.ZodType<Blob, unknown> {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } } as unknown as z.ZodType<Blob, unknown>;
}

/** The media type of an .xlsx workbook (the exports' answers). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file part of a multipart request (ContractInput.multipart), as OpenAPI shows it. */
export const filePart = (description: string) => z.string().meta({ format: 'binary', description });

type ParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParamNames<Rest> : never;

/** Path parameters as the handler gets them. */
export type ParamsOf<C extends ContractInput> = C extends { params: infer P extends z.ZodType } ? z.output<P> : { [K in ParamNames<C['path']>]: string };
/** Body as the handler gets it (validated, defaults filled). */
export type BodyOf<C extends ContractInput> = C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** Query as the handler gets it. */
export type QueryOf<C extends ContractInput> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
/** What the handler returns (before the answer's schema serializes it). */
export type AnswerOf<C extends ContractInput> = z.input<C['response']>;
/** What the caller receives. */
export type ResultOf<C extends ContractInput> = z.output<C['response']>;
/** What a caller sends: body and query before validation, path parameters as text. */
export type BodyIn<C extends ContractInput> = C extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type QueryIn<C extends ContractInput> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type ParamsIn<C extends ContractInput> = { [K in ParamNames<C['path']>]: string | number };

/** '/v2/orders/{orderId}' → ['orderId'] */
const paramNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The path parameters' schema of a contract: its own, or every `{name}` of the path a required text. */
export function paramsSchema(c: ContractInput): z.ZodType | undefined {
  if (c.params) return c.params;
  const names = paramNames(c.path);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

/**
 * A request body written in the model's field language (field.text(…), field.object(…)), for a call
 * whose shape is no resource's record: validated as a resource's fields are. Its values are typed
 * loosely (unknown); a shape the app reads field by field is better a zod object.
 */
export const fieldsBody = (fields: Record<string, Field>) =>
  z.object(Object.fromEntries(Object.entries(unwrapFields(fields)).map(([k, f]) => [k, fieldSchema(f, 'create')])));

/**
 * Whether a shared DTO type and the schema an answer is serialized through have the same keys and
 * every DTO value fits the schema (a DTO key the schema misses would vanish from the answer):
 * `Assert<Agrees<Dto, typeof schema>>` compiles only when they do.
 */
export type Agrees<Dto, S extends z.ZodType> = [Exclude<keyof Dto, keyof z.input<S>> | Exclude<keyof z.input<S>, keyof Dto>] extends [never]
  ? Dto extends z.input<S> ? true : false : false;
export type Assert<T extends true> = T;
