/** Name conversions shared by the passes, so a name is spelled the same in every emitted file. */

/** 'houseNumber' → 'house_number', 'idpClientId' → 'idp_client_id'. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toLowerCase();
}

/** 'article-category-groups' → 'ArticleCategoryGroups', 'validateBudgetLimit' → 'ValidateBudgetLimit'. */
export function pascalCase(name: string): string {
  return name
    .split(/[-_\s.]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal[0]!.toLowerCase() + pascal.slice(1);
}

/**
 * English singular of a resource name for type names ('warehouses' → 'Warehouse',
 * 'customer-accesses' → 'CustomerAccess', 'article-categories' → 'ArticleCategory').
 * Only the last word changes; the rules cover the resource names of this product.
 */
export function singularPascal(name: string): string {
  const words = name.split('-');
  const last = words.pop()!;
  let singular = last;
  if (/ies$/.test(last)) singular = last.slice(0, -3) + 'y';
  else if (/(ss|sh|ch|x)es$/.test(last)) singular = last.slice(0, -2);
  else if (/s$/.test(last) && !/ss$/.test(last)) singular = last.slice(0, -1);
  return pascalCase([...words, singular].join('-'));
}

/** A short lower-case slug for file names ('Add column x to y' → 'add_column_x_to_y'), at most `max` characters. */
export function slug(text: string, max = 48): string {
  const s = snakeCase(text).replace(/[^a-z0-9_]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
  return s.length <= max ? s : s.slice(0, max).replace(/_[^_]*$/, '');
}
