import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderDetail } from '../../common/types';
import { useOrderCall } from './useOrderCall';
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
  const { busy, run } = useOrderCall();
  const [editing, setEditing] = useState(false);
  const d = order.decisions;
  const locked = !!order.transactionsLocked;
  const toggleLock = () => run('PATCH', `/v2/orders/${encodeURIComponent(order.id)}/lock-transactions`, { locked: !locked },
    locked ? 'shop.orderEdits.unlockedDone' : 'shop.orderEdits.lockedDone');

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
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void toggleLock()}>
          {translate(locked ? 'shop.orderEdits.unlock' : 'shop.orderEdits.lock')}
        </Button>
      )}
      {editing && <OrderEditDialog order={order} onClose={() => setEditing(false)} />}
    </>
  );
}
