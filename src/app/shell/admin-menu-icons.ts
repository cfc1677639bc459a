/**
 * The icons only the platform admin area's menu uses (the screens' `menu.icon` in the model), kept
 * apart from menu-icons.ts so the marketplace pages do not load them; tests/app/i18n.test.ts fails
 * when the admin menu names an icon found in neither.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import Category from '@mui/icons-material/Category';
import FileDownload from '@mui/icons-material/FileDownload';
import Handshake from '@mui/icons-material/Handshake';
import HowToReg from '@mui/icons-material/HowToReg';
import Outbox from '@mui/icons-material/Outbox';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import Workspaces from '@mui/icons-material/Workspaces';
import { menuIcon } from './menu-icons';

export const ADMIN_MENU_ICONS: Readonly<Record<string, SvgIconComponent>> = { Category, FileDownload, Handshake, HowToReg, Outbox, PictureAsPdf, ViewCarousel, Workspaces };

/** The icon of an admin menu entry: its own, else the shop menus' (menu-icons.ts). */
export function adminMenuIcon(name: string): SvgIconComponent {
  return ADMIN_MENU_ICONS[name] ?? menuIcon(name);
}
