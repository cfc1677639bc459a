import { Menu, type MenuProps } from '@mui/material';

/**
 * MUI's Menu as a module of its own, so layout/LazyMenu can load it on first open: Menu brings
 * Popover, Modal and the focus trap (about 10 KB gzip), which the shop pages need only once a header
 * menu is opened (issue 4's script budget).
 */
export default function OpenMenu(props: MenuProps) {
  return <Menu {...props} />;
}
