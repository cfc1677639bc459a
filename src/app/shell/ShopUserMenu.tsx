import { useState } from 'react';
import { Dialog, DialogContent, ListItemIcon, ListItemText, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
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
  const label = useUserMenuLabel();
  const { domain } = useAppServices();
  const [picking, setPicking] = useState(false);
  const subject = pageSubjectOf(session, domain.links ?? {});
  // Login and logout are not entries here: logout is react-admin's own item, always last.
  const entries = registeredMenu(visibleMenu(USER_MENU, subject, PAGES), registry).filter((item) => item.action !== 'logout' && item.action !== 'login');
  return (
    <>
      <UserMenu label={label}>
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

/**
 * The name of react-admin's user-menu button, as the light header's (light/LightUserMenu): where the
 * button shows the user's name (from 'sm' up, once the identity is known, as react-admin decides
 * with the same media query and identity), the name first, then what the button is for ('Bea Buyer
 * (Profiel)', WCAG 2.5.3 label in name); where it shows only the icon, the text's key, which
 * react-admin translates itself. Both in the interface language from the first render: react-admin
 * would otherwise translate a label that is no key into its English default 'Profile'.
 */
function useUserMenuLabel(): string {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const showsName = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const name = !isPending && typeof identity?.fullName === 'string' ? identity.fullName : '';
  return showsName && name ? `${name} (${translate('app.userMenu.label')})` : 'app.userMenu.label';
}
