/**
 * The app's side of the contracts (src/shared/contracts): a call's route and access as data, typed
 * by its contract, and the one way a hand-written page calls it (generated/app/calls.gen.ts writes a
 * function and a hook per call from these). Only types come from the contracts: their schemas stay
 * on the server and out of the app's JavaScript.
 */
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions, type UseMutationResult, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { AccessRule } from '../../../model/dsl/access';
import type { BodyIn, ContractInput, ParamsIn, QueryIn, ResultOf } from '../../shared/contracts/define';
import { useCoreServices } from '../bootstrap/context';
import { describeError } from './errors';
import type { HttpClient, HttpMethod, RequestOptions } from './http';
import { useAppQuery } from './query-client';

/** A call as the app knows it: where it goes and who may make it. `C` is its contract's type. */
export interface CallDef<C extends ContractInput = ContractInput> {
  readonly resource: string;
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: AccessRule;
  /** Phantom: carries the contract's type to the functions below. */
  readonly contract?: C;
}

type Keyed<K extends string, V> = [V] extends [undefined] ? { readonly [P in K]?: V } : { readonly [P in K]: V };
type NoParams<C extends ContractInput> = [keyof ParamsIn<C>] extends [never] ? true : false;

/** What a caller gives: the path parameters the path names, the query and the body its contract takes. */
export type CallInput<C extends ContractInput> =
  & (NoParams<C> extends true ? { readonly params?: undefined } : { readonly params: ParamsIn<C> })
  & Keyed<'query', QueryIn<C>>
  & Keyed<'body', BodyIn<C>>;

/** '/v2/orders/{id}/ratings' with {id: 'x'} → '/v2/orders/x/ratings' */
export function pathOf(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Makes one call: resolves with its answer as the contract types it, rejects with the client's HttpError. */
export function callApi<C extends ContractInput>(http: HttpClient, def: CallDef<C>, input: CallInput<C>, options: Pick<RequestOptions, 'signal' | 'headers' | 'withoutCompany'> = {}): Promise<ResultOf<C>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
  return http.request<ResultOf<C>>(def.method, pathOf(def.path, params), { ...options, query, body });
}

/** The query key of a call's read: every read of a resource starts with ['call', resource]. */
export const callKey = (def: CallDef, input: unknown): QueryKey => ['call', def.resource, def.name, input];

/** Reads through a call (a GET): cached per input on the app's one QueryClient. */
export function useCallQuery<C extends ContractInput>(def: CallDef<C>, input: CallInput<C>, options: Omit<UseQueryOptions<ResultOf<C>, Error>, 'queryKey' | 'queryFn'> = {}): UseQueryResult<ResultOf<C>, Error> {
  const { http } = useCoreServices();
  return useAppQuery<ResultOf<C>>({ ...options, queryKey: callKey(def, input), queryFn: ({ signal }) => callApi(http, def, input, { signal }) });
}

export type CallMutation<C extends ContractInput> = UseMutationResult<ResultOf<C>, Error, CallInput<C>> & {
  /** The failure in the user's language (the errorCode's message, else the call's failure text), or null. */
  readonly errorText: string | null;
};

/**
 * Changes through a call (POST, PUT, PATCH, DELETE). Once it succeeds, every read of the same
 * resource is read again. `isPending` is the busy state, `errorText` the translated failure.
 */
export function useCallMutation<C extends ContractInput>(def: CallDef<C>, options: Omit<UseMutationOptions<ResultOf<C>, Error, CallInput<C>>, 'mutationFn'> = {}): CallMutation<C> {
  const { http, i18n } = useCoreServices();
  const queryClient = useQueryClient();
  const mutation = useMutation<ResultOf<C>, Error, CallInput<C>>({
    ...options,
    mutationFn: (input) => callApi(http, def, input),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ['call', def.resource] });
      await options.onSettled?.(...args);
    },
  });
  // The resource's failure texts are named by CRUD operation: a DELETE, whatever the call's name, is 'delete'.
  const op = def.method === 'DELETE' ? 'delete' : def.name;
  const errorText = mutation.error ? describeError(mutation.error, { resource: def.resource, op }, i18n.i18nProvider) : null;
  return Object.assign(mutation, { errorText });
}
