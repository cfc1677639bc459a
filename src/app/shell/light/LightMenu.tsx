import { ListItemIcon, ListItemText, MenuItem, MenuList } from '@mui/material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { CUSTOMER_MENU, PAGES } from '../../../../generated/app/pages.gen';
import { visibleMenu } from '../../../shared/page-access';
import { isPlatformUser } from '../../access/can-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { MenuTreeEntry, type PageLinkComponent, MENU_LABEL_WRAP } from '../MenuTree';
import { registeredMenu } from '../pages/built-pages';

/** The light shell's page link: a plain MUI menu item, marked current on its own page. */
const LightPageLink: PageLinkComponent = ({ path, label, Icon, depth, badge }) => {
  const { pathname } = useLocation();
  const current = path === pathname;
  return (
    <MenuItem component={RouterLink} to={path} selected={current} aria-current={current ? 'page' : undefined} sx={{ pl: 2 + depth * 2, ...MENU_LABEL_WRAP }}>
      <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
      <ListItemText>{label}{badge}</ListItemText>
    </MenuItem>
  );
};

/**
 * layout/ShopMenu on the light pages (core §6): CUSTOMER_MENU as the user may see it, limited to the
 * pages the app has, and 'Administration' for platform users.
 */
export function LightMenu() {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useCoreServices();
  const links = domain.links ?? {};
  const entries = registeredMenu(visibleMenu(CUSTOMER_MENU, pageSubjectOf(session, links), PAGES));
  return (
    <MenuList>
      {entries.map((item) => <MenuTreeEntry key={item.key} item={item} links={links} PageLink={LightPageLink} />)}
      {isPlatformUser(session) && (
        <MenuItem component={RouterLink} to="/ycAdmin">
          <ListItemIcon><AdminPanelSettings fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('app.menu.administration')}</ListItemText>
        </MenuItem>
      )}
    </MenuList>
  );
}
