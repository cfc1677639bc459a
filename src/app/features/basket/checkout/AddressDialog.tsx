import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { useCustomerAddressesAddNew } from '../../../../../generated/app/calls.gen';
import type { Address } from '../../../common/types';

const F = 'resources.customer-addresses.fields';
const FIELDS = ['name', 'contactName', 'phone', 'address.street', 'address.houseNumber', 'address.bus', 'address.zipCode', 'address.city'] as const;

/** 'Add address' (POST /customeraddressbook/addNew {dto}); a refusal such as DuplicateAddress shows in the dialog. */
export function AddressDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (address: Address) => void }) {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<string, string>>({ 'address.countryCode': 'BE' });
  const addNew = useCustomerAddressesAddNew({ failure: { op: 'create' } });

  function save() {
    const dto = {
      name: values.name?.trim() ?? '',
      contactName: values.contactName || null,
      phone: values.phone || null,
      address: Object.fromEntries(['street', 'houseNumber', 'bus', 'zipCode', 'city', 'countryCode'].map((k) => [k, values[`address.${k}`] || null])),
    };
    addNew.mutate({ body: { dto } }, {
      onSuccess: ({ result }) => {
        setValues({ 'address.countryCode': 'BE' });
        onAdded(result as Address); // the record as the checkout's address list holds it (a name is required on create)
      },
    });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="address-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="address-dialog-title">{translate('shop.transporter.addAddress')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {addNew.errorText && <Alert severity="error" role="alert">{addNew.errorText}</Alert>}
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
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={addNew.isPending || !values.name?.trim()} onClick={save}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
