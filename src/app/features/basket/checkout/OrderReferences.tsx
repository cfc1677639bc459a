import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useBookingChoices, type BookingChoice } from '../../orders/booking-choices';
import type { ShippingDetails } from '../../../common/types';
import { todayInShopZone } from '../../../../shared/shop-clock';

/**
 * Department and project of the order (transporterShippingDetails.departmentId / projectId) and the
 * day the company would like it delivered (requestedDeliveryDate, optional, from today): each choice
 * is saved at once with the whole basket. A stored choice that is no longer listed still shows, so
 * the picker never pretends nothing was chosen.
 */
export function OrderReferences({ details, save }: { details: ShippingDetails | null; save: (patch: Partial<ShippingDetails>) => unknown }) {
  const translate = useTranslate();
  const departments = useBookingChoices('customer-departments');
  const projects = useBookingChoices('projects');
  const stored = details?.requestedDeliveryDate ?? '';
  const [day, setDay] = useState(stored);
  useEffect(() => setDay(stored), [stored]);
  const picker = (key: 'departmentId' | 'projectId', label: string, items: BookingChoice[]) => {
    const value = details?.[key] ?? '';
    if (!items.length && !value) return null;
    return (
      <TextField select size="small" label={label} value={value} onChange={(e) => void save({ [key]: e.target.value || null })}>
        <MenuItem value=""><em>{translate('checkout.details.none')}</em></MenuItem>
        {value && !items.some((x) => x.id === value) && <MenuItem value={value}>{value}</MenuItem>}
        {items.map((x) => <MenuItem key={x.id} value={x.id}>{[x.name, x.code && `(${x.code})`].filter(Boolean).join(' ') || x.id}</MenuItem>)}
      </TextField>
    );
  };
  return (
    <>
      {picker('departmentId', translate('checkout.details.department'), departments)}
      {picker('projectId', translate('checkout.details.project'), projects)}
      {/* Saved when left, as the order's other texts are: a date typed digit by digit passes through other valid dates. */}
      <TextField size="small" type="date" label={translate('resources.orders.fields.requestedDeliveryDate')} value={day}
        onChange={(e) => setDay(e.target.value)} onBlur={() => { if (day !== stored) void save({ requestedDeliveryDate: day || null }); }}
        helperText={translate('checkout.details.requestedDeliveryDateHelp')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInShopZone() } }} />
    </>
  );
}
