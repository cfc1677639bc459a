import { useEffect, useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'ra-core';
import { useOrdersExtraInfo } from '../../../../generated/app/calls.gen';
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
  const refresh = useRefresh();
  const { toast } = useAppNotify();
  const [text, setText] = useState(order.extraInfo ?? '');
  // A failure without an errorCode reads as the order's update failure, as any change of the order.
  const save = useOrdersExtraInfo({
    failure: { op: 'update' },
    onSuccess: () => {
      toast('shop.orders.extraInfo.saved', { variation: 'success' });
      refresh();
    },
  });
  useEffect(() => setText(order.extraInfo ?? ''), [order.extraInfo]);
  const may = order.decisions?.extraInfo ?? false;

  if (!may) {
    return <Typography sx={{ whiteSpace: 'pre-line' }}>{order.extraInfo || translate('shop.orders.extraInfo.empty')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
      {save.errorText && <Alert severity="error" role="alert">{save.errorText}</Alert>}
      <TextField label={translate('resources.orders.fields.extraInfo')} multiline minRows={4} value={text} onChange={(e) => setText(e.target.value)}
        helperText={translate('shop.orders.extraInfo.help')} slotProps={{ htmlInput: { maxLength: EXTRA_INFO_MAX } }} />
      <Box><Button variant="contained" disabled={save.isPending || text === (order.extraInfo ?? '')} onClick={() => save.mutate({ params: { id: order.id }, body: { extraInfo: text.trim() || null } })}>{translate('ra.action.save')}</Button></Box>
    </Box>
  );
}
