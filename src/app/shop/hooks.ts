import { useCallback } from 'react';
import { useSession } from '../bootstrap/context';
import { useAppLocale } from '../i18n/react';
import { formatPrice } from './money';
import type { Currency } from './types';

/** The interface language ('nl' | 'en' | 'fr'). */
export function useShopLanguage(): string {
  return useAppLocale();
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
