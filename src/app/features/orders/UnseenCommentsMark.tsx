import { Chip } from '@mui/material';
import ChatBubbleOutlinedIcon from '@mui/icons-material/ChatBubbleOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslate } from 'ra-core';
import { useOrderCommentsUnseen } from '../../../../generated/app/calls.gen';

/**
 * In the orders list, beside an order the user follows: how many messages of others on it they have
 * not seen yet (GET /v2/orders/unseen-comments, one call for the whole list); nothing when none.
 */
export function UnseenCommentsMark({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { data } = useOrderCommentsUnseen({});
  const count = data?.result.orders.find((o) => o.orderId === orderId)?.unseen ?? 0;
  if (!count) return null;
  return (
    <>
      <Chip size="small" color="primary" icon={<ChatBubbleOutlinedIcon />} label={count} aria-hidden sx={{ ml: 1, height: 20 }} />
      <span style={visuallyHidden}>{translate('shop.conversation.unseen', { smart_count: count })}</span>
    </>
  );
}
