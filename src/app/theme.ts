/**
 * The tenant's theme (core §1) as react-admin/MUI theme options: its colours on MUI's palette, and the
 * spec's screen widths (sm 640, md 768, lg 1024, xl 1280, 2xl 1536) on MUI's breakpoints. 'base' and 'tertiary' have no MUI slot; the shop pages read
 * them from the domain configuration where they need them.
 */
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { CONSTANTS } from '../../model/catalogue/constants';
import type { DomainConfig } from '../shared/session-types';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** core §2's '2xl' screen (1536 px): theme.breakpoints.up('2xl'). */
    '2xl': true;
  }
}

// Only colours MUI can parse: a tenant's typo must not crash theme creation, the default is kept instead.
const COLOUR = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgba?|hsla?)\([^)]*\))$/i;

const colour = (value: string | undefined) => (value && COLOUR.test(value.trim()) ? { main: value.trim() } : undefined);

export function createAppTheme(theme: DomainConfig['theme']): RaThemeOptions {
  const { colors } = theme;
  const palette = Object.fromEntries(Object.entries({
    primary: colour(colors.primary),
    secondary: colour(colors.secondary),
    success: colour(colors.success),
    info: colour(colors.info),
    warning: colour(colors.warning),
    error: colour(colors.danger),
  }).filter(([, v]) => v !== undefined));
  return {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      ...palette,
      // WCAG AA for the text on a filled colour (chips, contained buttons): MUI picks white or black
      // text by this contrast, and the tenant's colours are often too light for white at MUI's default 3.
      contrastThreshold: 4.5,
    },
    breakpoints: {
      // Exactly the spec's widths (core §2, CONSTANTS.breakpoints); MUI also needs xs, which starts at 0.
      values: { xs: 0, ...CONSTANTS.breakpoints },
    },
  };
}
