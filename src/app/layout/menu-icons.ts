/**
 * ADMIN_MENU names its icons by their @mui/icons-material name. Importing the whole icon package by
 * name would put thousands of icons in the bundle, so the names the model uses are listed here;
 * tests/app/menu.test.ts fails when the model uses one that is missing.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import Category from '@mui/icons-material/Category';
import Dashboard from '@mui/icons-material/Dashboard';
import Handshake from '@mui/icons-material/Handshake';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import Warehouse from '@mui/icons-material/Warehouse';
import Workspaces from '@mui/icons-material/Workspaces';

export const MENU_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  Category, Dashboard, Handshake, ListAlt, LocalShipping, ViewCarousel, Warehouse, Workspaces,
};

/** The icon for a name, or a neutral list icon for names not registered yet. */
export function menuIcon(name: string): SvgIconComponent {
  return MENU_ICONS[name] ?? ListAlt;
}
