import { useState } from 'react';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, MenuList } from '@mui/material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link, useLocation } from 'react-router-dom';
import { CUSTOMER_MENU, PAGES } from '../../../generated/app/pages.gen';
import type { NavMenuItem } from '../../shared/generated-contract';
import { visibleMenu } from '../../shared/page-access';
import { isPlatformUser } from '../access/can-access';
import { pageSubjectOf } from '../access/page-subject';
import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppTranslate } from '../i18n/react';
import { menuIcon } from '../layout/menu-icons';
import { registeredMenu } from './page-names';

type Links = Readonly<Record<string, string | null>>;

const within = (item: NavMenuItem, pathname: string): boolean =>
  item.path === pathname || (item.children ?? []).some((child) => within(child, pathname));

function MenuGroup({ item, links, depth }: { item: NavMenuItem; links: Links; depth: number }) {
  const translate = useAppTranslate();
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
          {item.children!.map((child) => <Entry key={child.key} item={child} links={links} depth={depth + 1} />)}
        </List>
      </Collapse>
    </>
  );
}

function Entry({ item, links, depth = 0 }: { item: NavMenuItem; links: Links; depth?: number }) {
  const translate = useAppTranslate();
  const { pathname } = useLocation();
  if (item.children) return <MenuGroup item={item} links={links} depth={depth} />;
  const Icon = menuIcon(item.icon);
  const external = item.href ?? (item.tenantLink ? links[item.tenantLink] : null);
  const content = (
    <>
      <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate(item.labelKey)}</ListItemText>
    </>
  );
  if (external) {
    return <MenuItem component="a" href={external} target="_blank" rel="noopener noreferrer" sx={{ pl: 2 + depth * 2 }}>{content}</MenuItem>;
  }
  if (!item.path) return null;
  const current = item.path === pathname;
  return (
    <MenuItem component={Link} to={item.path} selected={current} aria-current={current ? 'page' : undefined} sx={{ pl: 2 + depth * 2 }}>
      {content}
    </MenuItem>
  );
}

/**
 * layout/ShopMenu on the light pages (core §6): CUSTOMER_MENU as the user may see it, limited to the
 * pages the app has, and 'Administration' for platform users.
 */
export function LightMenu() {
  const translate = useAppTranslate();
  const session = useSession();
  const { domain } = useCoreServices();
  const links = domain.links ?? {};
  const entries = registeredMenu(visibleMenu(CUSTOMER_MENU, pageSubjectOf(session, links), PAGES));
  return (
    <MenuList>
      {entries.map((item) => <Entry key={item.key} item={item} links={links} />)}
      {isPlatformUser(session) && (
        <MenuItem component={Link} to="/ycAdmin">
          <ListItemIcon><AdminPanelSettings fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('app.menu.administration')}</ListItemText>
        </MenuItem>
      )}
    </MenuList>
  );
}
