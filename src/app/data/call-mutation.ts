/**
 * The change hook over the calls (./call-api.ts): a mutation that re-reads the resource's calls
 * once it is done and gives its busy state and translated failure. generated/app/calls.gen.ts
 * writes one per call that changes something.
 */
import { useMutation, useQueryClient, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import type { ContractInput, ResultOf } from '../../shared/contracts/define';
import { useCoreServices } from '../bootstrap/context';
import { callApi, type CallDef, type CallInput } from './call-api';
import { describeError, type FailureContext } from './errors';
import { useIdempotencyKeys } from './idempotency';
import { resourceCallsKey } from './calls';

export type CallMutationOptions<C extends ContractInput> = Omit<UseMutationOptions<ResultOf<C>, Error, CallInput<C>>, 'mutationFn'> & {
  /**
   * Where `errorText` looks when the failure has no errorCode of its own: by default the resource's
   * failure text named by the call (failure.{resource}.{name}); a screen whose text is another one
   * names it here (e.g. {op: 'create'} or {fallback: 'shop.x.failed'}).
   */
  readonly failure?: FailureContext;
  /**
   * A call whose repetition would do something twice (placing, splitting or deciding an order):
   * each attempt sends an Idempotency-Key (./idempotency.ts), the same one again for the same input
   * until an answer is final, so a retry after a lost answer does it once.
   */
  readonly idempotent?: boolean;
};

export type CallMutation<C extends ContractInput> = UseMutationResult<ResultOf<C>, Error, CallInput<C>> & {
  /** The failure in the user's language (the errorCode's message, else the call's failure text), or null. */
  readonly errorText: string | null;
};

/**
 * Changes through a call (POST, PUT, PATCH, DELETE). Once it succeeds, every read of the same
 * resource is read again. `isPending` is the busy state, `errorText` the translated failure.
 */
export function useCallMutation<C extends ContractInput>(def: CallDef<C>, { failure, idempotent, ...options }: CallMutationOptions<C> = {}): CallMutation<C> {
  const { http, i18n } = useCoreServices();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const mutation = useMutation<ResultOf<C>, Error, CallInput<C>>({
    ...options,
    mutationFn: (input) => (idempotent ? keys.send([def.path, input], (headers) => callApi(http, def, input, { headers })) : callApi(http, def, input)),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: resourceCallsKey(def.resource) });
      await options.onSettled?.(...args);
    },
  });
  // The resource's failure texts are named by CRUD operation: a DELETE, whatever the call's name, is 'delete'.
  const op = def.op ?? (def.method === 'DELETE' ? 'delete' : def.name);
  const errorText = mutation.error ? describeError(mutation.error, { resource: def.resource, op, ...failure }, i18n.i18nProvider) : null;
  return Object.assign(mutation, { errorText });
}

/** A change as a group of them reads it: a call's mutation, or TanStack's own (no errorText of its own). */
interface GroupedChange { readonly isPending: boolean; readonly errorText?: string | null; reset(): void }

/**
 * Several changes of one form or row that share its buttons and one failure alert: busy while any
 * runs; `start(change)` before `change.mutate(…)` clears the others' failures, so the alert shows the
 * failure of the change started last (`start()` clears them all).
 */
export function changeGroup<M extends GroupedChange>(changes: readonly M[]) {
  return {
    busy: changes.some((c) => c.isPending),
    errorText: changes.find((c) => c.errorText)?.errorText ?? null,
    start: (change?: M) => changes.forEach((c) => { if (c !== change) c.reset(); }),
  };
}

