import { lazy, Suspense, useId, useState } from 'react';
import { Box, Button, FormHelperText } from '@mui/material';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import { useTranslate } from 'ra-core';
import type { GiftCard, TransporterArticle } from '../../common/types';
import { TextInput } from '../../common/ui/TextInput';
import { isGiftCardArticle } from './giftCard';
import { useBasket } from './useBasket';

// Asked only for gift cards: the dialog (MUI Dialog and its fields) loads when first opened.
const GiftCardDialog = lazy(() => import('./GiftCardDialog').then((m) => ({ default: m.GiftCardDialog })));

export interface AddToBasketProps {
  article: TransporterArticle;
  /** The article's title in the interface language, for the labels and the success message. */
  title: string;
  size?: 'small' | 'medium';
}

/** The first amount offered: the minimum order quantity (at least 1). */
const startAmount = (article: TransporterArticle) => Math.max(1, article.minOrderQuant ?? 1);

/**
 * Quantity and 'add to basket' (core §4). The field starts at the minimum order quantity and stops at
 * the stock; an article without stock or no longer available shows 'out of stock' instead. A refusal
 * (local or the server's) is shown under the field as well as in a toast. A gift card first asks its
 * recipient and value in a dialog (GiftCardDetailsRequired) and always becomes a line of its own.
 */
export function AddToBasket({ article, title, size = 'small' }: AddToBasketProps) {
  const translate = useTranslate();
  const { add } = useBasket();
  const [text, setText] = useState(String(startAmount(article)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Whether the gift card dialog is open. */
  const [asking, setAsking] = useState(false);
  /** Whether it has been opened: the dialog's code loads then, and stays for its closing transition. */
  const [asked, setAsked] = useState(false);
  const errorId = useId();
  if (article.available === false || article.stock === 0) {
    return (
      <Box component="span" sx={{ display: 'inline-block', px: 1.25, py: size === 'small' ? 0.25 : 0.75, border: 1, borderColor: 'divider', borderRadius: 4, typography: 'body2' }}>
        {translate('shop.addToBasket.outOfStock')}
      </Box>
    );
  }
  const min = startAmount(article);

  async function submit(giftCard?: GiftCard) {
    const amount = Number(text);
    if (!giftCard && isGiftCardArticle(article)) {
      const valid = Number.isInteger(amount) && amount > 0;
      setError(valid ? null : translate('shop.basket.invalidQuantity'));
      if (valid) {
        setAsked(true);
        setAsking(true);
      }
      return null;
    }
    setBusy(true);
    const outcome = await add(article, amount, title, giftCard);
    setBusy(false);
    setError(outcome.ok || giftCard ? null : outcome.message);
    if (outcome.ok) setText(String(min));
    return outcome.ok ? null : outcome.message;
  }

  return (
    <>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {/* The quantity keeps its width (its label is 'Quantité' in French); the button goes below where the card is narrow. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            label={translate('shop.addToBasket.quantity')}
            type="number"
            size={size}
            value={text}
            onChange={(e) => { setText(e.target.value); setError(null); }}
            error={!!error}
            sx={{ width: 96, flexShrink: 0 }}
            inputProps={{ min, max: article.stock ?? undefined, step: 1, 'aria-describedby': error ? errorId : undefined }}
          />
          <Button type="submit" variant="contained" size={size} disabled={busy} startIcon={<AddShoppingCart />}
            aria-label={translate('shop.addToBasket.addTitle', { title })}>
            {translate('shop.addToBasket.add')}
          </Button>
        </Box>
        {min > 1 && <FormHelperText>{translate('shop.addToBasket.minOrder', { smart_count: min })}</FormHelperText>}
        {error && <FormHelperText id={errorId} error role="alert">{error}</FormHelperText>}
      </Box>
      {/* Outside the form in the React tree: the dialog's own submit must not bubble into this one. */}
      {isGiftCardArticle(article) && asked && (
        <Suspense fallback={null}>
          <GiftCardDialog open={asking} title={title} onClose={() => setAsking(false)} onSubmit={submit} />
        </Suspense>
      )}
    </>
  );
}
