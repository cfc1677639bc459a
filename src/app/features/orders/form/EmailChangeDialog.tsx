import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';

/**
 * flows §5 "changing the supplier e-mail requires confirmation": asks before a quote's filled-in
 * e-mail address is replaced. Keeping it puts the previous address back in the input.
 */
export function EmailChangeDialog({ number, from, to, onConfirm, onKeep }: {
  number: number; from: string; to: string; onConfirm: () => void; onKeep: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onKeep} aria-labelledby="email-change-title" aria-describedby="email-change-text">
      <DialogTitle id="email-change-title">{translate('shop.orderForm.emailChange.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="email-change-text" sx={{ overflowWrap: 'anywhere' }}>
          {translate('shop.orderForm.emailChange.text', { number, from, to: to || '—' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>{translate('shop.orderForm.emailChange.keep')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>{translate('shop.orderForm.emailChange.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
