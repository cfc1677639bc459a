import { useState, type ComponentType, type ReactNode } from 'react';
import { Box, Collapse, List, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import type { NavMenuItem } from '../../shared/generated-contract';
import { menuIcon } from './menu-icons';
import { useToApproveCount } from '../features/orders/useToApproveCount';
import { useDeliveriesToApproveCount } from '../features/deliveries/useDeliveriesToApproveCount';
import { useInvoicesToPayCount } from '../features/invoices/useInvoicesToPayCount';

/** The tenant's external links (domain config), by the name a menu entry's tenantLink gives. */
export type TenantLinks = Readonly<Record<string, string | null>>;

/** How a shell draws a link to one of its own pages (react-admin's Menu.Item, or a plain MUI item). */
/** `badge`: a count shown after the label (the orders waiting for the user), part of the link's name. */
export type PageLinkComponent = ComponentType<{ path: string; label: string; Icon: ReturnType<typeof menuIcon>; depth: number; badge?: ReactNode }>;

/**
 * A menu entry's label wraps onto a second line in the sidebar's width instead of ending in '…'
 * ('Via la place de ma…'); react-admin's menu item puts its label in a noWrap Typography.
 */
export const MENU_LABEL_WRAP = {
  whiteSpace: 'normal', overflowWrap: 'break-word',
  '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

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
        {/* A long label ('Gebruikers en afdelingen') wraps beside the chevron instead of running under it. */}
        <ListItemText sx={{ ...MENU_LABEL_WRAP, minWidth: 0 }}>{label}</ListItemText>
        {open ? <ExpandLess fontSize="small" sx={{ flexShrink: 0, ml: 1 }} /> : <ExpandMore fontSize="small" sx={{ flexShrink: 0, ml: 1 }} />}
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
      <MenuItem component="a" href={external} target="_blank" rel="noopener noreferrer" sx={{ pl: 2 + depth * 2, ...MENU_LABEL_WRAP }}>
        <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate(item.labelKey)}</ListItemText>
      </MenuItem>
    );
  }
  if (!item.path) return null;
  if (item.badge === 'ordersToApprove') return <OrdersToApproveLink path={item.path} label={translate(item.labelKey)} Icon={Icon} depth={depth} PageLink={PageLink} />;
  if (item.badge === 'deliveriesToApprove') return <DeliveriesToApproveLink path={item.path} label={translate(item.labelKey)} Icon={Icon} depth={depth} PageLink={PageLink} />;
  if (item.badge === 'invoicesToPay') return <InvoicesToPayLink path={item.path} label={translate(item.labelKey)} Icon={Icon} depth={depth} PageLink={PageLink} />;
  return <PageLink path={item.path} label={translate(item.labelKey)} Icon={Icon} depth={depth} />;
}

type BadgeLinkProps = { path: string; label: string; Icon: ReturnType<typeof menuIcon>; depth: number; PageLink: PageLinkComponent };

/**
 * An entry with the model's 'ordersToApprove' badge (the approval inbox): the number of orders waiting
 * for the user's step (flows §4), when there are any. Offered only to users who take a step on orders
 * (the count names the statuses they act in; a plain buyer has none), once the count says so.
 */
function OrdersToApproveLink(props: BadgeLinkProps) {
  const toApprove = useToApproveCount().data;
  if (!toApprove || Object.keys(toApprove.byStatus).length === 0) return null;
  return <CountLink {...props} count={toApprove.count} labelKey="shop.orders.toApproveBadge" />;
}

/** An entry with the model's 'deliveriesToApprove' badge: the deliveries the user reads that wait for a confirmation (core §7 to-approve-count). */
function DeliveriesToApproveLink(props: BadgeLinkProps) {
  return <CountLink {...props} count={useDeliveriesToApproveCount().data?.count ?? 0} labelKey="shop.deliveries.toApproveBadge" />;
}

/** An entry with the model's 'invoicesToPay' badge: the invoices the user reads that are still to pay (flows §7 toPayCount). */
function InvoicesToPayLink(props: BadgeLinkProps) {
  return <CountLink {...props} count={useInvoicesToPayCount().data?.count ?? 0} labelKey="shop.invoices.toPayBadge" />;
}

function CountLink({ PageLink, count, labelKey, ...link }: BadgeLinkProps & { count: number; labelKey: string }) {
  const translate = useTranslate();
  const badge = count > 0
    ? (
      <Box component="span" sx={{ ml: 1, px: 0.75, minWidth: 20, borderRadius: 10, display: 'inline-block', textAlign: 'center', fontSize: '0.75rem', lineHeight: '20px', bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
        <span aria-hidden>{count}</span>
        <Box component="span" sx={visuallyHidden}>{translate(labelKey, { smart_count: count })}</Box>
      </Box>
    )
    : undefined;
  return <PageLink {...link} badge={badge} />;
}
