import { useQuery } from '@tanstack/react-query';
import { useAppServices, useSession } from '../../bootstrap/context';
import type { OfferRecord } from '../../../../generated/types/offers.gen';
import type { Category, SupplierArticleDto } from '../../common/types';

/**
 * An active banner (GET /offers/active: active today, in sequence order): a view of the offers, which
 * has no call of its own in the contracts nor a route in the data provider, so it is read here.
 */
export type ActiveBanner = Pick<OfferRecord, 'id' | 'description' | 'title' | 'imageUrl' | 'linkUrl' | 'startDate' | 'endDate'>;

/** How many articles each of the dashboard's article rows shows (promoted: the spec's skip 0, take 20). */
export const ROW_SIZE = 8;
const PROMOTED_TAKE = 20;

/**
 * The shop content of the customer dashboard (core §7), each read on its own so one that fails or
 * is slow leaves the others: the active banners, the promoted articles, the articles the acting
 * company ordered last and most, and the popular categories. Article reads are keyed by the acting
 * company (the catalogue rules and the order history are the company's); no retry, as before: a
 * failed row says so and the page stays.
 */
export function useShopDashboard() {
  const { http } = useAppServices();
  const { user, activeCustomerId } = useSession();
  const enabled = !!user && !!activeCustomerId;
  const scope = [user?.id, activeCustomerId] as const;
  const common = { enabled, retry: false, staleTime: 60_000 } as const;
  const banners = useQuery({
    ...common,
    queryKey: ['dashboard', 'banners', ...scope],
    queryFn: () => http.get<ActiveBanner[]>('/offers/active'),
  });
  const promoted = useQuery({
    ...common,
    queryKey: ['dashboard', 'promoted', ...scope],
    queryFn: () => http.post<{ result: { items: SupplierArticleDto[]; total: number } }>('/supplier-articles/query-promoted', { query: { customerId: activeCustomerId, skip: 0, take: PROMOTED_TAKE } })
      .then((r) => r.result),
  });
  const recent = useQuery({
    ...common,
    queryKey: ['dashboard', 'recent-articles', ...scope],
    queryFn: () => http.post<{ items: SupplierArticleDto[] }>('/v2/supplier-articles/query-recent', { query: { customerId: activeCustomerId, skip: 0, take: ROW_SIZE } })
      .then((r) => r.items),
  });
  const top = useQuery({
    ...common,
    queryKey: ['dashboard', 'top-articles', ...scope],
    queryFn: () => http.get<{ items: SupplierArticleDto[] }>('/v2/supplier-articles/query-top', { query: { skip: 0, take: ROW_SIZE } }).then((r) => r.items),
  });
  const popular = useQuery({
    ...common,
    queryKey: ['dashboard', 'popular-categories', ...scope],
    queryFn: () => http.get<{ items: Category[] }>('/v2/product-categories/popular').then((r) => r.items),
  });
  return { enabled, banners, promoted, recent, top, popular };
}

/** Whether every read has answered or failed. */
export const shopDashboardSettled = (state: ReturnType<typeof useShopDashboard>) =>
  state.enabled && [state.banners, state.promoted, state.recent, state.top, state.popular].every((q) => !q.isPending);
