import { useEffect, useState } from 'react';
import { useAppServices, useSession } from '../../bootstrap/context';

export interface ToApproveCount { count: number; byStatus: Record<string, number> }
export interface OrderTask { id: string; action: string; orderId: string; orderNumber: string | null; orderDate: string | null; status: string; orderedBy: string | null; totalCost: string | null }
export interface RecentOrder { id: string; orderNumber: string | null; orderDate: string | null; status: string; totalCost: string | null }

/** One dashboard call's state: its data, or failed (the widget says so; the rest of the page stays). */
export interface Loaded<T> { data: T | null; failed: boolean }

function useCall<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, failed: false });
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ data: null, failed: false });
    load().then((data) => live && setState({ data, failed: false }), () => live && setState({ data: null, failed: true }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}

/**
 * What the dashboard shows for the acting company (reloaded when it changes): how many orders wait
 * for the user's step (GET /v2/orders/to-approve-count), their tasks (GET /customer-access/tasks)
 * and their own latest orders (GET /v2/orders).
 */
export function useDashboard() {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  const ready = !!user && !!activeCustomerId;
  const deps = [http, user?.id, activeCustomerId];
  const toApprove = useCall(ready ? () => http.get<{ result: ToApproveCount }>('/v2/orders/to-approve-count').then((r) => r.result) : null, deps);
  const tasks = useCall(ready ? () => http.get<{ result: OrderTask[] }>('/customer-access/tasks', { query: { customerId: activeCustomerId } }).then((r) => r.result) : null, deps);
  const recent = useCall(
    ready ? () => http.get<{ items: RecentOrder[] }>('/v2/orders', { query: { page: 1, pageSize: 5, orderedBy: user!.id } }).then((r) => r.items) : null,
    deps,
  );
  return { ready, toApprove, tasks, recent };
}
