import Storefront from '@mui/icons-material/Storefront';
import { Menu, useCanAccess, useTranslate } from 'react-admin';
import type { MenuEntry, NavMenuItem } from '../../shared/generated-contract';
import { useAppServices, useSession } from '../bootstrap/context';
import { orderedMenu } from '../access/landing';
import { BUILT_PAGES, type PageRegistry } from './pages/built-pages';
import { extraAdminMenu } from './extra-privileges';
import { menuIcon } from './menu-icons';
import { adminMenuIcon } from './admin-menu-icons';
import { PAGES } from '../../../generated/app/pages.gen';
import { canOpenPage, matchPage } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';

/**
 * One admin menu entry, shown only when the user may list its resource and open its page (the page
 * guard of the catalogue: /ycAdmin/supplier-orders needs extra privileges, flows §6).
 */
function AdminMenuItem({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  const { canAccess } = useCanAccess({ action: 'list', resource: entry.resource });
  const page = matchPage(PAGES, entry.path);
  const subject = pageSubjectOf(session, domain.links ?? {});
  if (!canAccess || (page && (!subject || canOpenPage(page, subject) !== 'ok'))) return null;
  const Icon = adminMenuIcon(entry.icon);
  return <Menu.Item to={entry.path} primaryText={translate(entry.labelKey, { smart_count: 2 })} leftIcon={<Icon />} />;
}

/**
 * Built admin pages the sidebar offers beside the resources' screens: pages of their own over calls
 * that are no generic list (the registrations: GET /pending-customer-registrations, flows §7), shown
 * when the user may open them.
 */
const ADMIN_PAGE_ENTRIES = [{ page: 'admin-customer-registrations', icon: 'HowToReg' }] as const;

function AdminPageMenuItem({ name, icon }: { name: string; icon: string }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  const page = PAGES[name];
  const subject = pageSubjectOf(session, domain.links ?? {});
  if (!page || !(name in BUILT_PAGES) || !subject || canOpenPage(page, subject) !== 'ok') return null;
  const Icon = adminMenuIcon(icon);
  return <Menu.Item to={page.path} primaryText={translate(`pages.${name}`)} leftIcon={<Icon />} />;
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
      {ADMIN_PAGE_ENTRIES.map((entry) => <AdminPageMenuItem key={entry.page} name={entry.page} icon={entry.icon} />)}
      {extra.map((item) => (
        <ExtraMenuItem key={item.key} item={item} />
      ))}
      <Menu.Item to="/products" primaryText={translate('app.menu.shop')} leftIcon={<Storefront />} />
    </Menu>
  );
}

export { ShopMenu } from './ShopMenu';
