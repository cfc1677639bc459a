/**
 * What the platform admin's product pages share: the choices of an article's category and
 * marketplace, a refused change's field problems for a react-admin form, and texts in the
 * interface language.
 */
import { HttpError, useLocaleState } from 'ra-core';
import { useMarketplacesAdminList, useProductCategoriesAdminList } from '../../../../../generated/app/calls.gen';
import type { ApiErrorDetail } from '../../../../shared/session-types';
import { inLanguage } from '../../../common/text';
import type { Translated } from '../../../common/types';
import { messageKey } from '../../../generated-support';

/** A choice of a select: its id and its name in the interface language. */
export interface Choice { readonly id: string; readonly name: string }

/** As many categories or marketplaces as a tenant has: one read, for the selects. */
const ALL = 1000;

/** A { nl, en, fr } text in the interface language (Dutch, then any, as fallback). */
export function useInLanguage(): (text: Translated | null | undefined) => string {
  const [locale] = useLocaleState();
  return (text) => inLanguage(text, locale);
}

/** The tenant's product categories and marketplaces by name (POST /admin/product-categories/query, /admin/marketplaces/query). */
export function useArticleChoices(): { categories: readonly Choice[]; marketplaces: readonly Choice[] } {
  const named = useInLanguage();
  const categories = useProductCategoriesAdminList({ body: { query: { take: ALL } } });
  const marketplaces = useMarketplacesAdminList({ body: { query: { take: ALL } } });
  const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name);
  return {
    categories: (categories.data?.result.items ?? []).map((c) => ({ id: c.id, name: named(c.name) })).sort(byName),
    marketplaces: (marketplaces.data?.result.items ?? []).map((m) => ({ id: m.id, name: m.name ?? '' })).sort(byName),
  };
}

/**
 * A refused change's field problems as a react-admin form shows them under its inputs (its
 * onSubmit's answer): path → the i18n key of the broken rule or error code. The calls that take
 * {dto} name their fields with or without the `dto.` in front.
 */
export function formProblems(error: unknown): Record<string, string> | undefined {
  const details = error instanceof HttpError ? (error.body as { details?: ApiErrorDetail[] } | undefined)?.details : undefined;
  if (!details?.length) return undefined;
  return Object.fromEntries(details.map((d) => [d.path.replace(/^dto\./, ''), messageKey(d.rule)]));
}
