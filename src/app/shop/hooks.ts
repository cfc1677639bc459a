import { useCallback } from 'react';
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
