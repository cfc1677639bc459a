import type { Theme } from '@mui/material/styles';

/**
 * A table's columns on a phone (below the `sm` breakpoint): `notOnPhone` hides a cell there, and
 * `onPhoneOnly` shows there what those cells said (under the row's first cell), so the table fits
 * the window without scrolling sideways. Written as max-width rules, so a wider window (and a test
 * environment, which evaluates no media query) shows the table's every column.
 */
export const notOnPhone = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } });
export const onPhoneOnly = (theme: Theme) => ({ display: 'none', [theme.breakpoints.down('sm')]: { display: 'block' } });
