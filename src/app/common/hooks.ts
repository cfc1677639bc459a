import { useCallback, useEffect } from 'react';
import { useI18nProvider } from 'ra-core';
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
