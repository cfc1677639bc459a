import { useState } from 'react';
import { Alert, Box, Button, Rating, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useOrderRatingsCreate, useOrderRatingsList } from '../../../../generated/app/calls.gen';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';

const R = 'shop.ratings';
const COMMENT_MAX = 2000;

/**
 * The order's rating (flows §2 tab "ratings", §3 Rating, §5 once per order): shown with its stars
 * (0 to 4), comment, who gave it and when; until then, once the order is approved, a form to give
 * it. MUI's Rating offers 1 to 4 stars; choosing the chosen star again empties it, which is 0.
 */
export function OrderRatings({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { data, error, isPending } = useOrderRatingsList({ params: { id: order.id } });
  const rating = data?.result[0];
  return (
    <Box component="section" aria-labelledby="order-rating-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, maxWidth: 640 }}>
      <Typography id="order-rating-title" variant="h6" component="h2">{translate(`${R}.title`)}</Typography>
      {error && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {rating && (
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Rating value={rating.score} max={CONSTANTS.ratingMax} readOnly aria-hidden />
            <Typography>{translate(`${R}.scoreOf`, { score: rating.score })}</Typography>
          </Box>
          {rating.comment && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 1 }}>{rating.comment}</Typography>}
          <Typography variant="caption" color="text.secondary">
            {translate(`${R}.givenBy`, { name: rating.userName ?? translate('shop.conversation.someone'), date: formatDateTime(rating.createdAt) })}
          </Typography>
        </Box>
      )}
      {!rating && !isPending && !error && (order.status === 'approved' ? <RatingForm orderId={order.id} /> : <Typography color="text.secondary">{translate(`${R}.notYet`)}</Typography>)}
    </Box>
  );
}

function RatingForm({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  // A failure (someone else rated it meanwhile, say) reads the ratings again: theirs then shows.
  const rate = useOrderRatingsCreate({ onSuccess: () => toast(`${R}.saved`, { variation: 'success' }) });

  function submit() {
    setTouched(true);
    if (score === null) return;
    rate.mutate({ params: { id: orderId }, body: { score, comment: comment.trim() || null } });
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">{translate(`${R}.none`)} {translate(`${R}.once`)}</Typography>
      {rate.errorText && <Alert severity="error" role="alert">{rate.errorText}</Alert>}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">{translate(`${R}.score`)}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Rating name={`order-rating-${orderId}`} max={CONSTANTS.ratingMax} value={score ?? 0} size="large"
            getLabelText={(value) => translate(`${R}.scoreOf`, { score: value })}
            onChange={(_, value) => setScore(value ?? 0)} />
          {score !== null && <Typography aria-live="polite">{translate(`${R}.scoreOf`, { score })}</Typography>}
        </Box>
        <Typography variant="caption" color={touched && score === null ? 'error' : 'text.secondary'}>
          {touched && score === null ? translate(`${R}.chooseScore`) : translate(`${R}.scoreHelp`)}
        </Typography>
      </Box>
      <TextField label={translate(`${R}.comment`)} multiline minRows={3} value={comment} onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }} />
      <Box><Button variant="contained" disabled={rate.isPending} onClick={submit}>{translate(`${R}.submit`)}</Button></Box>
    </Box>
  );
}
