import { Menu, useCanAccess, useTranslate } from 'react-admin';
import type { MenuEntry } from '../../shared/generated-contract';
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

export { ShopMenu } from './ShopMenu';
