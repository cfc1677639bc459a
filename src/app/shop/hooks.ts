import { useCallback, useEffect, useMemo } from 'react';
import { useGetList, useI18nProvider } from 'ra-core';
import type { ProjectRecord } from '../../../generated/types/projects.gen';
import { useSession } from '../bootstrap/context';
import { formatPrice } from './money';
import type { Currency } from './types';

/** The interface language ('nl' | 'en' | 'fr'). */
export function useShopLanguage(): string {
  return useI18nProvider().getLocale();
}

/** The tenant's currency (tenant settings; EUR unless the tenant runs on POINTS, core §9). */
export function useTenantCurrency(): Currency {
  return useSession().tenantSettings?.currency === 'POINTS' ? 'POINTS' : 'EUR';
}

/** Formats an amount in the tenant's currency and the interface language. */
export function usePrice(): (value: string | number | null | undefined) => string {
  const currency = useTenantCurrency();
  const language = useShopLanguage();
  return useCallback((value) => formatPrice(value, currency, language), [currency, language]);
}

/**
 * Prepares the price format in a task of its own while a page waits for its data: the first price
 * shown would otherwise also pay for the locale's currency data (about 60 ms on a slow phone) inside
 * the render of the results, the page's longest task.
 */
export function useWarmPriceFormat(): void {
  const format = usePrice();
  useEffect(() => {
    const id = setTimeout(() => format(0));
    return () => clearTimeout(id);
  }, [format]);
}

/** A department or project an order can be booked on (the generated records' fields the pickers read). */
export type BookingChoice = Pick<ProjectRecord, 'id' | 'name' | 'code' | 'active'>;
const NO_CHOICES: BookingChoice[] = [];
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

/**
 * The acting customer's departments (GET /customer-departments/query?customerId) or projects
 * (GET /projects), first 100 and the active ones, through the data provider. A list that cannot be
 * read (no access to projects, for example) is empty, also while it loads, so its picker is left out.
 */
export function useBookingChoices(resource: 'customer-departments' | 'projects', enabled = true): BookingChoice[] {
  const { activeCustomerId } = useSession();
  const filter = resource === 'projects' ? {} : { customerId: activeCustomerId };
  // No sort field: the lists keep the server's order (react-admin would otherwise ask for id DESC).
  const { data } = useGetList<BookingChoice & { id: string }>(resource, { pagination: { page: 1, perPage: 100 }, sort: SERVER_ORDER, filter }, { enabled, retry: false });
  return useMemo(() => (data ? data.filter((x) => x.active !== false) : NO_CHOICES), [data]);
}
