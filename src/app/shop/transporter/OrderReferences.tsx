import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import type { ShippingDetails } from '../types';

interface Named { id: string; name?: string | null; code?: string | null; active?: boolean | null }

const NONE: Named[] = [];

/**
 * A list the order can be booked on: the acting customer's departments
 * (GET /customer-departments/query?customerId) or projects (GET /projects), first 100. A list that
 * cannot be read (no access to projects, for example) is treated as empty, so its picker is left out.
 */
function useChoices(path: '/customer-departments/query' | '/projects'): Named[] {
  const { http } = useCoreServices();
  const { activeCustomerId } = useSession();
  const query = path === '/projects' ? { page: 1, pageSize: 100 } : { page: 1, pageSize: 100, customerId: activeCustomerId };
  const { data } = useAppQuery({
    queryKey: ['app', path, query],
    queryFn: ({ signal }) => http.get<{ items?: Named[] } | null>(path, { query, signal })
      .then((answer) => (answer?.items ?? []).filter((x) => x.active !== false)),
  });
  // Also while loading or after a failure: an empty list.
  const items = data ?? NONE;
  return items;
}

/**
 * Department and project of the order (transporterShippingDetails.departmentId / projectId): each
 * choice is saved at once with the whole basket. A stored choice that is no longer listed still
 * shows, so the picker never pretends nothing was chosen.
 */
export function OrderReferences({ details, save }: { details: ShippingDetails | null; save: (patch: Partial<ShippingDetails>) => unknown }) {
  const translate = useTranslate();
  const departments = useChoices('/customer-departments/query');
  const projects = useChoices('/projects');
  const picker = (key: 'departmentId' | 'projectId', label: string, items: Named[]) => {
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
