import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useBookingChoices, type BookingChoice } from '../../orders/booking-choices';
import type { ShippingDetails } from '../../../common/types';

/**
 * Department and project of the order (transporterShippingDetails.departmentId / projectId): each
 * choice is saved at once with the whole basket. A stored choice that is no longer listed still
 * shows, so the picker never pretends nothing was chosen.
 */
export function OrderReferences({ details, save }: { details: ShippingDetails | null; save: (patch: Partial<ShippingDetails>) => unknown }) {
  const translate = useTranslate();
  const departments = useBookingChoices('customer-departments');
  const projects = useBookingChoices('projects');
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
    </>
  );
}
