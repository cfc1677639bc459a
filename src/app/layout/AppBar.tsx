import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, type AppBarProps } from 'react-admin';
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useAppServices } from '../bootstrap/context';
import { CompanySwitcher } from './CompanySwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ShopUserMenu } from './ShopUserMenu';
import { ShopHeaderTools } from '../shop/ShopHeaderTools';

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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
        {logo ? <img src={logo} alt={domain.name} style={{ height: 28 }} /> : <Typography variant="subtitle1" component="span">{domain.name}</Typography>}
      </Box>
      <TitlePortal />
    </RaAppBar>
  );
}
