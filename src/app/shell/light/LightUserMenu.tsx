import { lazy, Suspense, useState } from 'react';
import { Button, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslate } from 'ra-core';
import { LazyMenu, preloadMenu } from '../LazyMenu';
import { useNavigate } from 'react-router';
import { PAGES, USER_MENU } from '../../../../generated/app/pages.gen';
import { visibleMenu } from '../../../shared/page-access';
import { pageSubjectOf } from '../../access/page-subject';
import { fullNameOf } from '../../auth/authProvider';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { menuIcon } from '../menu-icons';
import { HEADER_TEXT, iconOnlyOnPhone } from '../header-fit';
import { useBasket } from '../../features/basket/useBasket';
import { useLightLogout } from './auth';
import { registeredMenu } from '../pages/built-pages';

const LightUserDialogs = lazy(() => import('./LightUserDialogs'));

/**
 * layout/ShopUserMenu on the light pages (core §6): USER_MENU as the user may see it (switch company,
 * user settings…), then logout, which asks for confirmation while the basket holds items (core §4
 * Logout; basket/BasketAwareLogout in the react-admin areas).
 */
export function LightUserMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLightLogout();
  const session = useSession();
  const { domain } = useCoreServices();
  const { count } = useBasket();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const [asking, setAsking] = useState(false);
  /** A dialog has been open: its chunk stays mounted for the closing transition. */
  const [opened, setOpened] = useState(false);
  const subject = pageSubjectOf(session, domain.links ?? {});
  const entries = registeredMenu(visibleMenu(USER_MENU, subject, PAGES)).filter((item) => item.action !== 'logout' && item.action !== 'login');
  const name = session.user ? fullNameOf(session.user) : '';
  // Named after what it shows, then what it is for ('Bert Buyer (Profiel)'): WCAG 2.5.3, label in name.
  const label = name ? `${name} (${translate('app.userMenu.label')})` : translate('app.userMenu.label');
  const close = () => setAnchor(null);

  function signOut() {
    close();
    if (count > 0) {
      setOpened(true);
      setAsking(true);
    }
    else void logout();
  }

  return (
    <>
      <Button color="inherit" aria-label={label} aria-haspopup="menu" onPointerEnter={preloadMenu} onFocus={preloadMenu} startIcon={<AccountCircle />} onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ ...iconOnlyOnPhone, textTransform: 'none' }}>
        <span className={HEADER_TEXT}>{name}</span>
      </Button>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {entries.map((item) => {
          const Icon = menuIcon(item.icon);
          return (
            <MenuItem key={item.key} onClick={() => { close(); if (item.action === 'switchCustomer') { setOpened(true); setPicking(true); } else navigate(item.path ?? '/'); }}>
              <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
              <ListItemText>{translate(item.labelKey)}</ListItemText>
            </MenuItem>
          );
        })}
        <MenuItem onClick={signOut}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('app.userMenu.logout')}</ListItemText>
        </MenuItem>
      </LazyMenu>
      {(picking || asking || opened) && (
        <Suspense fallback={null}>
          <LightUserDialogs picking={picking} asking={asking} count={count} onPicked={() => setPicking(false)} onKeep={() => setAsking(false)}
            onLogout={() => { setAsking(false); void logout(); }} />
        </Suspense>
      )}
    </>
  );
}
