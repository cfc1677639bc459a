import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemIcon, ListItemText, Menu, MenuItem,
} from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router-dom';
import { PAGES, USER_MENU } from '../../../generated/app/pages.gen';
import { visibleMenu } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';
import { fullNameOf } from '../auth/authProvider';
import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppTranslate } from '../i18n/react';
import { menuIcon } from '../layout/menu-icons';
import { useBasket } from '../shop/basket/useBasket';
import { useLightLogout } from './auth';
import { LightCompanyPicker } from './LightCompanyPicker';
import { registeredMenu } from './page-names';

/**
 * layout/ShopUserMenu on the light pages (core §6): USER_MENU as the user may see it (switch company,
 * user settings…), then logout, which asks for confirmation while the basket holds items (core §4
 * Logout; basket/BasketAwareLogout in the react-admin areas).
 */
export function LightUserMenu() {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const logout = useLightLogout();
  const session = useSession();
  const { domain } = useCoreServices();
  const { count } = useBasket();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const [asking, setAsking] = useState(false);
  const subject = pageSubjectOf(session, domain.links ?? {});
  const entries = registeredMenu(visibleMenu(USER_MENU, subject, PAGES)).filter((item) => item.action !== 'logout' && item.action !== 'login');
  const label = translate('ra.auth.user_menu');
  const close = () => setAnchor(null);

  function signOut() {
    close();
    if (count > 0) setAsking(true);
    else void logout();
  }

  return (
    <>
      <Button color="inherit" aria-label={label} aria-haspopup="menu" startIcon={<AccountCircle />} onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}>
        {session.user ? fullNameOf(session.user) : ''}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {entries.map((item) => {
          const Icon = menuIcon(item.icon);
          return (
            <MenuItem key={item.key} onClick={() => { close(); if (item.action === 'switchCustomer') setPicking(true); else navigate(item.path ?? '/'); }}>
              <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
              <ListItemText>{translate(item.labelKey)}</ListItemText>
            </MenuItem>
          );
        })}
        <MenuItem onClick={signOut}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('ra.auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog open={picking} onClose={() => setPicking(false)} fullWidth maxWidth="xs">
        <DialogContent>
          <LightCompanyPicker onChosen={() => setPicking(false)} />
        </DialogContent>
      </Dialog>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="logout-confirm-title" aria-describedby="logout-confirm-text">
        <DialogTitle id="logout-confirm-title">{translate('shop.logout.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-confirm-text">{translate('shop.logout.text', { smart_count: count })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} autoFocus>{translate('shop.logout.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => { setAsking(false); void logout(); }}>
            {translate('shop.logout.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
