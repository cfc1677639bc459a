import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { useOrdersLockTransactions } from '../../../../generated/app/calls.gen';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';
import { OrderEditDialog } from './OrderEditDialog';

/** The order's "transactions locked" mark beside its status (flows §4 "Transactions can be locked"). */
export function OrderLockChip({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  if (!order.transactionsLocked) return null;
  return <Chip size="small" variant="outlined" icon={<LockOutlinedIcon />} label={translate('shop.orderEdits.locked')} />;
}

/**
 * The order page header's buttons for what the server allows the user now (`decisions`): order it
 * again (a link to /duplicate-order/{id}), change its details (OrderEditDialog), lock or unlock its
 * transactions (PATCH /v2/orders/{id}/lock-transactions). They wrap on a phone.
 */
export function OrderHeaderActions({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [editing, setEditing] = useState(false);
  const d = order.decisions;
  const locked = !!order.transactionsLocked;
  // Done: a toast, the app's queries (counts, history) and the page read again; a refusal is a toast with its message.
  const lock = useOrdersLockTransactions({
    onSuccess: async (_, { body }) => {
      toast(body?.locked === false ? 'shop.orderEdits.unlockedDone' : 'shop.orderEdits.lockedDone', { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      refresh();
    },
    onError: (e) => toast(describeError(e, { resource: 'orders', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const toggleLock = () => lock.mutate({ params: { id: order.id }, body: { locked: !locked } });

  return (
    <>
      {d?.duplicate && (
        <Button variant="outlined" size="small" component={RouterLink} to={`/duplicate-order/${encodeURIComponent(order.id)}`}>
          {translate('shop.orderEdits.orderAgain')}
        </Button>
      )}
      {(d?.edit || d?.labels || d?.assign) && (
        <Button variant="outlined" size="small" onClick={() => setEditing(true)}>{translate('shop.orderEdits.editDetails')}</Button>
      )}
      {d?.lockTransactions && (
        <Button variant="outlined" size="small" disabled={lock.isPending} onClick={toggleLock}>
          {translate(locked ? 'shop.orderEdits.unlock' : 'shop.orderEdits.lock')}
        </Button>
      )}
      {editing && <OrderEditDialog order={order} onClose={() => setEditing(false)} />}
    </>
  );
}
