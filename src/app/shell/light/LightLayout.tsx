import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AppBar, Box, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices } from '../../bootstrap/context';
import { LaterAssistant } from '../assistant/LaterAssistant';
import { CompanyMenu } from '../CompanyMenu';
import { tenantNameSx } from '../header-fit';
import { ImpersonationNotice } from '../ImpersonationNotice';
import { SessionPing } from '../../session/ping';
import { BasketButton } from '../../features/basket/BasketButton';
import { LightLanguageSwitcher } from './LightLanguageSwitcher';
import { LightMenu } from './LightMenu';
import { LightSessionGate } from './LightSessionGate';
import { LightUserMenu } from './LightUserMenu';

const HeaderSearch = lazy(() => import('../../features/marketplace/search/HeaderSearch').then((m) => ({ default: m.HeaderSearch })));

/** Narrower than CONSTANTS.sidebarAutoHidePx (770 px): the sidebar hides itself (core §2). */
const NARROW_QUERY = `(max-width: ${CONSTANTS.sidebarAutoHidePx - 0.02}px)`;
const SIDEBAR_WIDTH = 240;

/**
 * The shop's layout on the light pages, as layout/Layouts' ShopLayout draws it with react-admin: the
 * header (tenant, product search, basket, company, language, user menu), the sidebar menu, the
 * acting-as bar, session upkeep (load, warnings, saved language, ping) and the assistant.
 */
export function LightLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { domain } = useCoreServices();
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  // Crossing the width closes the sidebar (narrower) or opens it again (wider); the button toggles it in between.
  useEffect(() => setOpen(!narrow), [narrow]);
  const logo = domain.theme.assets.logoMain;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary">
        <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <IconButton color="inherit" edge="start" aria-label={translate(open ? 'app.menu.close' : 'app.menu.open')} onClick={() => setOpen(!open)}>
            <MenuIcon />
          </IconButton>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 0, sm: 2 }, minWidth: 0 }}>
            {logo ? <img src={logo} alt={domain.name} style={{ height: 28 }} /> : <Typography variant="subtitle1" component="span" sx={tenantNameSx}>{domain.name}</Typography>}
          </Box>
          <Box sx={{ flex: 1 }} />
          <Suspense fallback={null}>
            <HeaderSearch />
          </Suspense>
          <BasketButton />
          <CompanyMenu />
          <LightLanguageSwitcher />
          <LightUserMenu />
        </Toolbar>
      </AppBar>
      <ImpersonationNotice />
      <LightSessionGate />
      <SessionPing />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {open && (
          <Box component="nav" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
            <LightMenu />
          </Box>
        )}
        <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
      <LaterAssistant />
    </Box>
  );
}
