import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import type { Contracts } from '../../../shared/contracts';
import type { BodyIn, ResultOf } from '../../../shared/contracts/define';
import { deliveriesById, deliveriesConfirm, deliveriesReturnItems, deliveriesUndoConfirm } from '../../../../generated/app/calls/deliveries.gen';

/** GET /deliveries/by-id: the delivery, its lines (core §3: ordered, supplier-confirmed, to-deliver, delivered, returned, problem, remark) and what the caller may do now (the server decides). */
export type DeliveryDetail = ResultOf<Contracts['deliveries']['byId']>['result'];
export type DeliveryLine = DeliveryDetail['lines'][number];
export type ProblemType = NonNullable<DeliveryLine['problemType']>;

export const PROBLEM_TYPES: readonly ProblemType[] = ['notRightAmount', 'notReceived', 'itemsNotAsExpected', 'damagedItems', 'other'] as const;

export const lineTitle = (l: DeliveryLine, language: string) =>
  (l.title as Readonly<Record<string, string | null | undefined>> | null | undefined)?.[language] ?? l.title?.nl ?? Object.values(l.title ?? {})[0] ?? l.articleNumberSupplier ?? '';

const key = (id: string | null | undefined) => ['app', 'delivery', id ?? ''];

/** One delivery (GET /deliveries/by-id?id, result unwrapped). */
export function useDelivery(id: string | null | undefined) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: key(id),
    enabled: !!id,
    queryFn: ({ signal }) => callApi(http, deliveriesById, { query: { id: id ?? '' } }, { signal }).then((r) => r.result),
  });
}

/**
 * The delivery's changes: each answer replaces the delivery shown (core §4: confirm replaces the
 * current delivery with the server's answer), and the lists and counts under 'app' are read again.
 */
export function useDeliveryChanges(id: string) {
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const apply = async (answer: Promise<{ result: DeliveryDetail }>) => {
    const { result } = await answer;
    queryClient.setQueryData(key(id), result);
    await queryClient.invalidateQueries({ queryKey: ['app'], predicate: (q) => q.queryKey[1] !== 'delivery' });
    return result;
  };
  return {
    confirm: (body: Omit<BodyIn<Contracts['deliveries']['confirm']>, 'id'>) =>
      apply(callApi(http, deliveriesConfirm, { body: { id, ...body } })),
    returnItems: (lines: BodyIn<Contracts['deliveries']['returnItems']>['lines']) =>
      apply(callApi(http, deliveriesReturnItems, { body: { id, lines } })),
    undo: () => apply(callApi(http, deliveriesUndoConfirm, { params: { id }, body: {} })),
  };
}

/** Field problems of a refused change by path (`lines.0.delivered` → its validation rule), for the inputs to show. */
export function fieldProblems(error: unknown): Record<string, { rule: string; max?: number }> {
  const details = error instanceof HttpError ? (error.body as { details?: { path: string; rule: string; params?: { max?: number } }[] } | undefined)?.details : undefined;
  return Object.fromEntries((details ?? []).map((d) => [d.path, { rule: d.rule, max: d.params?.max }]));
}
