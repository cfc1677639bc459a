import { useState } from 'react';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu, useTranslate, type MenuProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { CUSTOMER_MENU, PAGES } from '../../../generated/app/pages.gen';
import type { NavMenuItem } from '../../shared/generated-contract';
import { visibleMenu } from '../../shared/page-access';
import { isPlatformUser } from '../access/can-access';
import { pageSubjectOf } from '../access/page-subject';
import { useAppServices, useSession } from '../bootstrap/context';
import { registeredMenu, SHOP_PAGES, type PageRegistry } from '../pages/registry';
import { menuIcon } from './menu-icons';

type Links = Readonly<Record<string, string | null>>;

const within = (item: NavMenuItem, pathname: string): boolean =>
  item.path === pathname || (item.children ?? []).some((child) => within(child, pathname));

/** A collapsible group: open while it holds the current page. */
function MenuGroup({ item, links, depth }: { item: NavMenuItem; links: Links; depth: number }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => within(item, pathname));
  const Icon = menuIcon(item.icon);
  return (
    <>
      <MenuItem aria-expanded={open} onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }}>
        <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate(item.labelKey)}</ListItemText>
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {item.children!.map((child) => <MenuEntry key={child.key} item={child} links={links} depth={depth + 1} />)}
        </List>
      </Collapse>
    </>
  );
}

function MenuEntry({ item, links, depth = 0 }: { item: NavMenuItem; links: Links; depth?: number }) {
  const translate = useTranslate();
  if (item.children) return <MenuGroup item={item} links={links} depth={depth} />;
  const Icon = menuIcon(item.icon);
  const external = item.href ?? (item.tenantLink ? links[item.tenantLink] : null);
  if (external) {
    return (
      <MenuItem component="a" href={external} target="_blank" rel="noopener noreferrer" sx={{ pl: 2 + depth * 2 }}>
        <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate(item.labelKey)}</ListItemText>
      </MenuItem>
    );
  }
  if (!item.path) return null;
  return <Menu.Item to={item.path} primaryText={translate(item.labelKey)} leftIcon={<Icon />} sx={{ pl: 2 + depth * 2 }} />;
}

/**
 * The shop's sidebar (core §6): CUSTOMER_MENU as the user may see it (conditions, features,
 * permissions, pages they may open, tenant links), limited to pages the app has (pages/registry).
 */
export function ShopMenu({ registry = SHOP_PAGES }: MenuProps & { registry?: PageRegistry }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  const links = domain.links ?? {};
  const entries = registeredMenu(visibleMenu(CUSTOMER_MENU, pageSubjectOf(session, links), PAGES), registry);
  return (
    <Menu>
      {entries.map((item) => <MenuEntry key={item.key} item={item} links={links} />)}
      {isPlatformUser(session) && <Menu.Item to="/ycAdmin" primaryText={translate('app.menu.administration')} leftIcon={<AdminPanelSettings />} />}
    </Menu>
  );
}
