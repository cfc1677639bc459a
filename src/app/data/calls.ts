/**
 * The read hook over the calls (./call-api.ts), on TanStack Query; a change is ./call-mutation.ts
 * (apart, so that a page that only reads carries no mutation code). generated/app/calls.gen.ts
 * writes a hook per call over the two.
 */
import type { QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { ContractInput, ResultOf } from '../../shared/contracts/define';
import { useCoreServices, useSession } from '../bootstrap/context';
import { callApi, type CallDef, type CallInput } from './call-api';
import { useAppQuery } from './query-client';

/**
 * The query key of every read of a resource's calls: under the app's own queries (['app']), so what
 * re-reads the app's queries after a change re-reads the calls too; a change of the resource
 * (useCallMutation) re-reads exactly these.
 */
export const resourceCallsKey = (resource: string): QueryKey => ['app', 'call', resource];

/**
 * The query key of a call's read; the acting company is part of it, as the server answers each
 * company its own rows (a switch reads anew).
 */
export const callKey = (def: CallDef, input: unknown, companyId: string | null | undefined): QueryKey => [...resourceCallsKey(def.resource), def.name, companyId ?? null, input];

/** Reads through a call (a GET): cached per input on the app's one QueryClient. */
export function useCallQuery<C extends ContractInput>(def: CallDef<C>, input: CallInput<C>, options: Omit<UseQueryOptions<ResultOf<C>, Error>, 'queryKey' | 'queryFn'> = {}): UseQueryResult<ResultOf<C>, Error> {
  const { http } = useCoreServices();
  const { activeCustomerId } = useSession();
  return useAppQuery<ResultOf<C>>({ ...options, queryKey: callKey(def, input, activeCustomerId), queryFn: ({ signal }) => callApi(http, def, input, { signal }) });
}
