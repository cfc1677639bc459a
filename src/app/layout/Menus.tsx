import { Menu, useCanAccess, useTranslate } from 'react-admin';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Dashboard from '@mui/icons-material/Dashboard';
import type { MenuEntry } from '../../shared/generated-contract';
import { isPlatformUser } from '../access/can-access';
import { useSession } from '../bootstrap/context';
import { orderedMenu } from '../pages/landing';
import { menuIcon } from './menu-icons';

/** One admin menu entry, shown only when the user may list its resource. */
function AdminMenuItem({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'list', resource: entry.resource });
  if (!canAccess) return null;
  const Icon = menuIcon(entry.icon);
  return <Menu.Item to={entry.path} primaryText={translate(entry.labelKey, { smart_count: 2 })} leftIcon={<Icon />} />;
}

/** The platform admin area's sidebar, from the generated ADMIN_MENU. */
export function AdminMenu({ entries }: { entries: readonly MenuEntry[] }) {
  return (
    <Menu>
      {orderedMenu(entries).map((entry) => (
        <AdminMenuItem key={entry.resource} entry={entry} />
      ))}
    </Menu>
  );
}

/** The shop's sidebar; issue 3 adds the customer menu of core §2. */
export function ShopMenu() {
  const translate = useTranslate();
  const session = useSession();
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText={translate('app.home.title')} leftIcon={<Dashboard />} />
      {isPlatformUser(session) && <Menu.Item to="/ycAdmin" primaryText={translate('app.menu.administration')} leftIcon={<AdminPanelSettings />} />}
    </Menu>
  );
}
