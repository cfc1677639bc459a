import { useId } from 'react';
import { Box, Button, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import type { Address } from '../../../common/types';
import { AddressBookButton, useAddressBookRights } from '../../addresses/AddressBook';

/** The feature that lets a customer deliver to an address outside its book. */
export const ONE_TIME_FEATURE = 'oneTimeAddresses';

export type AddressMode = 'book' | 'oneTime';
type Country = (typeof CONSTANTS.countries)[number];
export type OneTimeAddress = Record<'street' | 'houseNumber' | 'bus' | 'zipCode' | 'city', string> & { countryCode: Country };

export const EMPTY_ONE_TIME: OneTimeAddress = { street: '', houseNumber: '', bus: '', zipCode: '', city: '', countryCode: 'BE' };

const POSTAL = ['street', 'houseNumber', 'bus', 'zipCode', 'city'] as const;
const F = 'resources.customer-addresses.fields.address';

/** A stored one-time address as the form's strings (countries outside the list fall back to BE). */
export function oneTimeOf(value: unknown): OneTimeAddress {
  const v = (value ?? {}) as Partial<Record<keyof OneTimeAddress, string | null>>;
  const country = v.countryCode && (CONSTANTS.countries as readonly string[]).includes(v.countryCode) ? v.countryCode as Country : 'BE';
  return { ...Object.fromEntries(POSTAL.map((k) => [k, v[k] ?? ''])), countryCode: country } as OneTimeAddress;
}

/** Whether any postal field is filled (the server's test for 'a one-time address was given'). */
export const oneTimeFilled = (a: OneTimeAddress) => POSTAL.some((k) => a[k].trim() !== '');

/** Enough to deliver to: a street, a zip code and a city (the server only asks for any one field). */
export const oneTimeComplete = (a: OneTimeAddress) => !!(a.street.trim() && a.zipCode.trim() && a.city.trim());

/** The one-time address as shipping details store it: trimmed, empty fields null. */
export const oneTimeForServer = (a: OneTimeAddress) =>
  ({ ...Object.fromEntries(POSTAL.map((k) => [k, a[k].trim() || null])), countryCode: a.countryCode });

export const addressLabel = (a: Address) =>
  [a.name, a.address?.street && `${a.address.street} ${a.address.houseNumber ?? ''}`.trim(), a.address?.city].filter(Boolean).join(', ');

interface Props {
  /** Whether the acting customer has the oneTimeAddresses feature; without it only the book shows. */
  oneTimeAllowed: boolean;
  addresses: Address[];
  mode: AddressMode;
  addressId: string;
  oneTime: OneTimeAddress;
  oneTimeError: string | null;
  onMode: (mode: AddressMode) => void;
  onAddressId: (id: string) => void;
  onOneTime: (value: OneTimeAddress) => void;
  onUseOneTime: () => void;
  onAddToBook: () => void;
}

/**
 * Where the order goes: an address of the customer's book (with 'add address' and 'manage address
 * book' for those whose rights allow them), or — only for a
 * customer with the oneTimeAddresses feature — a one-time address typed here and saved in the
 * basket's shipping details (transporterShippingDetails.oneTimeAddress, addressId empty).
 */
export function DeliveryAddress(p: Props) {
  const translate = useTranslate();
  const id = useId();
  const mode = p.oneTimeAllowed ? p.mode : 'book';
  const may = useAddressBookRights();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {p.oneTimeAllowed && (
        <FormControl>
          <FormLabel id={`${id}-mode`}>{translate('checkout.address.deliverTo')}</FormLabel>
          <RadioGroup aria-labelledby={`${id}-mode`} value={mode} onChange={(e) => p.onMode(e.target.value as AddressMode)}>
            <FormControlLabel value="book" control={<Radio />} label={translate('checkout.address.book')} />
            <FormControlLabel value="oneTime" control={<Radio />} label={translate('checkout.address.oneTime')} />
          </RadioGroup>
        </FormControl>
      )}
      {mode === 'book' ? (
        <>
          <TextField select size="small" label={translate('shop.transporter.address')} value={p.addressId} onChange={(e) => p.onAddressId(e.target.value)}>
            {p.addresses.length === 0 && <MenuItem value="">{translate('shop.transporter.noAddress')}</MenuItem>}
            {p.addresses.map((a) => <MenuItem key={a.id} value={a.id}>{addressLabel(a)}</MenuItem>)}
          </TextField>
          {(may.add || may.change || may.remove) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {may.add && <Button onClick={p.onAddToBook}>{translate('shop.transporter.addAddress')}</Button>}
              {(may.change || may.remove) && <AddressBookButton />}
            </Box>
          )}
        </>
      ) : (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: '2fr 1fr' }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{translate('checkout.address.oneTimeHeading')}</Typography>
          {POSTAL.map((k) => (
            <TextField key={k} size="small" label={translate(`${F}.${k}`)} value={p.oneTime[k]} required={k === 'street' || k === 'zipCode' || k === 'city'}
              onChange={(e) => p.onOneTime({ ...p.oneTime, [k]: e.target.value })} slotProps={{ htmlInput: { maxLength: k === 'city' ? 100 : k === 'street' ? 200 : 20 } }} />
          ))}
          <TextField select size="small" label={translate(`${F}.countryCode`)} value={p.oneTime.countryCode} onChange={(e) => p.onOneTime({ ...p.oneTime, countryCode: e.target.value as Country })}>
            {CONSTANTS.countries.map((c) => <MenuItem key={c} value={c}>{translate(`resources.customer-addresses.choices.address.countryCode.${c}`)}</MenuItem>)}
          </TextField>
          {p.oneTimeError && <Typography role="alert" color="error" variant="body2" sx={{ gridColumn: '1 / -1' }}>{p.oneTimeError}</Typography>}
          <Button variant="outlined" onClick={p.onUseOneTime} sx={{ justifySelf: 'start', gridColumn: '1 / -1' }}>{translate('checkout.address.use')}</Button>
        </Box>
      )}
    </Box>
  );
}
