import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useI18nProvider, useTranslate } from 'ra-core';
import { useCoreServices } from '../../../bootstrap/context';
import { useAppNotify } from '../../../notify/useAppNotify';
import { GIFT_CARD_TYPE } from '../giftCard';
import { basketErrorText } from '../messages';
import { updateBasket } from '../store';
import { fromCents, readCents } from '../../../../shared/money';
import type { GiftCard, TransporterLine } from '../../../common/types';

/** The article type whose lines carry a gift card; one constant with the product pages' add dialog. */
export { GIFT_CARD_TYPE };

export const isGiftCardLine = (line: TransporterLine) => line.transporterArticle.type === GIFT_CARD_TYPE;

/** The server's rule (GiftCardDetailsRequired): a recipient name and e-mail and a value above 0. */
export function giftCardComplete(card: GiftCard | null | undefined): boolean {
  const cents = readCents(card?.value ?? null);
  return !!card?.recipientName?.trim() && !!card.recipientEmail?.trim() && cents !== null && cents > 0n;
}

type Draft = Record<'recipientName' | 'recipientEmail' | 'message' | 'value', string>;

const draftOf = (card: GiftCard | null | undefined): Draft => ({
  recipientName: card?.recipientName ?? '', recipientEmail: card?.recipientEmail ?? '', message: card?.message ?? '', value: card?.value ?? '',
});

/** The draft as the basket stores it; null when it breaks the server's rule (nothing is sent then). */
function cardOf(draft: Draft): GiftCard | null {
  const cents = readCents(draft.value);
  const card: GiftCard = {
    recipientName: draft.recipientName.trim(), recipientEmail: draft.recipientEmail.trim(),
    ...(draft.message.trim() ? { message: draft.message.trim() } : {}),
    value: cents === null ? '' : fromCents(cents),
  };
  return giftCardComplete(card) ? card : null;
}

/**
 * The details of one gift-card line (recipient name and e-mail, message, value), edited in place and
 * saved with the whole basket (the basket store's update: the lines change, nothing else). Until
 * they are complete the line says it blocks the order, as the server's GiftCardDetailsRequired does.
 */
export function GiftCardFields({ line, index, title }: { line: TransporterLine; index: number; title: string }) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const { http } = useCoreServices();
  const { toast } = useAppNotify();
  const id = useId();
  const stored = JSON.stringify(line.giftCard ?? null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(line.giftCard));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(draftOf(line.giftCard)), [stored]); // another answer of the server

  async function save() {
    const card = cardOf(draft);
    if (!card) {
      setError(translate('checkout.giftCard.incomplete'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateBasket(http, (lines) => lines.map((l, i) => (i === index ? { ...l, giftCard: card } : l)));
      toast('checkout.giftCard.saved', { variation: 'success' });
    } catch (e) {
      setError(basketErrorText(e, i18n));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Draft, props: { type?: string; required?: boolean; multiline?: boolean; inputMode?: 'decimal' } = {}) => (
    <TextField size="small" label={translate(`checkout.giftCard.${name}`)} value={draft[name]} type={props.type} required={props.required}
      multiline={props.multiline} minRows={props.multiline ? 2 : undefined}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: props.inputMode, maxLength: name === 'message' ? 1000 : 200 } }} />
  );

  return (
    <Box component="fieldset" aria-describedby={giftCardComplete(line.giftCard) ? undefined : `${id}-incomplete`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, mt: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{translate('checkout.giftCard.legend', { title })}</Typography>
      {!giftCardComplete(line.giftCard) && (
        <Alert id={`${id}-incomplete`} severity="warning" sx={{ gridColumn: '1 / -1' }}>{translate('checkout.giftCard.incomplete')}</Alert>
      )}
      {error && <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>{error}</Alert>}
      {field('recipientName', { required: true })}
      {field('recipientEmail', { type: 'email', required: true })}
      {field('value', { required: true, inputMode: 'decimal' })}
      {field('message', { multiline: true })}
      <Button variant="outlined" disabled={busy} onClick={save} sx={{ justifySelf: 'start' }}>{translate('checkout.giftCard.save')}</Button>
    </Box>
  );
}
