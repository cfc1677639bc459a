import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';

/** A delivery line as the server answers it (core §3: ordered, supplier-confirmed, to-deliver, delivered, returned, problem, remark). */
export interface DeliveryLine {
  id: string;
  lineNumber: number | null;
  articleNumberSupplier: string | null;
  title: Record<string, string> | null;
  ordered: number | null;
  supplierConfirmed: number | null;
  toDeliver: number | null;
  delivered: number | null;
  returned: number | null;
  problemType: string | null;
  remark: string | null;
}

/** GET /deliveries/by-id: the delivery, its lines and what the caller may do now (the server decides). */
export interface DeliveryDetail {
  id: string;
  deliveryNumber: string | null;
  deliveryNoteNumber: string | null;
  status: string;
  gcsNumber: string | null;
  orderNumber: string | null;
  orderId: string | null;
  supplierOrderId: string | null;
  supplierName: string | null;
  expectedDate: string | null;
  deliveryDate: string | null;
  approvedAt: string | null;
  approvedByName: string | null;
  autoApproved: boolean | null;
  trackingLink: string | null;
  problemType: string | null;
  remark: string | null;
  lines: DeliveryLine[];
  mayConfirm: boolean;
  mayReturn: boolean;
  mayUndo: boolean;
  mayUpdate: boolean;
  mayOpenOrder: boolean;
  hasInvoice: boolean | null;
}

export const PROBLEM_TYPES = ['notRightAmount', 'notReceived', 'itemsNotAsExpected', 'damagedItems', 'other'] as const;

export const lineTitle = (l: DeliveryLine, language: string) =>
  l.title?.[language] ?? l.title?.nl ?? Object.values(l.title ?? {})[0] ?? l.articleNumberSupplier ?? '';

const key = (id: string | null | undefined) => ['app', 'delivery', id ?? ''];

/** One delivery (GET /deliveries/by-id?id, result unwrapped). */
export function useDelivery(id: string | null | undefined) {
  const { http } = useCoreServices();
  return useAppQuery({
    queryKey: key(id),
    enabled: !!id,
    queryFn: ({ signal }) => http.get<{ result: DeliveryDetail }>('/deliveries/by-id', { query: { id }, signal }).then((r) => r.result),
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
    confirm: (body: { lines: { id: string; delivered: number; problemType: string | null; remark: string | null }[] }) =>
      apply(http.request('PATCH', '/deliveries/confirm', { body: { id, ...body } })),
    returnItems: (lines: { id: string; amount: number; problemType: string | null; remark: string | null }[]) =>
      apply(http.request('PATCH', '/deliveries/return-items', { body: { id, lines } })),
    undo: () => apply(http.request('PATCH', `/deliveries/undo-confirm/${encodeURIComponent(id)}`, { body: {} })),
  };
}

/** Field problems of a refused change by path (`lines.0.delivered` → its validation rule), for the inputs to show. */
export function fieldProblems(error: unknown): Record<string, { rule: string; max?: number }> {
  const details = error instanceof HttpError ? (error.body as { details?: { path: string; rule: string; params?: { max?: number } }[] } | undefined)?.details : undefined;
  return Object.fromEntries((details ?? []).map((d) => [d.path, { rule: d.rule, max: d.params?.max }]));
}
