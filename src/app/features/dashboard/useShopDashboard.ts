import type { UseQueryResult } from '@tanstack/react-query';
import { useProductCategoriesPopular, useSupplierArticlesQueryTop } from '../../../../generated/app/calls.gen';
import { supplierArticlesQueryPromoted, supplierArticlesQueryRecent } from '../../../../generated/app/calls/supplier-articles.gen';
import { offersActiveList } from '../../../../generated/app/calls/offers.gen';
import { useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';
import type { OfferRecord } from '../../../../generated/types/offers.gen';

/** An active banner (GET /offers/active, the model's view of the offers: active today, in sequence order). */
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
  const { user, activeCustomerId } = useSession();
  const enabled = !!user && !!activeCustomerId;
  const common = { enabled, retry: false, staleTime: 60_000 } as const;
  // The calls' reads, keyed by the acting company; the dashboard's rows take the lists out of the answers.
  const banners: UseQueryResult<ActiveBanner[], Error> = useCallQuery(offersActiveList, {}, common);
  const promoted = useCallQuery(supplierArticlesQueryPromoted, { body: { query: { customerId: activeCustomerId, skip: 0, take: PROMOTED_TAKE } } }, common);
  const recent = useCallQuery(supplierArticlesQueryRecent, { body: { query: { customerId: activeCustomerId, skip: 0, take: ROW_SIZE } } }, common);
  const top = useSupplierArticlesQueryTop({ query: { skip: 0, take: ROW_SIZE } }, common);
  const popular = useProductCategoriesPopular({}, common);
  return {
    enabled, banners,
    promoted: withData(promoted, (answer) => answer.result),
    recent: withData(recent, (answer) => answer.items),
    top: withData(top, (answer) => answer.items),
    popular: withData(popular, (answer) => answer.items),
  };
}

/**
 * A read with its answer narrowed to what the dashboard shows. The server answers the shared
 * SupplierArticleDto and Category, the contracts' answer types.
 */
function withData<T, U>(query: UseQueryResult<T, Error>, pick: (answer: T) => U): UseQueryResult<U, Error> {
  // An empty answer is no answer the contract allows: the row shows it as a failed read.
  if (query.data === null) return { ...query, data: undefined, isSuccess: false, isError: true, status: 'error', error: new Error('Empty answer') } as UseQueryResult<U, Error>;
  return { ...query, data: query.data === undefined ? undefined : pick(query.data) } as UseQueryResult<U, Error>;
}

/** Whether every read has answered or failed. */
export const shopDashboardSettled = (state: ReturnType<typeof useShopDashboard>) =>
  state.enabled && [state.banners, state.promoted, state.recent, state.top, state.popular].every((q) => !q.isPending);
