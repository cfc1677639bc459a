import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Logout, useUserMenu } from 'react-admin';
import { useLogout, useTranslate } from 'ra-core';
import { useBasket } from './useBasket';

/**
 * react-admin's logout item, which first asks for confirmation while the basket holds items (core §4
 * Logout). Cancel keeps the session (and the basket); confirm logs out as the item itself would.
 */
export function BasketAwareLogout() {
  const translate = useTranslate();
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
      <Dialog open={asking} onClose={cancel} aria-labelledby="logout-confirm-title" aria-describedby="logout-confirm-text">
        <DialogTitle id="logout-confirm-title">{translate('shop.logout.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-confirm-text">{translate('shop.logout.text', { smart_count: count })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} autoFocus>{translate('shop.logout.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => { setAsking(false); void logout(null, undefined, false); }}>
            {translate('shop.logout.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
