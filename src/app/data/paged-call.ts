/**
 * The one paged list of the hand-written screens: a list call (its contract's GET or POST …/query)
 * read a page at a time, with its filters, sort and page in the URL (a link or a reload opens the
 * same page) and remembered in react-admin's store for the next visit, through the same list
 * parameters react-admin's own lists use (ra-core's useListParams). The page component draws the
 * rows and puts ListPager (generated-support/ListPager.tsx) under them.
 * A list of the model's generic CRUD (e.g. GET /v2/orders) is a call like any other
 * (generated/app/calls: the resource's generated record type).
 */
import { useRef } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useListParams, type SortPayload } from 'ra-core';
import type { ContractInput, ResultOf } from '../../shared/contracts/define';
import type { CallDef, CallInput } from './call-api';
import { useCallQuery } from './calls';

/** The page the user asked for: what a call's input is made of. */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
  readonly sort: string;
  readonly order: 'ASC' | 'DESC';
  /** Only the filters with a value ('' and undefined are no filter); a text without its outer spaces. */
  readonly filter: Readonly<Record<string, unknown>>;
  /** A filter that is a text, else undefined (the URL may hold anything under a name). */
  readonly text: (name: string) => string | undefined;
}

/** What every paged list is told: its name, page size, first sort and filters. */
export interface PagedListOptions {
  /** The list's name: its key in the store (`list.<name>`). One paged list a page: its state is the URL's. */
  readonly name: string;
  readonly perPage: number;
  readonly sort?: SortPayload;
  /** The filters of a first visit (the URL's and the remembered ones come first). */
  readonly filterDefaultValues?: Readonly<Record<string, unknown>>;
  /**
   * False: nothing is remembered in the store, so a visit without a query in the URL starts from
   * filterDefaultValues (a list whose defaults the user saves elsewhere, e.g. the orders' saved filters).
   */
  readonly remember?: boolean;
  /** False while the list cannot be read yet (e.g. no company chosen). */
  readonly enabled?: boolean;
}

export interface PagedCallOptions<C extends ContractInput, Row> extends PagedListOptions {
  /** The call's input for a page. */
  readonly input: (request: PageRequest) => CallInput<C>;
  /** The rows and the total count of the call's answer. */
  readonly rows: (answer: ResultOf<C>) => { readonly items: readonly Row[]; readonly total: number };
}

/** A paged list as the page draws it. */
export interface PagedList<Row> {
  readonly rows: readonly Row[] | undefined;
  readonly total: number | undefined;
  readonly page: number;
  readonly perPage: number;
  readonly sort: SortPayload;
  readonly filterValues: Readonly<Record<string, unknown>>;
  /** The request the page was read with: what another call over the same rows (an export, a total) asks with. */
  readonly request: PageRequest;
  readonly error: Error | null;
  readonly isPending: boolean;
  readonly setPage: (page: number) => void;
  readonly setSort: (sort: SortPayload) => void;
  /** Replaces the filters (empty values dropped) and goes back to the first page. */
  readonly setFilters: (filters: Readonly<Record<string, unknown>>) => void;
  /**
   * Changes the filters named (an empty value drops one), keeps the others and goes back to the
   * first page. The others include a change asked for a moment ago that the URL does not show yet.
   */
  readonly changeFilters: (changes: Readonly<Record<string, unknown>>) => void;
}

/** The filters as a text that does not depend on their order. */
const signature = (filters: Readonly<Record<string, unknown>>) => JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));

const withValue = (filters: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== null));

/** The list parameters of the URL (and the store), as the request for a page and the list's setters. */
function usePageRequest(options: PagedListOptions) {
  const [params, modifiers] = useListParams({
    resource: options.name,
    storeKey: options.remember === false ? false : `list.${options.name}`,
    perPage: options.perPage,
    sort: options.sort,
    filterDefaultValues: options.filterDefaultValues as Record<string, unknown> | undefined,
  });
  const filter = withValue(params.filterValues as Record<string, unknown>);
  // The filters last asked for and those of the asks the URL does not show yet: ra-core navigates
  // on the next tick, so a change made before then adds to the last ask, not to the URL's filters.
  const asking = useRef<{ filter: Readonly<Record<string, unknown>>; pending: readonly string[] }>({ filter, pending: [] });
  const shown = useRef(signature(filter));
  if (shown.current !== signature(filter)) {
    shown.current = signature(filter);
    const { pending } = asking.current;
    const at = pending.indexOf(shown.current);
    // One of our asks reached the URL and later ones are on their way: keep them. Anything else
    // (the last ask arrived, or back, a link) makes the URL's filters the ones to change.
    asking.current = at >= 0 && at < pending.length - 1 ? { filter: asking.current.filter, pending: pending.slice(at + 1) } : { filter, pending: [] };
  }
  const setFilters = (next: Readonly<Record<string, unknown>>) => {
    const wanted = withValue(next);
    asking.current = { filter: wanted, pending: [...asking.current.pending, signature(wanted)] };
    modifiers.setFilters(wanted, undefined, false);
  };
  // The field shows what is typed (filterValues); the list is asked for the text without its outer spaces.
  const asked = withValue(Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])));
  const text = (name: string) => (typeof asked[name] === 'string' ? asked[name] as string : undefined);
  const request: PageRequest = { page: params.page, perPage: params.perPage, sort: params.sort, order: params.order, filter: asked, text };
  const list = <Row>(answer: { items: readonly Row[]; total: number } | undefined, query: { error: Error | null; isPending: boolean }): PagedList<Row> => ({
    rows: answer?.items,
    total: answer?.total,
    page: params.page,
    perPage: params.perPage,
    sort: { field: params.sort, order: params.order },
    filterValues: filter,
    request,
    error: query.error,
    isPending: query.isPending,
    setPage: modifiers.setPage,
    setSort: modifiers.setSort,
    setFilters,
    changeFilters: (changes) => setFilters({ ...asking.current.filter, ...changes }),
  });
  return { request, list };
}

export function usePagedCall<C extends ContractInput, Row>(def: CallDef<C>, options: PagedCallOptions<C, Row>): PagedList<Row> {
  const { request, list } = usePageRequest(options);
  // The previous page stays on screen while the next one is read (no flash of an empty table).
  const query = useCallQuery(def, options.input(request), { enabled: options.enabled ?? true, placeholderData: keepPreviousData });
  return list(query.data ? options.rows(query.data) : undefined, query);
}
