import { useEffect, useState } from 'react';
import { Box, Link, Tab, Tabs } from '@mui/material';
import { useAppTranslate } from '../../i18n/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
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
 * The marketplace layout's category tabs (core §2): the top categories as tabs, the chosen one's
 * sub-categories listed below. Choosing either goes to /products?categories=….
 */
export function CategoryTabs() {
  const translate = useAppTranslate();
  const { http } = useCoreServices();
  const customerId = useSession().activeCustomerId;
  const language = useShopLanguage();
  const navigate = useNavigate();
  const location = useLocation();
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
      <Tabs value={current?.id ?? false} variant="scrollable" scrollButtons="auto" aria-label={translate('shop.marketplace.categories')}
        onChange={(_, id) => {
          const group = groups.find((g) => g.id === id);
          if (group) navigate(productsUrl({ categories: pathOf(group, language) }));
        }}>
        {groups.map((group) => <Tab key={group.id} value={group.id} label={categoryName(group, language)} />)}
      </Tabs>
      {current && current.subCategories.length > 0 && (
        <Box component="ul" aria-label={categoryName(current, language)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, px: 2, py: 1 }}>
          {current.subCategories.map((sub) => (
            <li key={sub.id}>
              <Link component={RouterLink} to={productsUrl({ categories: pathOf(sub, language) })} underline="hover"
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
