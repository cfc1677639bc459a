/**
 * A call as the app knows it (src/shared/contracts): its route and access as data, typed by its
 * contract, and `callApi`, the one way to make it. No React here: the session loader, the search
 * client and stores call through it as pages do; generated/app/calls/<resource>.gen.ts hold the
 * calls' data (one module a resource) and ./calls.ts the hooks over it. Only types come from the contracts: their schemas stay on
 * the server and out of the app's JavaScript.
 */
import type { AccessRule } from '../../../model/dsl/access';
import type { CrudOp } from '../../../model/dsl/endpoints';
import type { BodyIn, ContractInput, ParamsIn, QueryIn, ResultOf } from '../../shared/contracts/define';
import type { HttpClient, HttpMethod, RequestOptions } from './http';

/** A call as the app knows it: where it goes and who may make it. `C` is its contract's type. */
export interface CallDef<C extends ContractInput = ContractInput> {
  readonly resource: string;
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: AccessRule;
  /** A route of the model's generic CRUD: its operation (the resource's failure texts are named by it). */
  readonly op?: CrudOp;
  /** Phantom: carries the contract's type to the functions below. */
  readonly contract?: C;
}

type Keyed<K extends string, V> = [V] extends [undefined] ? { readonly [P in K]?: V } : { readonly [P in K]: V };
type NoParams<C extends ContractInput> = [keyof ParamsIn<C>] extends [never] ? true : false;

/** A call that takes a file (its contract's `multipart`): the form's parts, sent as multipart/form-data. */
type FormIn<C extends ContractInput> = C extends { multipart: object } ? { readonly form: FormData } : { readonly form?: undefined };

/** What a caller gives: the path parameters the path names, the query and the body its contract takes (or the form of a call that takes a file). */
export type CallInput<C extends ContractInput> =
  & (NoParams<C> extends true ? { readonly params?: undefined } : { readonly params: ParamsIn<C> })
  & Keyed<'query', QueryIn<C>>
  & Keyed<'body', BodyIn<C>>
  & FormIn<C>;

/** '/v2/orders/{id}/ratings' with {id: 'x'} → '/v2/orders/x/ratings' */
export function pathOf(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Makes one call: resolves with its answer as the contract types it, rejects with the client's HttpError. */
export function callApi<C extends ContractInput>(http: Pick<HttpClient, 'request'>, def: CallDef<C>, input: CallInput<C>, options: Pick<RequestOptions, 'signal' | 'headers' | 'withoutCompany'> = {}): Promise<ResultOf<C>> {
  const { params, query, body, form } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown; form?: FormData };
  return http.request<ResultOf<C>>(def.method, pathOf(def.path, params), { ...options, query, body: form ?? body });
}
