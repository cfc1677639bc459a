import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { OrderDetail } from '../../common/types';
import { usePrice } from '../../common/hooks';

export type OrderContext = NonNullable<OrderDetail['context']>;

/**
 * What an approver reads before deciding (flows §4, issue 29): who ordered, the department, the
 * suppliers and each budget's remaining before and after the order; `extra` adds facts of the
 * caller (the inbox's total and age). Terms and values in pairs: one pair a line on a phone, three
 * beside each other on a wide screen, so a long inbox stays short.
 */
export function OrderContextFacts({ context, extra = [] }: { context: OrderContext; extra?: readonly { label: string; value: ReactNode }[] }) {
  const translate = useTranslate();
  const price = usePrice();
  const none = translate('shop.orders.context.none');
  const facts: { label: string; value: ReactNode }[] = [
    { label: translate('shop.orders.context.orderedBy'), value: context.orderedByName ?? none },
    { label: translate('shop.orders.context.department'), value: context.departmentName ?? none },
    { label: translate('shop.orders.context.suppliers'), value: context.suppliers.map((s) => s.name).join(', ') || none },
    ...extra,
    {
      label: translate('shop.orders.context.budget'),
      value: context.budgetEffects.length ? context.budgetEffects.map((b) => (
        // Approval would take the budget below zero (the decision refuses it: BudgetNotEnough): said in words and colour.
        <Box component="span" key={b.budgetId} sx={{ display: 'block', color: Number(b.remainingAfter) < 0 ? 'error.main' : undefined }}>
          {translate('shop.orders.context.budgetEffect', { name: b.name, before: price(b.remainingBefore), after: price(b.remainingAfter) })}
          {Number(b.remainingAfter) < 0 && ` (${translate('shop.orders.context.budgetShort')})`}
        </Box>
      )) : none,
    },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, auto) minmax(0, 1fr)', md: 'repeat(3, max-content minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {facts.map((f) => (
        <Box key={f.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{f.label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'break-word' }}>{f.value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The order page's context above its decision. */
export function OrderContextSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  if (!order.context) return null;
  return (
    <Box component="section" aria-labelledby="order-context-title" sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="order-context-title" variant="h6" component="h2" gutterBottom>{translate('shop.orders.context.title')}</Typography>
      <OrderContextFacts context={order.context} />
    </Box>
  );
}
