/**
 * The tenant's theme (core §1) as react-admin/MUI theme options: its colours on MUI's palette and its
 * screen widths on MUI's breakpoints. 'base' and 'tertiary' have no MUI slot; the shop pages read
 * them from the domain configuration where they need them.
 */
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { DomainConfig } from '../shared/session-types';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** The tenant's '2xl' screen (MUI keys cannot start with a digit). */
    xxl: true;
  }
}

// Only colours MUI can parse: a tenant's typo must not crash theme creation, the default is kept instead.
const COLOUR = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgba?|hsla?)\([^)]*\))$/i;

const colour = (value: string | undefined) => (value && COLOUR.test(value.trim()) ? { main: value.trim() } : undefined);

export function createAppTheme(theme: DomainConfig['theme']): RaThemeOptions {
  const { colors, screens } = theme;
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
    },
    breakpoints: {
      // MUI's xs starts at 0; sm…xl take the tenant's widths, '2xl' becomes xxl.
      values: { xs: 0, sm: screens.sm, md: screens.md, lg: screens.lg, xl: screens.xl, xxl: screens['2xl'] },
    },
  };
}
