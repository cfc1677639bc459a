import { useState } from 'react';
import { Alert, Box, Button, Rating, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppQuery } from '../../data/query-client';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../types';

const R = 'shop.ratings';
const COMMENT_MAX = 2000;

interface OrderRating { id: string; userName: string | null; score: number; comment: string | null; createdAt: string }

const ratingsKey = (orderId: string) => ['app', 'order-ratings', orderId] as const;

/**
 * The order's rating (flows §2 tab "ratings", §3 Rating, §5 once per order): shown with its stars
 * (0 to 4), comment, who gave it and when; until then, once the order is approved, a form to give
 * it. MUI's Rating offers 1 to 4 stars; choosing the chosen star again empties it, which is 0.
 */
export function OrderRatings({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { data, error, isPending } = useAppQuery({
    queryKey: ratingsKey(order.id),
    queryFn: ({ signal }) => http.get<{ result: OrderRating[] }>(`/v2/orders/${encodeURIComponent(order.id)}/ratings`, { signal }).then((r) => r.result),
  });
  const rating = data?.[0];
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
  const { http, i18n } = useCoreServices();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setTouched(true);
    if (score === null) return;
    setBusy(true);
    setError(null);
    try {
      await http.post(`/v2/orders/${encodeURIComponent(orderId)}/ratings`, { score, comment: comment.trim() || null });
      toast(`${R}.saved`, { variation: 'success' });
      await queryClient.invalidateQueries({ queryKey: ratingsKey(orderId) });
    } catch (e) {
      setError(describeError(e, { resource: 'order-ratings', op: 'create' }, i18n.i18nProvider));
      // Someone else rated it meanwhile: show theirs.
      await queryClient.invalidateQueries({ queryKey: ratingsKey(orderId) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">{translate(`${R}.none`)} {translate(`${R}.once`)}</Typography>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
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
      <Box><Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate(`${R}.submit`)}</Button></Box>
    </Box>
  );
}
