import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { useCoreServices } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import { useAppQuery } from '../../data/query-client';
import { deliveriesAdminCreate } from '../../../../generated/app/calls/deliveries.gen';
import { supplierOrdersLines } from '../../../../generated/app/calls/supplier-orders.gen';
import { useAppNotify } from '../../notify/useAppNotify';
import { AnnounceDeliveryForm } from './AnnounceDeliveryForm';
import type { SupplierOrderRecord } from '../../../../generated/types/supplier-orders.gen';

const M = 'fulfilment.deliveries';
const SO = 'resources.supplier-orders.choices.status';


/**
 * /ycAdmin/deliveries/create (flows §2): a platform admin finds a supplier order by its number, says
 * per line how many this delivery brings (AnnounceDeliveryForm, as a supplier does on the supplier
 * order's page) and creates the delivery (POST /admin/deliveries/create-for-supplierorder), then
 * lands on its page.
 */
export function AdminDeliveryCreatePage() {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SupplierOrderRecord | null>(null);

  const found = useGetList<SupplierOrderRecord>('supplier-orders',
    { pagination: { page: 1, perPage: 10 }, filter: { gcsNumber: search.trim() } }, { enabled: search.trim().length > 0 && !chosen });
  const lines = useAppQuery({
    queryKey: ['app', 'delivery-create-lines', chosen?.id ?? ''],
    enabled: !!chosen,
    queryFn: ({ signal }) => callApi(http, supplierOrdersLines, { body: { query: { supplierOrderId: chosen!.id } } }, { signal }).then((r) => r.result.items),
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">{translate(`${M}.create`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.createHelp`)}</Typography>
      {!chosen && (
        <>
          <TextField fullWidth size="small" type="search" label={translate(`${M}.findSupplierOrder`)} value={search} onChange={(e) => setSearch(e.target.value)} />
          {found.data?.length === 0 && <Typography sx={{ mt: 1 }}>{translate(`${M}.noSupplierOrders`)}</Typography>}
          <List aria-label={translate(`${M}.findSupplierOrder`)}>
            {(found.data ?? []).map((so) => (
              <ListItemButton key={so.id} onClick={() => setChosen(so)} divider>
                <ListItemText primary={so.gcsNumber} secondary={[so.supplierName, so.status && translate(`${SO}.${so.status}`)].filter(Boolean).join(' · ')} />
              </ListItemButton>
            ))}
          </List>
        </>
      )}
      {chosen && (
        <>
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="h2">{chosen.gcsNumber}</Typography>
            {chosen.status && <Chip size="small" label={translate(`${SO}.${chosen.status}`)} />}
            <Typography color="text.secondary">{chosen.supplierName}</Typography>
            <Button size="small" onClick={() => setChosen(null)}>{translate(`${M}.cancel`)}</Button>
          </Stack>
          {lines.error && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
          {lines.data && (
            <AnnounceDeliveryForm
              key={chosen.id} lines={lines.data} submitLabel={translate(`${M}.createSubmit`)}
              send={(a) => callApi(http, deliveriesAdminCreate, { body: { dto: { supplierOrderId: chosen.id, ...a } } }).then((r) => r.result)}
              onDone={(created) => {
                toast(translate(`${M}.created`, { number: created.deliveryNumber }), { variation: 'success' });
                navigate(`${ADMIN_PREFIX}/delivery-details/${encodeURIComponent(created.id)}`);
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
