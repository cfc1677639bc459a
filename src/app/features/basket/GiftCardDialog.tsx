import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { GiftCard } from '../../common/types';
import { checkGiftCard, EMPTY_GIFT_CARD, GIFT_CARD_MAX_LENGTH, type GiftCardDraft, type GiftCardField, type GiftCardProblem } from './giftCard';

export interface GiftCardDialogProps {
  open: boolean;
  /** The article's title in the interface language. */
  title: string;
  onClose: () => void;
  /** Adds the line; answers null when it was added, else the text the user was shown. */
  onSubmit: (card: GiftCard) => Promise<string | null>;
}

const FIELDS: readonly GiftCardField[] = ['recipientName', 'recipientEmail', 'value', 'message'];

/**
 * The details a gift card line needs before it can be added (core §4; the server refuses a gift card
 * without them: GiftCardDetailsRequired). The first field has the focus, Escape or Cancel closes, Enter
 * adds; a field that is wrong says why and gets the focus, and nothing is sent until all are right. A
 * refusal of the server stays in the dialog, so the details can be corrected; after Cancel the details
 * typed so far stay for the next try, after a card was added the dialog starts empty again.
 */
export function GiftCardDialog({ open, title, onClose, onSubmit }: GiftCardDialogProps) {
  const translate = useTranslate();
  const id = useId();
  const [draft, setDraft] = useState<GiftCardDraft>(EMPTY_GIFT_CARD);
  const [problems, setProblems] = useState<Partial<Record<GiftCardField, GiftCardProblem>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<GiftCardField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  /** Escape, the backdrop or Cancel: the typed details stay, an earlier refusal goes. */
  function close() {
    setRefusal(null);
    onClose();
  }

  async function submit() {
    const check = checkGiftCard(draft);
    if (!check.ok) {
      setProblems(check.problems);
      inputs.current[FIELDS.find((f) => check.problems[f])!]?.focus();
      return;
    }
    setProblems({});
    setRefusal(null);
    setBusy(true);
    const message = await onSubmit(check.card);
    setBusy(false);
    if (message) return setRefusal(message);
    setDraft(EMPTY_GIFT_CARD);
    onClose();
  }

  const field = (name: GiftCardField, props: { type?: string; required?: boolean; multiline?: boolean; inputMode?: 'decimal' | 'email' } = {}) => {
    const problem = problems[name];
    return (
      <TextField id={`${id}-${name}`} label={translate(`checkout.giftCard.${name}`)} value={draft[name]} type={props.type}
        required={props.required} multiline={props.multiline} minRows={props.multiline ? 2 : undefined}
        autoFocus={name === 'recipientName'} fullWidth margin="dense" error={!!problem}
        helperText={problem ? translate(`shop.giftCard.invalid.${problem}`) : undefined}
        inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => { inputs.current[name] = el; }}
        onChange={(e) => { setDraft({ ...draft, [name]: e.target.value }); setProblems({ ...problems, [name]: undefined }); }}
        slotProps={{ htmlInput: { inputMode: props.inputMode, maxLength: GIFT_CARD_MAX_LENGTH[name] } }} />
    );
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <DialogTitle id={`${id}-title`}>{translate('shop.giftCard.title', { title })}</DialogTitle>
        <DialogContent>
          {refusal && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{refusal}</Alert>}
          {field('recipientName', { required: true })}
          {field('recipientEmail', { type: 'email', required: true, inputMode: 'email' })}
          {field('value', { required: true, inputMode: 'decimal' })}
          {field('message', { multiline: true })}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>{translate('shop.giftCard.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{translate('shop.giftCard.add')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
