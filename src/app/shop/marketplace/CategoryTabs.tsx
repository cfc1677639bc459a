import { useEffect, useState } from 'react';
import { Box, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { AppLink, useAppLocation } from '../../navigation/context';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useShopLanguage } from '../hooks';
import { describedIn, inLanguage } from '../text';
import type { Category } from '../types';
import { CATEGORY_SEPARATOR, parseProductsQuery, productsUrl } from './routing';

/** A category's name in the interface language (its own description; the last step of its path). */
export function categoryName(category: Category, language: string): string {
  return describedIn(category.descriptions, language) || inLanguage(category.hierarchy, language).split(CATEGORY_SEPARATOR).pop() || '';
}

/** The value of the categories query parameter for a category: its path ('Kantoor > Papier'). */
const pathOf = (category: Category, language: string) => inLanguage(category.hierarchy, language) || categoryName(category, language);

/**
 * The marketplace layout's category tabs (core §2): the top categories as a row of tab-like links
 * (they go somewhere: /products?categories=…, so links with aria-current, not ARIA tabs), the chosen
 * one's sub-categories listed below.
 */
export function CategoryTabs() {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const customerId = useSession().activeCustomerId;
  const language = useShopLanguage();
  const location = useAppLocation();
  const [groups, setGroups] = useState<Category[]>([]);

  useEffect(() => {
    let live = true;
    http.post<{ result: Category[] }>('/articleCategories/category-groups', { query: { customerId } })
      .then((answer) => live && setGroups(answer?.result ?? []), () => live && setGroups([]));
    return () => { live = false; };
  }, [http, customerId]);

  if (!groups.length) return null;
  const chosen = parseProductsQuery(location.pathname === '/products' ? location.search : '').categories ?? '';
  const top = chosen.split(CATEGORY_SEPARATOR)[0];
  const current = groups.find((g) => pathOf(g, language) === top) ?? null;

  return (
    <Box component="nav" aria-label={translate('shop.marketplace.categories')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Box component="ul" sx={{ display: 'flex', overflowX: 'auto', listStyle: 'none', m: 0, p: 0 }}>
        {groups.map((group) => {
          const selected = group.id === current?.id;
          return (
            <li key={group.id}>
              <Link component={AppLink} to={productsUrl({ categories: pathOf(group, language) })} underline="none" aria-current={selected ? 'page' : undefined}
                sx={{
                  display: 'block', px: 2, py: 1.5, whiteSpace: 'nowrap', typography: 'button', color: selected ? 'primary.main' : 'text.secondary',
                  borderBottom: 2, borderColor: selected ? 'primary.main' : 'transparent', '&:hover': { color: 'primary.main' },
                }}>
                {categoryName(group, language)}
              </Link>
            </li>
          );
        })}
      </Box>
      {current && current.subCategories.length > 0 && (
        <Box component="ul" aria-label={categoryName(current, language)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, px: 2, py: 1 }}>
          {current.subCategories.map((sub) => (
            <li key={sub.id}>
              <Link component={AppLink} to={productsUrl({ categories: pathOf(sub, language) })} underline="hover"
                aria-current={pathOf(sub, language) === chosen ? 'page' : undefined}>
                {categoryName(sub, language)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
