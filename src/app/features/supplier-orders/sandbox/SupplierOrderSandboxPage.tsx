import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Title, useTranslate } from 'react-admin';
import { useSupplierArticlesSandboxImportStaples, useSupplierOrdersSandboxCreate, useSupplierOrdersSandboxSend } from '../../../../../generated/app/calls.gen';
import { useCoreServices } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { useAppNotify } from '../../../notify/useAppNotify';

const M = 'fulfilment.sandbox';

/**
 * The supplier-order sandbox (/ycAdmin/supplier-order-sandbox, flows §2 "a sandbox for manual
 * supplier-order creation"; core §7 sandbox calls): create the supplier orders of an approved order
 * (POST /admin/sandbox/createSupplierOrders) and queue sending the CREATED ones
 * (POST /admin/sandbox/runSendOrdersToSuppliers), and queue the Staples catalogue import of the demo
 * sample file (POST /admin/sandbox/runImportStaplesCatalog; its result is in /ycAdmin/cron's logs).
 */
export function SupplierOrderSandboxPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const [orderId, setOrderId] = useState('');
  const [ids, setIds] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);

  // Each call says what it did on the page and in a toast, and the app's reads (counts) are read again.
  const done = async (text: string) => {
    setOutcome(text);
    toast(text, { variation: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['app'] });
  };
  // All three refusals say the supplier orders' 'create' failure text, as before.
  const failed = (e: Error) => toast(describeError(e, { resource: 'supplier-orders', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
  const createOrders = useSupplierOrdersSandboxCreate({
    onSuccess: ({ result }) => done(translate(`${M}.created`, { created: result.created, total: result.supplierOrderIds.length })),
    onError: failed,
  });
  const sendOrders = useSupplierOrdersSandboxSend({ onSuccess: ({ result }) => done(translate(`${M}.queued`, { queued: result.queued })), onError: failed });
  const importStaples = useSupplierArticlesSandboxImportStaples({ onSuccess: () => done(translate(`${M}.importQueued`)), onError: failed });
  const busy = createOrders.isPending || sendOrders.isPending || importStaples.isPending;

  const submit = (event: FormEvent, call: () => void) => {
    event.preventDefault();
    setOutcome(null);
    call();
  };
  const create = (event: FormEvent) => submit(event, () => createOrders.mutate({ body: { dto: { orderId: orderId.trim() } } }));
  const send = (event: FormEvent) => submit(event, () => {
    const list = ids.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
    sendOrders.mutate({ body: { dto: list.length ? { supplierOrderIds: list } : {} } });
  });
  const importCatalogue = (event: FormEvent) => submit(event, () => importStaples.mutate({ body: {} }));

  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={translate('pages.admin-supplier-order-sandbox')} />
      <Typography sx={{ mb: 2 }}>{translate(`${M}.intro`)}</Typography>
      {outcome && <Alert severity="success" sx={{ mb: 2 }} role="status">{outcome}</Alert>}
      <Stack spacing={2}>
        <Card component="section" aria-labelledby="sandbox-create">
          <CardContent component="form" onSubmit={create}>
            <Typography variant="h6" component="h2" id="sandbox-create">{translate(`${M}.createTitle`)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.createText`)}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField label={translate(`${M}.orderId`)} value={orderId} onChange={(e) => setOrderId(e.target.value)} size="small" required sx={{ minWidth: 360 }} />
              <Button type="submit" variant="contained" disabled={busy || !orderId.trim()}>{translate(`${M}.create`)}</Button>
            </Stack>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="sandbox-send">
          <CardContent component="form" onSubmit={send}>
            <Typography variant="h6" component="h2" id="sandbox-send">{translate(`${M}.sendTitle`)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.sendText`)}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField label={translate(`${M}.supplierOrderIds`)} value={ids} onChange={(e) => setIds(e.target.value)} size="small" sx={{ minWidth: 360 }} />
              <Button type="submit" variant="contained" disabled={busy}>{translate(`${M}.send`)}</Button>
            </Stack>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="sandbox-import">
          <CardContent component="form" onSubmit={importCatalogue}>
            <Typography variant="h6" component="h2" id="sandbox-import">{translate(`${M}.importTitle`)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.importText`)}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button type="submit" variant="contained" disabled={busy}>{translate(`${M}.import`)}</Button>
              <Button component={Link} to="/cron">{translate(`${M}.importLogs`)}</Button>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
