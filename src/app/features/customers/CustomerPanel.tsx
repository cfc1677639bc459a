import { useEffect, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, useUpdate } from 'ra-core';
import { customersGetCustomerAccessCount } from '../../../../generated/app/calls/customers.gen';
import type { CustomerRecord, CustomerUpdateDto } from '../../../../generated/types/customers.gen';
import { FEATURES } from '../../../../model/catalogue/features';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useCallQuery } from '../../data/calls';
import { useAppNotify } from '../../notify/useAppNotify';

/**
 * The platform admin's customer page (the model's `screens.show.panel` of customers, also
 * /ycAdmin/customer-details/{id}): how many users have access, blocking and unblocking, and the
 * domain features switched on for the customer (POST /admin/customers/update).
 */
export function CustomerPanel() {
  const record = useRecordContext<CustomerRecord>();
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const refresh = useRefresh();
  const [update, { isPending: busy }] = useUpdate();
  const [features, setFeatures] = useState<string[]>([]);
  const id = record?.id;
  useEffect(() => setFeatures(record?.features ?? []), [record?.features]);
  const answer = useCallQuery(customersGetCustomerAccessCount, { body: { customerId: id ?? '' } }, { enabled: !!id });
  const count = { data: answer.data?.result };
  if (!id) return null;

  function save(dto: Pick<CustomerUpdateDto, 'blocked' | 'features'>) {
    // The customers' generic update (POST /admin/customers/update {dto: {id, …}}).
    void update('customers', { id, data: dto, previousData: record }, {
      onSuccess: () => {
        toast(translate('customerPanel.saved'), { variation: 'success' });
        refresh();
      },
      onError: (e) => toast(describeError(e, { resource: 'customers', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
    });
  }

  const toggle = (name: string, on: boolean) => setFeatures((list) => (on ? [...list, name] : list.filter((f) => f !== name)));
  return (
    <Box sx={{ mx: 2, my: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        {count.data !== undefined && <Typography>{translate('customerPanel.users', { count: count.data })}</Typography>}
        {record?.blocked && <Alert severity="warning" sx={{ py: 0 }}>{translate('customerPanel.blocked')}</Alert>}
        <Button variant="outlined" color={record?.blocked ? 'primary' : 'error'} disabled={busy} onClick={() => void save({ blocked: !record?.blocked })}>
          {translate(record?.blocked ? 'customerPanel.unblock' : 'customerPanel.block')}
        </Button>
      </Stack>
      <Typography variant="h6" component="h2">{translate('customerPanel.featuresTitle')}</Typography>
      <FormGroup row sx={{ mb: 1 }}>
        {FEATURES.map((name) => (
          <FormControlLabel key={name} sx={{ minWidth: 220 }}
            control={<Checkbox checked={features.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />}
            label={translate(`customerPanel.features.${name}`)} />
        ))}
      </FormGroup>
      <Button variant="contained" disabled={busy} onClick={() => void save({ features })}>{translate('customerPanel.saveFeatures')}</Button>
    </Box>
  );
}
