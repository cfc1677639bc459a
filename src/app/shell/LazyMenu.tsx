import { lazy, Suspense, useState } from 'react';
import type { MenuProps } from '@mui/material';

const loadMenu = () => import('./OpenMenu');
const OpenMenu = lazy(loadMenu);

/**
 * Starts loading the menu before it is needed, e.g. when the pointer reaches or the focus lands on a
 * menu's button, so that the click rarely waits for it.
 */
export function preloadMenu() {
  void loadMenu();
}

/**
 * MUI's Menu, with its code loaded the first time it opens: the header's menus (company, language,
 * user) are on every shop page, and their trigger buttons render at once while Menu, Popover and
 * Modal stay out of the scripts the page needs to be usable. Once opened it stays mounted, so
 * closing plays the exit transition and focus returns to the button as with a plain Menu. The menu
 * items (MenuItem) are ordinary children, rendered by the caller.
 */
export function LazyMenu(props: MenuProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenMenu {...props} />
    </Suspense>
  );
}
