import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCustomerAddressesAddNew, useCustomerAddressesUpdate } from '../../../../generated/app/calls.gen';
import type { Address } from '../../common/types';

const F = 'resources.customer-addresses.fields';
const FIELDS = ['name', 'contactName', 'phone', 'address.street', 'address.houseNumber', 'address.bus', 'address.zipCode', 'address.city'] as const;
const POSTAL = ['street', 'houseNumber', 'bus', 'zipCode', 'city', 'countryCode'] as const;

/** An address as the dialog's strings (a new one starts in Belgium). */
function valuesOf(address: Address | null): Record<string, string> {
  if (!address) return { 'address.countryCode': 'BE' };
  const postal = (address.address ?? {}) as Partial<Record<(typeof POSTAL)[number], string | null>>;
  return {
    name: address.name ?? '',
    contactName: (address.contactName as string | null | undefined) ?? '',
    phone: (address.phone as string | null | undefined) ?? '',
    ...Object.fromEntries(POSTAL.map((k) => [`address.${k}`, postal[k] ?? (k === 'countryCode' ? 'BE' : '')])),
  };
}

/**
 * 'Add address' (POST /customeraddressbook/addNew {dto}) or, given an address, 'Edit address'
 * (POST /customeraddressbook/update {dto:{id,…}}); a refusal (DuplicateAddress, AddressUsedByOrder)
 * shows in the dialog in the user's language and the dialog stays open.
 */
export function AddressDialog({ open, address = null, onClose, onSaved }: {
  open: boolean;
  /** The address to edit; none adds one. */
  address?: Address | null;
  onClose: () => void;
  onSaved: (address: Address) => void;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<string, string>>(() => valuesOf(address));
  const addNew = useCustomerAddressesAddNew({ failure: { op: 'create' } });
  const update = useCustomerAddressesUpdate({ failure: { op: 'update' } });
  const saving = address ? update : addNew;

  function save() {
    const dto = {
      name: values.name?.trim() ?? '',
      contactName: values.contactName?.trim() || null,
      phone: values.phone?.trim() || null,
      address: Object.fromEntries(POSTAL.map((k) => [k, values[`address.${k}`]?.trim() || null])),
    };
    const done = ({ result }: { result: unknown }) => {
      if (!address) setValues(valuesOf(null));
      onSaved(result as Address); // the record as the address lists hold it (a name is required)
    };
    if (address) update.mutate({ body: { dto: { id: address.id, ...dto } } }, { onSuccess: done });
    else addNew.mutate({ body: { dto } }, { onSuccess: done });
  }

  function close() {
    saving.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="address-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="address-dialog-title">{translate(address ? 'addressBook.editTitle' : 'addressBook.add')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {saving.errorText && <Alert severity="error" role="alert">{saving.errorText}</Alert>}
        {FIELDS.map((field) => (
          <TextField key={field} size="small" label={translate(`${F}.${field}`)} required={field === 'name'} value={values[field] ?? ''}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })} />
        ))}
        <TextField select size="small" label={translate(`${F}.address.countryCode`)} value={values['address.countryCode']}
          onChange={(e) => setValues({ ...values, 'address.countryCode': e.target.value })}>
          {CONSTANTS.countries.map((c) => <MenuItem key={c} value={c}>{translate(`resources.customer-addresses.choices.address.countryCode.${c}`)}</MenuItem>)}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={saving.isPending || !values.name?.trim()} onClick={save}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
