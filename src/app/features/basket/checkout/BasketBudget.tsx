import { useEffect, useId, useMemo, useState } from 'react';
import { Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useUsableBudgets } from '../../budgets/usable';
import { usePrice } from '../../../common/hooks';
import { readCents } from '../../../../shared/money';

/** The feature of a customer that uses budgets (core §1). */
export const BUDGETS_FEATURE = 'budgets';

type Budget = NonNullable<ReturnType<typeof useUsableBudgets>['data']>['items'][number];
/** A budget of the basket's choice: `covers` when what is left of it pays the lines (products excl. VAT, what the budget is charged). */
export type BudgetChoice = Budget & { covers: boolean };

/**
 * The basket's budget choice (issue 29): the usable budgets with what is left of each, whether it
 * covers `needed` (the basket's products excluding VAT, what assign-budget checks), and the chosen
 * one ('' = later, on the order's page). A chosen budget that is no longer offered is let go.
 */
export function useBasketBudget(needed: string | null | undefined, offered: boolean) {
  const query = useUsableBudgets(offered);
  const [budgetId, setBudgetId] = useState('');
  const neededCents = readCents(needed) ?? 0n;
  const choices: BudgetChoice[] = useMemo(
    () => (query.data?.items ?? []).map((b) => ({ ...b, covers: (readCents(b.remaining) ?? 0n) >= neededCents })),
    [query.data, neededCents],
  );
  const chosen = choices.find((b) => b.id === budgetId) ?? null;
  useEffect(() => {
    if (query.data && budgetId && !chosen) setBudgetId('');
  }, [query.data, budgetId, chosen]);
  return { shown: offered && choices.length > 0, choices, chosen, choose: setBudgetId, reread: query.refetch };
}

/**
 * The budget section of the checkout: "later" or one of the budgets, each with what is left of it
 * (in the shop's language); one that cannot cover the order says so and cannot be chosen (flows §5:
 * over-budget orders are blocked). A budget chosen before the basket grew stays marked the same way
 * and the page refuses to order with it.
 */
export function BasketBudget({ choices, chosen, needed, onChoose }: {
  choices: BudgetChoice[]; chosen: BudgetChoice | null; needed: string; onChoose: (id: string) => void;
}) {
  const translate = useTranslate();
  const price = usePrice();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={`${id}-heading`} variant="subtitle1" component="h3">{translate('basketBudget.heading')}</Typography>
      <Typography variant="body2" id={`${id}-help`}>{translate('basketBudget.help', { amount: price(needed) })}</Typography>
      <RadioGroup aria-labelledby={`${id}-heading`} aria-describedby={`${id}-help`} value={chosen?.id ?? ''} onChange={(e) => onChoose(e.target.value)}>
        <FormControlLabel value="" control={<Radio size="small" />} label={translate('basketBudget.later')} />
        {choices.map((b) => (
          <FormControlLabel key={b.id} value={b.id} control={<Radio size="small" />} disabled={!b.covers && chosen?.id !== b.id}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
            label={(
              <Box sx={{ py: 0.5, minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>{b.name}</Typography>
                <Typography component="span" variant="body2" sx={{ display: 'block' }} color={b.covers ? 'text.secondary' : 'error'}>
                  {translate('basketBudget.remaining', { remaining: price(b.remaining) })}
                  {!b.covers && ` · ${translate('basketBudget.notEnough')}`}
                </Typography>
              </Box>
            )} />
        ))}
      </RadioGroup>
    </Box>
  );
}
