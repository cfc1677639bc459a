import type { Breakpoint, Theme } from '@mui/material/styles';

/**
 * A table's columns on a narrow window (below `breakpoint`, by default `sm`: a phone): `hiddenBelow`
 * hides a cell there, and `shownBelow` shows there what those cells said (under the row's first
 * cell), so the table fits the window without scrolling sideways. Written as max-width rules, so a
 * wider window (and a test environment, which evaluates no media query) shows every column.
 */
export const hiddenBelow = (breakpoint: Breakpoint = 'sm') => (theme: Theme) => ({ [theme.breakpoints.down(breakpoint)]: { display: 'none' } });
export const shownBelow = (breakpoint: Breakpoint = 'sm') => (theme: Theme) => ({ display: 'none', [theme.breakpoints.down(breakpoint)]: { display: 'block' } });
