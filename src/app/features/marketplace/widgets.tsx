/**
 * The marketplace's search widgets on react-instantsearch's hooks, drawn with MUI so that every text
 * is translated and every control labelled: search box, hierarchical category menu, brand and
 * supplier lists, price range, sort order, stats, the hits grid and pagination.
 */
import { useDeferredValue, useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import {
  Box, Button, Checkbox, FormControlLabel, FormGroup, List, ListItemButton, ListItemText, Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useCurrentRefinements, useHierarchicalMenu, useHits, usePagination, useRange, useRefinementList, useSearchBox, useSortBy, useStats } from 'react-instantsearch';
import { useTranslate } from 'ra-core';
import { replicaName, SEARCH_SORTS } from '../../../shared/search-sorts';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import type { SearchHit } from '../../common/types';
import { PageButtons } from '../../common/ui/PageButtons';
import { TextInput } from '../../common/ui/TextInput';
import { ProductCard } from './ProductCard';

export function ShopSearchBox() {
  const translate = useTranslate();
  const { query, refine } = useSearchBox();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  return (
    <Box component="form" role="search" noValidate onSubmit={(e) => { e.preventDefault(); refine(text.trim()); }} sx={{ display: 'flex', gap: 1, mb: 2 }}>
      <TextInput type="search" size="small" fullWidth label={translate('shop.marketplace.searchLabel')} value={text}
        onChange={(e) => { setText(e.target.value); if (!e.target.value) refine(''); }} />
      <Button type="submit" variant="contained">{translate('shop.marketplace.searchButton')}</Button>
    </Box>
  );
}

type MenuItem = ReturnType<typeof useHierarchicalMenu>['items'][number];

function CategoryItems({ items, refine, depth }: { items: MenuItem[]; refine: (value: string) => void; depth: number }) {
  return (
    <>
      {items.map((item) => (
        <Box component="li" key={item.value}>
          <ListItemButton dense selected={item.isRefined} onClick={() => refine(item.value)} sx={{ pl: 1 + depth * 2 }} aria-current={item.isRefined ? 'true' : undefined}>
            <ListItemText primary={`${item.label} (${item.count})`} />
          </ListItemButton>
          {item.data && <List dense disablePadding><CategoryItems items={item.data} refine={refine} depth={depth + 1} /></List>}
        </Box>
      ))}
    </>
  );
}

export function CategoryMenu({ attributes }: { attributes: string[] }) {
  const translate = useTranslate();
  const { items, refine } = useHierarchicalMenu({ attributes, limit: CONSTANTS.hierarchicalMenuLimit, separator: ' > ' });
  if (!items.length) return null;
  return (
    <Box component="section" aria-labelledby="facet-categories" sx={{ mb: 2 }}>
      <Typography id="facet-categories" variant="subtitle2" component="h2">{translate('shop.marketplace.categories')}</Typography>
      <List dense disablePadding><CategoryItems items={items} refine={refine} depth={0} /></List>
    </Box>
  );
}

/** A facet's values, the ten most frequent first; the others behind "more" (up to CONSTANTS.facetShowMoreLimit). */
export function FacetList({ attribute, titleKey }: { attribute: string; titleKey: string }) {
  const translate = useTranslate();
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute, limit: 10, showMore: true, showMoreLimit: CONSTANTS.facetShowMoreLimit, sortBy: ['count:desc', 'name:asc'],
  });
  if (!items.length) return null;
  const id = `facet-${attribute}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle2" component="h2">{translate(titleKey)}</Typography>
      <FormGroup>
        {items.map((item) => (
          <FormControlLabel key={item.value} label={`${item.label} (${item.count})`}
            control={<Checkbox size="small" checked={item.isRefined} onChange={() => refine(item.value)} />} />
        ))}
      </FormGroup>
      {canToggleShowMore && (
        <Button size="small" onClick={toggleShowMore} aria-expanded={isShowingMore}>
          {translate(isShowingMore ? 'shop.marketplace.showLess' : 'shop.marketplace.showMore')}
        </Button>
      )}
    </Box>
  );
}

/** The title of a refined attribute, as its list on the page names it. */
function refinementTitle(attribute: string): string {
  if (attribute.startsWith('categories.')) return 'shop.marketplace.categories';
  if (attribute.startsWith('features.')) return 'shop.marketplace.features';
  return ({ brand: 'shop.marketplace.brand', supplierName: 'shop.marketplace.supplier', price: 'shop.marketplace.price' } as Record<string, string>)[attribute] ?? attribute;
}

/**
 * The refinements in use, above the results: a chip each (its list's title and the value) that
 * removes it when pressed, and "clear all". The query stays (the search box shows it).
 */
export function ActiveRefinements() {
  const translate = useTranslate();
  const { items, refine } = useCurrentRefinements();
  const chips = items.flatMap((item) => item.refinements.map((refinement) => ({
    refinement, text: `${translate(refinementTitle(item.attribute))}: ${refinement.label}`,
  })));
  if (!chips.length) return null;
  return (
    <Box component="section" aria-label={translate('shop.marketplace.activeFilters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      {/* Outlined buttons drawn as chips (MUI's Chip would cost the page's bundle budget). */}
      {chips.map(({ refinement, text }) => (
        <Button key={`${refinement.attribute}:${refinement.type}:${String(refinement.value)}`} size="small" variant="outlined" endIcon={<Close />}
          onClick={() => refine(refinement)} aria-label={translate('shop.marketplace.removeFilter', { filter: text })}
          sx={{ borderRadius: 4, textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}>
          {text}
        </Button>
      ))}
      <Button size="small" onClick={() => { for (const { refinement } of chips) refine(refinement); }}>{translate('shop.marketplace.clearAll')}</Button>
    </Box>
  );
}

export function PriceRange() {
  const translate = useTranslate();
  const { start, range, refine } = useRange({ attribute: 'price' });
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  useEffect(() => {
    setMin(Number.isFinite(start[0]) ? String(start[0]) : '');
    setMax(Number.isFinite(start[1]) ? String(start[1]) : '');
  }, [start]);
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));
  return (
    <Box component="form" aria-labelledby="facet-price" noValidate sx={{ mb: 2 }}
      onSubmit={(e) => { e.preventDefault(); refine([number(min), number(max)]); }}>
      <Typography id="facet-price" variant="subtitle2" component="h2">{translate('shop.marketplace.price')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <TextInput size="small" label={translate('shop.marketplace.priceMin')} value={min} onChange={(e) => setMin(e.target.value)}
          inputProps={{ inputMode: 'decimal', placeholder: range.min !== undefined ? String(range.min) : undefined }} />
        <TextInput size="small" label={translate('shop.marketplace.priceMax')} value={max} onChange={(e) => setMax(e.target.value)}
          inputProps={{ inputMode: 'decimal', placeholder: range.max !== undefined ? String(range.max) : undefined }} />
      </Box>
      <Button type="submit" size="small" sx={{ mt: 1 }}>{translate('shop.marketplace.apply')}</Button>
    </Box>
  );
}

export function ShopStats() {
  const translate = useTranslate();
  const { nbHits } = useStats();
  return <Typography role="status" variant="body2">{translate('shop.marketplace.stats', { smart_count: nbHits })}</Typography>;
}

/**
 * Relevance or a sort replica of the index (src/shared/search-sorts.ts), as the browser's own select
 * drawn in the theme: keyboard-friendly everywhere, and lighter than MUI's selects (issue 4's budget).
 */
export function SortSelect({ indexName }: { indexName: string }) {
  const translate = useTranslate();
  const id = useId();
  const items = useMemo(() => [
    { value: indexName, label: translate('shop.marketplace.sort.relevance') },
    ...SEARCH_SORTS.map((s) => ({ value: replicaName(indexName, s.id), label: translate(`shop.marketplace.sort.${s.id}`) })),
  ], [indexName, translate]);
  const { currentRefinement, options, refine } = useSortBy({ items });
  const label = translate('shop.marketplace.sort.label');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography component="label" htmlFor={id} variant="body2">{label}</Typography>
      <Box component="select" id={id} value={currentRefinement} onChange={(e: ChangeEvent<HTMLSelectElement>) => refine(e.target.value)}
        sx={{
          font: 'inherit', typography: 'body2', color: 'text.primary', bgcolor: 'background.paper', px: 1, py: 0.75,
          border: 1, borderColor: 'grey.500', borderRadius: 1, cursor: 'pointer',
          '&:hover': { borderColor: 'text.primary' }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        }}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </Box>
    </Box>
  );
}

/** The narrowest a product card gets (its quantity field and basket button side by side), and the grid's gap. */
const CARD_MIN_WIDTH = 210;
const GRID_GAP = 16;

const NO_HITS: never[] = [];

export function HitsGrid() {
  const translate = useTranslate();
  const { items } = useHits<SearchHit & Record<string, unknown>>();
  // New results show their first row at once; the other cards follow in a background render that React
  // splits into short tasks, so a page of 30 cards does not hold a slow phone's main thread for a
  // quarter of a second (Lighthouse's total blocking time) before the page answers a tap.
  const settled = useDeferredValue(items, NO_HITS);
  const shown = settled === items ? items : items.slice(0, CONSTANTS.categoryGridColumns);
  // The results' own heading, for those who read by headings: on a phone the refinements' headings are
  // folded away, and the cards' titles (h3) would otherwise follow the page's h1 directly.
  const heading = <Typography component="h2" sx={visuallyHidden}>{translate('shop.marketplace.results')}</Typography>;
  if (!items.length) return <>{heading}<Typography sx={{ my: 4 }}>{translate('shop.marketplace.noHits')}</Typography></>;
  return (
    <>
    {heading}
    <Box component="ul" aria-label={translate('shop.marketplace.results')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: `${GRID_GAP}px`,
        // As many columns of at least CARD_MIN_WIDTH as the results' width holds, at most the grid's 4:
        // the sidebar and the facets take their share of the screen first, so the viewport alone cannot tell.
        gridTemplateColumns: `repeat(auto-fill, minmax(max(${CARD_MIN_WIDTH}px, calc((100% - ${CONSTANTS.categoryGridColumns - 1} * ${GRID_GAP}px) / ${CONSTANTS.categoryGridColumns})), 1fr))` }}>
      {shown.map((hit, i) => <li key={hit.objectID}><ProductCard hit={hit} eager={i < CONSTANTS.categoryGridColumns} /></li>)}
    </Box>
    </>
  );
}

export function ShopPagination() {
  const translate = useTranslate();
  const { currentRefinement, nbPages, refine } = usePagination();
  if (nbPages < 2) return null;
  return (
    <Box component="nav" aria-label={translate('shop.marketplace.pagination')} sx={{ display: 'flex', justifyContent: 'center', my: 3 }}>
      {/* Algolia counts pages from 0, the URL and the buttons from 1 (DESIGN §6). */}
      <PageButtons count={nbPages} page={currentRefinement + 1} onChange={(page) => refine(page - 1)}
        label={(type, page) => translate(`shop.marketplace.pageLabel.${type}`, { page })} />
    </Box>
  );
}
