import { useState, type MouseEvent } from 'react';
import { Logout, useUserMenu } from 'react-admin';
import { useLogout } from 'ra-core';
import { LogoutConfirmDialog } from './LogoutConfirmDialog';
import { useBasket } from './useBasket';

/**
 * react-admin's logout item, which first asks for confirmation while the basket holds items (core §4
 * Logout). Cancel keeps the session (and the basket); confirm logs out as the item itself would.
 */
export function BasketAwareLogout() {
  const logout = useLogout();
  const { count } = useBasket();
  const userMenu = useUserMenu();
  const [asking, setAsking] = useState(false);

  /** Cancel: the dialog and the user menu it was opened from close; the session stays. */
  function cancel() {
    setAsking(false);
    userMenu?.onClose();
  }

  function intercept(event: MouseEvent) {
    if (count === 0) return; // the item's own click logs out
    event.preventDefault();
    event.stopPropagation();
    setAsking(true);
  }

  return (
    <>
      <Logout onClickCapture={intercept} />
      <LogoutConfirmDialog open={asking} count={count} onKeep={cancel} onLogout={() => { setAsking(false); void logout(null, undefined, false); }} />
    </>
  );
}
