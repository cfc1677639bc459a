import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { supplierArticlesSandboxImportStaples } from '../../../../../generated/app/calls/supplier-articles.gen';
import { supplierOrdersSandboxCreate, supplierOrdersSandboxSend } from '../../../../../generated/app/calls/supplier-orders.gen';
import { useCoreServices } from '../../../bootstrap/context';
import { callApi } from '../../../data/call-api';
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
  const { http, i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const [orderId, setOrderId] = useState('');
  const [ids, setIds] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function run(event: FormEvent, call: () => Promise<string>) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const text = await call();
      setOutcome(text);
      toast(text, { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
    } catch (e) {
      toast(describeError(e, { resource: 'supplier-orders', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const create = (event: FormEvent) => run(event, async () => {
    const { result } = await callApi(http, supplierOrdersSandboxCreate, { body: { dto: { orderId: orderId.trim() } } });
    return translate(`${M}.created`, { created: result.created, total: result.supplierOrderIds.length });
  });
  const send = (event: FormEvent) => run(event, async () => {
    const list = ids.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
    const { result } = await callApi(http, supplierOrdersSandboxSend, { body: { dto: list.length ? { supplierOrderIds: list } : {} } });
    return translate(`${M}.queued`, { queued: result.queued });
  });

  const importCatalogue = (event: FormEvent) => run(event, async () => {
    await callApi(http, supplierArticlesSandboxImportStaples, { body: {} });
    return translate(`${M}.importQueued`);
  });

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
