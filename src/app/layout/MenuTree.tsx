import { useState, type ComponentType } from 'react';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { NavMenuItem } from '../../shared/generated-contract';
import { menuIcon } from './menu-icons';

/** The tenant's external links (domain config), by the name a menu entry's tenantLink gives. */
export type TenantLinks = Readonly<Record<string, string | null>>;

/** How a shell draws a link to one of its own pages (react-admin's Menu.Item, or a plain MUI item). */
export type PageLinkComponent = ComponentType<{ path: string; label: string; Icon: ReturnType<typeof menuIcon>; depth: number }>;

const within = (item: NavMenuItem, pathname: string): boolean =>
  item.path === pathname || (item.children ?? []).some((child) => within(child, pathname));

/** A collapsible group: open while it holds the current page. */
function MenuGroup({ item, links, depth, PageLink }: { item: NavMenuItem; links: TenantLinks; depth: number; PageLink: PageLinkComponent }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => within(item, pathname));
  const Icon = menuIcon(item.icon);
  const label = translate(item.labelKey);
  return (
    <>
      <MenuItem aria-expanded={open} onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }}>
        <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
        <ListItemText>{label}</ListItemText>
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {/* Inside the sidebar's menu a submenu is a group of menu items: a plain list there breaks the
            menu's structure for screen readers (a menu owns only items and groups). */}
        <List disablePadding role="group" aria-label={label}>
          {item.children!.map((child) => <MenuTreeEntry key={child.key} item={child} links={links} depth={depth + 1} PageLink={PageLink} />)}
        </List>
      </Collapse>
    </>
  );
}

/**
 * One entry of the model's sidebar, in either shell: a group, an external or tenant link (new tab),
 * or one of the app's pages drawn by the shell's PageLink.
 */
export function MenuTreeEntry({ item, links, depth = 0, PageLink }: { item: NavMenuItem; links: TenantLinks; depth?: number; PageLink: PageLinkComponent }) {
  const translate = useTranslate();
  if (item.children) return <MenuGroup item={item} links={links} depth={depth} PageLink={PageLink} />;
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
  return <PageLink path={item.path} label={translate(item.labelKey)} Icon={Icon} depth={depth} />;
}
