import Storefront from '@mui/icons-material/Storefront';
import { Menu, useCanAccess, useTranslate } from 'react-admin';
import type { MenuEntry, NavMenuItem } from '../../shared/generated-contract';
import { useAppServices, useSession } from '../bootstrap/context';
import { orderedMenu } from '../pages/landing';
import { BUILT_PAGES, type PageRegistry } from '../pages/built-pages';
import { extraAdminMenu } from './extra-privileges';
import { menuIcon } from './menu-icons';
import { adminMenuIcon } from './admin-menu-icons';

/** One admin menu entry, shown only when the user may list its resource. */
function AdminMenuItem({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'list', resource: entry.resource });
  if (!canAccess) return null;
  const Icon = adminMenuIcon(entry.icon);
  return <Menu.Item to={entry.path} primaryText={translate(entry.labelKey, { smart_count: 2 })} leftIcon={<Icon />} />;
}

/** An ADMIN_EXTRA_MENU entry (extra privileges on, its page exists). */
function ExtraMenuItem({ item }: { item: NavMenuItem }) {
  const translate = useTranslate();
  const Icon = menuIcon(item.icon);
  return <Menu.Item to={item.path ?? '/ycAdmin'} primaryText={translate(item.labelKey)} leftIcon={<Icon />} />;
}

/**
 * The platform admin area's sidebar, from the generated ADMIN_MENU; with a super admin's extra
 * privileges on, also ADMIN_EXTRA_MENU's entries whose pages are in `registry` (layout/extra-privileges);
 * last the way to the shop's marketplace (whose sidebar leads back here with 'Beheer'; / would send a platform user to this area again).
 */
export function AdminMenu({ entries, registry = BUILT_PAGES }: { entries: readonly MenuEntry[]; registry?: PageRegistry }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  const extra = extraAdminMenu(session, domain, registry);
  return (
    <Menu>
      {orderedMenu(entries).map((entry) => (
        <AdminMenuItem key={entry.resource} entry={entry} />
      ))}
      {extra.map((item) => (
        <ExtraMenuItem key={item.key} item={item} />
      ))}
      <Menu.Item to="/products" primaryText={translate('app.menu.shop')} leftIcon={<Storefront />} />
    </Menu>
  );
}

export { ShopMenu } from './ShopMenu';
