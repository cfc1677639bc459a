import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { Menu, useSidebarState, useTranslate, type MenuProps } from 'react-admin';
import { CUSTOMER_MENU, PAGES } from '../../../generated/app/pages.gen';
import { visibleMenu } from '../../shared/page-access';
import { isPlatformUser } from '../access/can-access';
import { pageSubjectOf } from '../access/page-subject';
import { useAppServices, useSession } from '../bootstrap/context';
import { BUILT_PAGES, registeredMenu, type PageRegistry } from './pages/built-pages';
import { MENU_LABEL_WRAP, MenuTreeEntry, type PageLinkComponent } from './MenuTree';

/**
 * The react-admin shell's page link: react-admin's own menu item (active state, sidebar behaviour).
 * A long label wraps (MENU_LABEL_WRAP) rather than ending in '…' in the sidebar's width.
 */
const RaPageLink: PageLinkComponent = ({ path, label, Icon, depth, badge }) => {
  // Closed to its icons, the sidebar keeps each entry one line high (a wrapped label would stack).
  const [open] = useSidebarState();
  return <Menu.Item to={path} primaryText={badge ? <>{label}{badge}</> : label} leftIcon={<Icon />} sx={{ pl: 2 + depth * 2, ...(open ? MENU_LABEL_WRAP : {}) }} />;
};

/**
 * The shop's sidebar (core §6): CUSTOMER_MENU as the user may see it (conditions, features,
 * permissions, pages they may open, tenant links), limited to pages the app has built (pages/built-pages).
 */
export function ShopMenu({ registry = BUILT_PAGES }: MenuProps & { registry?: PageRegistry }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  const links = domain.links ?? {};
  const entries = registeredMenu(visibleMenu(CUSTOMER_MENU, pageSubjectOf(session, links), PAGES), registry);
  return (
    <Menu>
      {entries.map((item) => <MenuTreeEntry key={item.key} item={item} links={links} PageLink={RaPageLink} />)}
      {isPlatformUser(session) && <Menu.Item to="/ycAdmin" primaryText={translate('app.menu.administration')} leftIcon={<AdminPanelSettings />} />}
    </Menu>
  );
}
