import { useCallback, useEffect, useState } from 'react';
import { Box, IconButton, Link } from '@mui/material';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { productCategoriesCategoryGroups } from '../../../../generated/app/calls/product-categories.gen';
import { useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';
import { useShopLanguage } from '../../common/hooks';
import { describedIn, inLanguage } from '../../common/text';
import type { Contracts } from '../../../shared/contracts';
import type { ResultOf } from '../../../shared/contracts/define';
import { CATEGORY_SEPARATOR, parseProductsQuery, productsUrl } from './routing';

/** A category as the tabs' call answers it (with its sub-categories). */
type Category = ResultOf<Contracts['product-categories']['categoryGroups']>['result'][number];

/** A category's name in the interface language (its own description; the last step of its path). */
export function categoryName(category: Category, language: string): string {
  return describedIn(category.descriptions, language) || inLanguage(category.hierarchy, language).split(CATEGORY_SEPARATOR).pop() || '';
}

const NO_GROUPS: Category[] = [];

/** The value of the categories query parameter for a category: its path ('Kantoor > Papier'). */
const pathOf = (category: Category, language: string) => inLanguage(category.hierarchy, language) || categoryName(category, language);

/**
 * The height of the row of tabs and of the sub-category row, reserved while the categories load:
 * the page below them must not jump down when they arrive (layout shift on every shop page).
 */
const TAB_ROW_HEIGHT = 50;
const SUB_ROW_HEIGHT = 41;

/**
 * Which way a row that scrolls sideways can still go: the arrows beside it show only then. Read
 * again on scroll, on a resize of the window and when the categories change.
 */
function useSideways<T extends HTMLElement>(content: unknown) {
  const [el, setEl] = useState<T | null>(null);
  const [can, setCan] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setCan((c) => (c.left === left && c.right === right ? c : { left, right }));
  }, [el]);
  useEffect(() => {
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => { el.removeEventListener('scroll', measure); window.removeEventListener('resize', measure); };
  }, [el, measure, content]);
  // Most of a screen at a time, so the tab cut at the edge comes fully into view.
  const scroll = (direction: -1 | 1) => el?.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.8), behavior: 'smooth' });
  return { ref: setEl, can, scroll };
}

/**
 * The marketplace layout's category tabs (core §2): the top categories as a row of tab-like links
 * (they go somewhere: /products?categories=…, so links with aria-current, not ARIA tabs), the chosen
 * one's sub-categories listed below. A row that does not fit scrolls sideways, with an arrow on each
 * side it can still go (a mouse has no sideways swipe).
 */
export function CategoryTabs() {
  const translate = useTranslate();
  const customerId = useSession().activeCustomerId;
  const language = useShopLanguage();
  const location = useLocation();
  // Read once per company and kept (the call's key holds the company): the product page and the marketplace show the same tabs.
  const { data, isError } = useCallQuery(productCategoriesCategoryGroups, { body: { query: { customerId } } });
  // null while loading (the tabs' room is kept); a failed read shows no tabs.
  const groups = data ? data.result : isError ? NO_GROUPS : null;
  const sideways = useSideways<HTMLUListElement>(`${language} ${groups?.length}`);

  const chosen = parseProductsQuery(location.pathname === '/products' ? location.search : '').categories ?? '';
  if (groups === null) {
    // Loading: the room the tabs (and, with a category chosen, its sub-categories) will take.
    return <Box aria-hidden sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', height: TAB_ROW_HEIGHT + (chosen ? SUB_ROW_HEIGHT : 0) }} />;
  }
  if (!groups.length) return null;
  const top = chosen.split(CATEGORY_SEPARATOR)[0];
  const current = groups.find((g) => pathOf(g, language) === top) ?? null;

  return (
    <Box component="nav" aria-label={translate('shop.marketplace.categories')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      {/* One row that scrolls sideways when the tabs do not fit (phones, tablets), with its arrows. */}
      <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
      {sideways.can.left && (
        <IconButton size="small" onClick={() => sideways.scroll(-1)} aria-label={translate('shop.marketplace.scrollCategoriesLeft')}><NavigateBefore /></IconButton>
      )}
      <Box component="ul" ref={sideways.ref} sx={{ display: 'flex', overflowX: 'auto', listStyle: 'none', m: 0, p: 0, minHeight: TAB_ROW_HEIGHT, flex: 1, minWidth: 0 }}>
        {groups.map((group) => {
          const selected = group.id === current?.id;
          return (
            <li key={group.id}>
              <Link component={RouterLink} to={productsUrl({ categories: pathOf(group, language) })} underline="none" aria-current={selected ? 'page' : undefined}
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
      {sideways.can.right && (
        <IconButton size="small" onClick={() => sideways.scroll(1)} aria-label={translate('shop.marketplace.scrollCategoriesRight')}><NavigateNext /></IconButton>
      )}
      </Box>
      {current && current.subCategories.length > 0 && (
        <Box component="ul" aria-label={categoryName(current, language)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, px: 2, py: 1, minHeight: SUB_ROW_HEIGHT, boxSizing: 'border-box' }}>
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
