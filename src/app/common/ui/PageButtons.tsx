import { Box, Button } from '@mui/material';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';

/**
 * The page numbers to show for `page` of `count` (both from 1), with 'gap' where pages are left out:
 * the first and last page, the current one and one either side, as MUI's pagination shows them. A gap
 * that would hide a single page shows that page instead.
 */
export function pageItems(count: number, page: number): (number | 'gap')[] {
  const shown = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(p - 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

export interface PageButtonsProps {
  count: number;
  /** The current page, from 1. */
  page: number;
  onChange(page: number): void;
  /** The accessible name of a button: 'page' with its number, 'previous', 'next'. */
  label(type: 'page' | 'previous' | 'next', page: number): string;
}

/**
 * Page buttons for the marketplace's results: previous, the page numbers with gaps, next. Written
 * for the light shop rather than MUI's <Pagination>, whose item and icon set is a chunk the
 * marketplace would load before it is usable (issue 4's budget, scripts/bundle-budget.ts).
 */
export function PageButtons({ count, page, onChange, label }: PageButtonsProps) {
  const square = { minWidth: 40, px: 1 };
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
      <li>
        <Button sx={square} disabled={page <= 1} aria-label={label('previous', page - 1)} onClick={() => onChange(page - 1)}>
          <NavigateBefore />
        </Button>
      </li>
      {pageItems(count, page).map((item, i) =>
        item === 'gap' ? (
          <Box component="li" key={`gap-${i}`} aria-hidden sx={{ px: 1 }}>…</Box>
        ) : (
          <li key={item}>
            <Button sx={square} variant={item === page ? 'contained' : 'text'} aria-current={item === page ? 'page' : undefined}
              aria-label={label('page', item)} onClick={() => item !== page && onChange(item)}>
              {item}
            </Button>
          </li>
        ),
      )}
      <li>
        <Button sx={square} disabled={page >= count} aria-label={label('next', page + 1)} onClick={() => onChange(page + 1)}>
          <NavigateNext />
        </Button>
      </li>
    </Box>
  );
}
