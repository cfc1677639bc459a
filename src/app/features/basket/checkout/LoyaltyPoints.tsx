import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLoyaltyTransactionsCalculateDiscount, useLoyaltyTransactionsPointsCount } from '../../../../../generated/app/calls.gen';
import { useSession } from '../../../bootstrap/context';
import type { BasketOutcome } from '../useBasket';
import { usePrice } from '../../../common/hooks';
import { fromCents, readCents } from '../../../../shared/money';
import type { ShippingDetails, Transporter } from '../../../common/types';

/** How long typing may pause before the discount preview is asked for. */
const PREVIEW_DELAY_MS = 300;

/** A whole number of points, 0 or more; null for anything else. */
function pointsOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/**
 * Spending loyalty points on the order (feature ycoin): the balance (GET /loyalty/getYcoinCount),
 * a live preview of the discount of the typed points on the basket's total
 * (GET /loyalty/calculateDiscount) and the choice, stored as transporterShippingDetails.loyaltyPoints
 * with the whole basket when the field is left, Enter is pressed or the button is used. More points
 * than the balance read ErrorMessage.NotEnoughPoints, here and in the server's refusal.
 */
export function LoyaltyPoints({ basket, save }: { basket: Transporter; save: (patch: Partial<ShippingDetails>) => Promise<BasketOutcome> }) {
  const translate = useTranslate();
  const price = usePrice();
  const { activeCustomerId } = useSession();
  const id = useId();
  const stored = basket.transporterShippingDetails?.loyaltyPoints ?? 0;
  const [text, setText] = useState(stored ? String(stored) : '');
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setText(stored ? String(stored) : ''), [stored]);

  // Read again for each stored basket (points may have been spent meanwhile); unknown when it fails.
  const balanceQuery = useLoyaltyTransactionsPointsCount({ query: { customerId: activeCustomerId ?? undefined } });
  const balance = balanceQuery.data ? balanceQuery.data.result?.points ?? 0 : null;
  const shownBasket = useRef(basket.id);
  const { refetch: refetchBalance } = balanceQuery;
  useEffect(() => {
    if (shownBasket.current === basket.id) return;
    shownBasket.current = basket.id;
    void refetchBalance();
  }, [basket.id, refetchBalance]);

  const points = pointsOf(text);
  // The preview is asked for once typing pauses; until then (and without points) there is none.
  const [settled, setSettled] = useState(points);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(points), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [points]);
  const asked = settled === points && !!points;
  const previewQuery = useLoyaltyTransactionsCalculateDiscount(
    { query: { cost: basket.totalCost, points: String(points ?? 0), customerId: activeCustomerId ?? undefined } },
    { enabled: asked },
  );
  const preview = asked ? previewQuery.data?.result ?? null : null;

  const tooMany = points !== null && balance !== null && points > balance;
  const problem = points === null
    ? translate('checkout.loyalty.invalid')
    : tooMany ? translate('ErrorMessage.NotEnoughPoints') : refusal;

  async function commit() {
    if (points === null || tooMany || points === stored) return;
    const outcome = await save({ loyaltyPoints: points });
    setRefusal(outcome.ok ? null : outcome.message);
  }

  const discountCents = preview ? readCents(preview.discount) ?? 0n : 0n;
  const after = fromCents((readCents(basket.totalCost) ?? 0n) - discountCents);
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={`${id}-heading`} variant="subtitle1" component="h3">{translate('checkout.loyalty.heading')}</Typography>
      {balance !== null && <Typography variant="body2" data-testid="loyalty-balance">{translate('checkout.loyalty.balance', { smart_count: balance })}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label={translate('checkout.loyalty.points')} value={text} error={!!problem} helperText={problem ?? undefined}
          onChange={(e) => { setText(e.target.value); setRefusal(null); }} onBlur={() => void commit()}
          onKeyDown={(e) => { if (e.key === 'Enter') void commit(); }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <Button variant="outlined" onClick={() => void commit()} disabled={points === null || tooMany || points === stored}>{translate('checkout.loyalty.apply')}</Button>
      </Box>
      <Box role="status" aria-live="polite">
        {preview && points ? (
          <>
            <Typography variant="body2">{translate('checkout.loyalty.preview', { discount: price(preview.discount), smart_count: preview.pointsUsed })}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>{translate('checkout.loyalty.totalAfter')}: {price(after)}</Typography>
          </>
        ) : null}
      </Box>
      {stored > 0 && points === stored && <Typography variant="body2" color="text.secondary">{translate('checkout.loyalty.applied')}</Typography>}
    </Box>
  );
}
