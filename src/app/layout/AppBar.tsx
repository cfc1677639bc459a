import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, type AppBarProps } from 'react-admin';
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useAppServices } from '../bootstrap/context';
import { CompanySwitcher } from './CompanySwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ShopUserMenu } from './ShopUserMenu';
import { ShopHeaderTools } from '../shop/ShopHeaderTools';
import { tenantNameSx } from './header-fit';

/**
 * Tenant name and page title, then `extra` (the admin area's extra-privileges toggle), the shop's
 * product search and basket (shop area only), company, language, loading indicator and the user menu (with logout).
 */
export function AppBar({ extra }: AppBarProps & { extra?: ReactNode }) {
  const { domain } = useAppServices();
  const logo = domain.theme.assets.logoMain;
  return (
    <RaAppBar
      color="primary"
      // react-admin's user menu shows the name from 600 px up: on one line (layout/header-fit.ts).
      sx={{ '& .RaUserMenu-userButton': { whiteSpace: 'nowrap' } }}
      userMenu={<ShopUserMenu />}
      toolbar={
        <>
          {extra}
          <ShopHeaderTools />
          <CompanySwitcher />
          <LanguageSwitcher />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 0, sm: 2 }, minWidth: 0 }}>
        {logo ? <img src={logo} alt={domain.name} style={{ height: 28 }} /> : <Typography variant="subtitle1" component="span" sx={tenantNameSx}>{domain.name}</Typography>}
      </Box>
      <TitlePortal />
    </RaAppBar>
  );
}
