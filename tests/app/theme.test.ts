import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import { createAppTheme } from '../../src/app/theme';

describe('createAppTheme', () => {
  const theme = createTheme(createAppTheme({ ...defaultDomain().theme, colors: { ...defaultDomain().theme.colors, primary: '#123456' } }));

  it('has exactly the spec breakpoints, 2xl as its own key', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
    expect(theme.breakpoints.keys).toEqual(['xs', 'sm', 'md', 'lg', 'xl', '2xl']);
    expect(theme.breakpoints.up('2xl')).toBe('@media (min-width:1536px)');
    expect(theme.breakpoints.down('md')).toBe('@media (max-width:767.95px)');
  });

  it("takes the tenant's colours and ignores one MUI cannot parse", () => {
    expect(theme.palette.primary.main).toBe('#123456');
    const broken = createTheme(createAppTheme({ ...defaultDomain().theme, colors: { ...defaultDomain().theme.colors, primary: 'blue-ish' } }));
    expect(broken.palette.primary.main).not.toBe('blue-ish');
  });
});
