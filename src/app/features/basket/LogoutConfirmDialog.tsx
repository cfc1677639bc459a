import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface LogoutConfirmDialogProps {
  open: boolean;
  /** Items in the basket, for the text. */
  count: number;
  /** Cancel: the session and the basket stay. */
  onKeep(): void;
  onLogout(): void;
}

/** 'Log out with items in the basket?' (core §4 Logout), in both shells' user menus. */
export function LogoutConfirmDialog({ open, count, onKeep, onLogout }: LogoutConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby="logout-confirm-title" aria-describedby="logout-confirm-text">
      <DialogTitle id="logout-confirm-title">{translate('shop.logout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-confirm-text">{translate('shop.logout.text', { smart_count: count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>{translate('shop.logout.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onLogout}>{translate('shop.logout.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
