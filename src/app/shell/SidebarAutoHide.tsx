import { useEffect, useRef } from 'react';
import { useMediaQuery } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { CONSTANTS } from '../../../model/catalogue/constants';

/** Narrower than CONSTANTS.sidebarAutoHidePx (770 px). */
export const NARROW_QUERY = `(max-width: ${CONSTANTS.sidebarAutoHidePx - 0.02}px)`;

/**
 * core §2: the sidebar hides itself below about 770 px. Opening on a narrow screen closes it, and
 * crossing the width closes it (narrower) or opens it again (wider); in between the app bar's menu
 * button still collapses and expands it (react-admin's sidebar state).
 */
export function SidebarAutoHide() {
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const previous = useRef<boolean | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = narrow;
    if (narrow && (was === null || was === false) && open) setOpen(false);
    else if (!narrow && was === true && !open) setOpen(true);
    // Only a change of width decides; the user's own toggling stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [narrow]);
  return null;
}
