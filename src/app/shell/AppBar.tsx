import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, type AppBarProps } from 'react-admin';
import { useEffect, useState, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useAppServices } from '../bootstrap/context';
import { CompanySwitcher } from './CompanySwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ShopUserMenu } from './ShopUserMenu';
import { ShopHeaderTools } from './ShopHeaderTools';
import { tenantNameSx } from './header-fit';

/**
 * Whether the page title in the app bar should be the page's heading: a screen that has no level-1
 * heading of its own (the generated admin lists, records and forms show their title only up here)
 * would otherwise have none for a screen reader to jump to. Watches the page as it renders. The
 * title is a div either way (react-admin's is an h6): its element stays the one react-admin's
 * <Title> writes into, and a page with its own heading gets no second one from the header.
 */
function useTitleIsHeading(): boolean {
  const [titleIsHeading, setTitleIsHeading] = useState(false);
  useEffect(() => {
    // Both are the layout's own elements, rendered with this app bar and kept while pages change.
    const main = document.getElementById('main-content');
    const title = document.getElementById('react-admin-title');
    if (!main || !title) return;
    const check = () => setTitleIsHeading(!main.querySelector('h1, [role="heading"][aria-level="1"]') && !!title.textContent?.trim());
    check();
    const observer = new MutationObserver(check);
    for (const watched of [main, title]) observer.observe(watched, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return titleIsHeading;
}

/**
 * Tenant name and page title, then `extra` (the admin area's extra-privileges toggle), the shop's
 * product search and basket (shop area only), company, language, loading indicator and the user menu (with logout).
 */
export function AppBar({ extra }: AppBarProps & { extra?: ReactNode }) {
  const { domain } = useAppServices();
  const logo = domain.theme.assets.logoMain;
  const titleIsHeading = useTitleIsHeading();
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
      <TitlePortal component="div" {...(titleIsHeading ? { role: 'heading', 'aria-level': 1 } : {})} />
    </RaAppBar>
  );
}
