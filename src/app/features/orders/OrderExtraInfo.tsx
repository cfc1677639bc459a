import { useEffect, useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';

const EXTRA_INFO_MAX = 2000;

/**
 * The order's extra info (flows §3): read by everyone who reads the order, changed by whoever placed
 * it or decides on it until the order is final (the server's `decisions.extraInfo`;
 * PATCH /v2/orders/{id}/extra-info). Empty text clears it.
 */
export function OrderExtraInfo({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const refresh = useRefresh();
  const { toast } = useAppNotify();
  const [text, setText] = useState(order.extraInfo ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(order.extraInfo ?? ''), [order.extraInfo]);
  const may = order.decisions?.extraInfo ?? false;

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await http.request('PATCH', `/v2/orders/${encodeURIComponent(order.id)}/extra-info`, { body: { extraInfo: text.trim() || null } });
      toast('shop.orders.extraInfo.saved', { variation: 'success' });
      refresh();
    } catch (e) {
      setError(describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider));
    } finally {
      setBusy(false);
    }
  }

  if (!may) {
    return <Typography sx={{ whiteSpace: 'pre-line' }}>{order.extraInfo || translate('shop.orders.extraInfo.empty')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <TextField label={translate('resources.orders.fields.extraInfo')} multiline minRows={4} value={text} onChange={(e) => setText(e.target.value)}
        helperText={translate('shop.orders.extraInfo.help')} slotProps={{ htmlInput: { maxLength: EXTRA_INFO_MAX } }} />
      <Box><Button variant="contained" disabled={busy || text === (order.extraInfo ?? '')} onClick={() => void save()}>{translate('ra.action.save')}</Button></Box>
    </Box>
  );
}
