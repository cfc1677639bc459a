import { useState } from 'react';
import { Dialog, DialogContent, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router';
import { PAGES, USER_MENU } from '../../../generated/app/pages.gen';
import type { NavMenuItem } from '../../shared/generated-contract';
import { visibleMenu } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';
import { useAppServices, useSession } from '../bootstrap/context';
import { BUILT_PAGES, registeredMenu, type PageRegistry } from './pages/built-pages';
import { BasketAwareLogout } from '../features/basket/BasketAwareLogout';
import { CompanyPicker } from './CompanyPicker';
import { menuIcon } from './menu-icons';

/** One entry of the user menu: a page link or the switch-company action. */
function UserMenuEntry({ item, onSwitch }: { item: NavMenuItem; onSwitch: () => void }) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const navigate = useNavigate();
  const Icon = menuIcon(item.icon);
  const content = (
    <>
      <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate(item.labelKey)}</ListItemText>
    </>
  );
  if (item.action === 'switchCustomer') {
    return <MenuItem onClick={() => { userMenu?.onClose(); onSwitch(); }}>{content}</MenuItem>;
  }
  return <MenuItem onClick={() => { userMenu?.onClose(); navigate(item.path ?? '/'); }}>{content}</MenuItem>;
}

/**
 * The header's user menu (core §6) from USER_MENU as the user may see it: switch company (with more
 * than one active access), user settings and users once those pages exist, then react-admin's logout
 * (which asks for confirmation while the basket holds items).
 */
export function ShopUserMenu({ registry = BUILT_PAGES }: { registry?: PageRegistry }) {
  const session = useSession();
  const { domain } = useAppServices();
  const [picking, setPicking] = useState(false);
  const subject = pageSubjectOf(session, domain.links ?? {});
  // Login and logout are not entries here: logout is react-admin's own item, always last.
  const entries = registeredMenu(visibleMenu(USER_MENU, subject, PAGES), registry).filter((item) => item.action !== 'logout' && item.action !== 'login');
  return (
    <>
      <UserMenu>
        {entries.map((item) => <UserMenuEntry key={item.key} item={item} onSwitch={() => setPicking(true)} />)}
        <BasketAwareLogout />
      </UserMenu>
      <Dialog open={picking} onClose={() => setPicking(false)} fullWidth maxWidth="xs">
        <DialogContent>
          <CompanyPicker onChosen={() => setPicking(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
