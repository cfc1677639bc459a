/**
 * A user's catalogue visibility (src/server/catalogue/visibility.ts) as an Algolia filter string over
 * the record's rule attributes — what a secured key carries. Categories use `categoryIds` (the
 * article's category and its ancestors), so a rule on a category covers its descendants without
 * listing them. Only conjunctions of OR-groups and NOT terms: the subset Algolia accepts.
 */
import type { CatalogRules } from '../catalogue/visibility';
import { quote } from './filters';
import { PLATFORM_OWNER } from './records';

export function visibilityFilter(tenantId: string, customerId: string | null, rules: CatalogRules): string {
  const parts = [`tenantId:${quote(tenantId)}`];
  parts.push(customerId ? `(ownerCustomerId:${PLATFORM_OWNER} OR ownerCustomerId:${quote(customerId)})` : `ownerCustomerId:${PLATFORM_OWNER}`);
  const rule = (attr: string, include: string[], exclude: string[]) => {
    if (include.length) parts.push(`(${include.map((v) => `${attr}:${quote(v)}`).join(' OR ')})`);
    for (const v of exclude) parts.push(`NOT ${attr}:${quote(v)}`);
  };
  rule('marketplaceId', rules.includeMarketPlaces, rules.excludeMarketPlaces);
  rule('supplierId', rules.includeSuppliers, rules.excludeSuppliers);
  rule('categoryIds', rules.includeCategories, rules.excludeCategories);
  rule('family', rules.includeFamilies, rules.excludeFamilies);
  return parts.join(' AND ');
}
