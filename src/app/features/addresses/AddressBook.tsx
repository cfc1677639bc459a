import { useId, useState } from 'react';
import { postalLines } from '../../common/postal';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { customerAddressesAddNew, customerAddressesRemove, customerAddressesUpdate } from '../../../../generated/app/calls/customer-addresses.gen';
import { useCustomerAddressesRemove, useCustomerAddressesUpdate } from '../../../../generated/app/calls.gen';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import { changeGroup } from '../../data/call-mutation';
import { useAppNotify } from '../../notify/useAppNotify';
import { useAddressBook } from '../basket/address-book';
import type { Address } from '../../common/types';
import { AddressDialog } from './AddressDialog';

/** What the signed-in user may do with the book: the calls' own rules (addresses C, W, D). */
export function useAddressBookRights() {
  const subject = subjectOf(useSession());
  return {
    add: canCall(customerAddressesAddNew.access, subject),
    change: canCall(customerAddressesUpdate.access, subject),
    remove: canCall(customerAddressesRemove.access, subject),
  };
}

/** The address's lines, its bus named as on a Belgian envelope ('Dok 4 bus B'). */
const linesOf = (a: Address) => (a.address ? postalLines({ ...a.address, bus: a.address.bus && `bus ${a.address.bus}` }) : []);

/**
 * The acting customer's address book as people keep it: each address as a card (primary first),
 * with edit, make primary and remove for those whose rights allow them (the buttons the server
 * would refuse are not offered). The server's rules show in words: an address used by an order
 * cannot change (AddressUsedByOrder), the primary address cannot be removed (its remove button is
 * replaced by why), no duplicates (DuplicateAddress).
 */
export function AddressBook({ headingLevel = 'h2', headingId: givenId }: { headingLevel?: 'h2' | 'h3'; headingId?: string }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const addresses = useAddressBook();
  const may = useAddressBookRights();
  const [editing, setEditing] = useState<Address | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Address | null>(null);
  const update = useCustomerAddressesUpdate({ failure: { op: 'update' } });
  const remove = useCustomerAddressesRemove({ failure: { op: 'delete' } });
  const changes = changeGroup([update, remove]);

  function makePrimary(address: Address) {
    changes.start(update);
    update.mutate({ body: { dto: { id: address.id, isPrimary: true } } }, {
      onSuccess: () => toast(translate('addressBook.madePrimary', { name: address.name }), { variation: 'success' }),
    });
  }

  function confirmRemove(address: Address) {
    setRemoving(null);
    changes.start(remove);
    remove.mutate({ body: { dto: { id: address.id } } }, {
      onSuccess: () => toast(translate('addressBook.removed'), { variation: 'success' }),
    });
  }

  const ownId = useId();
  const headingId = givenId ?? ownId;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component={headingLevel}>{translate('addressBook.title')}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
        {translate(may.change || may.remove || may.add ? 'addressBook.intro' : 'addressBook.readOnly')}
      </Typography>
      {changes.errorText && <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>{changes.errorText}</Alert>}
      {addresses?.length === 0 && <Typography sx={{ mb: 1.5 }}>{translate('addressBook.empty')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-labelledby={headingId}>
        {(addresses ?? []).map((address) => {
          const labelId = `address-${address.id}`;
          return (
            <Paper key={address.id} variant="outlined" component="li" aria-labelledby={labelId} sx={{ p: 1.5, listStyle: 'none' }}>
              <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography id={labelId} variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>{address.name}</Typography>
                {address.isPrimary && <Chip size="small" color="primary" label={translate('addressBook.primary')} />}
              </Stack>
              {linesOf(address).map((line) => <Typography key={line} variant="body2">{line}</Typography>)}
              {(address.contactName || address.phone) && (
                <Typography variant="body2" color="text.secondary">{[address.contactName, address.phone].filter(Boolean).join(' · ')}</Typography>
              )}
              {(may.change || may.remove) && (
                <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  {may.change && (
                    <Button size="small" variant="outlined" disabled={changes.busy} onClick={() => { changes.start(); setEditing(address); }}
                      aria-label={translate('addressBook.editOf', { name: address.name })}>
                      {translate('addressBook.edit')}
                    </Button>
                  )}
                  {may.change && !address.isPrimary && (
                    <Button size="small" disabled={changes.busy} onClick={() => makePrimary(address)} aria-label={translate('addressBook.makePrimaryOf', { name: address.name })}>
                      {translate('addressBook.makePrimary')}
                    </Button>
                  )}
                  {may.remove && !address.isPrimary && (
                    <Button size="small" color="error" disabled={changes.busy} onClick={() => setRemoving(address)} aria-label={translate('addressBook.removeOf', { name: address.name })}>
                      {translate('addressBook.remove')}
                    </Button>
                  )}
                  {may.remove && address.isPrimary && <Typography variant="caption" color="text.secondary">{translate('addressBook.primaryStays')}</Typography>}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
      {may.add && <Button sx={{ mt: 1.5 }} onClick={() => { changes.start(); setAdding(true); }}>{translate('addressBook.add')}</Button>}

      {editing && (
        <AddressDialog open address={editing} onClose={() => setEditing(null)} onSaved={() => {
          setEditing(null);
          toast(translate('addressBook.saved'), { variation: 'success' });
        }} />
      )}
      <AddressDialog open={adding} onClose={() => setAdding(false)} onSaved={() => {
        setAdding(false);
        toast(translate('addressBook.saved'), { variation: 'success' });
      }} />
      <Dialog open={!!removing} onClose={() => setRemoving(null)} aria-labelledby="remove-address-text">
        <DialogContent><DialogContentText id="remove-address-text">{translate('addressBook.removeConfirm', { name: removing?.name ?? '' })}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{translate('addressBook.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => removing && confirmRemove(removing)}>{translate('addressBook.remove')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** "Manage address book" beside the basket's address choice: the book in a dialog. */
export function AddressBookButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{translate('addressBook.manage')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={headingId} fullWidth maxWidth="sm">
        <DialogContent><AddressBook headingId={headingId} /></DialogContent>
        <DialogActions><Button onClick={() => setOpen(false)}>{translate('addressBook.close')}</Button></DialogActions>
      </Dialog>
    </>
  );
}
