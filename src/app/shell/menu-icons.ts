/**
 * ADMIN_MENU and the menus of pages.gen.ts name their icons by their @mui/icons-material name. Importing the whole icon package by
 * name would put thousands of icons in the bundle, so the names the model uses are listed here;
 * tests/app/i18n.test.ts and tests/app/shop-menu.test.tsx fail when the model uses one that is missing.
 * These are the icons of the shop's menus, which every shop page (the marketplace too) draws; the
 * icons only the admin area's menu uses are in admin-menu-icons.ts, out of the marketplace's bundle.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import Assignment from '@mui/icons-material/Assignment';
import BarChart from '@mui/icons-material/BarChart';
import Business from '@mui/icons-material/Business';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Inventory from '@mui/icons-material/Inventory';
import Inventory2 from '@mui/icons-material/Inventory2';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import NoteAdd from '@mui/icons-material/NoteAdd';
import OpenInNew from '@mui/icons-material/OpenInNew';
import People from '@mui/icons-material/People';
import Receipt from '@mui/icons-material/Receipt';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Schedule from '@mui/icons-material/Schedule';
import Settings from '@mui/icons-material/Settings';
import ShoppingBasket from '@mui/icons-material/ShoppingBasket';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Store from '@mui/icons-material/Store';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Warehouse from '@mui/icons-material/Warehouse';

export const MENU_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  Assignment, BarChart, Business, Dashboard, Description, Inventory,
  Inventory2, ListAlt, LocalShipping, Login, Logout, ManageAccounts, NoteAdd, OpenInNew, People,
  Receipt, ReceiptLong, RequestQuote, Schedule, Settings, ShoppingBasket, ShoppingCart, Store,
  Storefront, SwapHoriz, TaskAlt, Warehouse,
};

/** The icon for a name, or a neutral list icon for names not registered yet. */
export function menuIcon(name: string): SvgIconComponent {
  return MENU_ICONS[name] ?? ListAlt;
}
