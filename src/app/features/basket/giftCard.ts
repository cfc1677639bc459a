/**
 * The gift card as the browser checks it before the basket is sent: the server's rule
 * (GiftCardDetailsRequired, src/server/ordering/basket-lines.ts: a recipient name and e-mail and a
 * value above 0) and its field schemas (model/resources/ordering.ts: e-mail, money as a decimal with
 * comma or dot and at most two decimals, name ≤ 200, message ≤ 1000), so a card that would be refused
 * is never sent. Kept free of React and zod: the product pages load it (light shell budget).
 */
import { fromCents, readCents } from '../../../shared/money';
import type { GiftCard, TransporterArticle } from '../../common/types';

/** The article type whose lines carry a gift card (never merged: each card has its own recipient). */
export const GIFT_CARD_TYPE = 'GiftCard';

export const isGiftCardArticle = (article: Pick<TransporterArticle, 'type'>) => article.type === GIFT_CARD_TYPE;

export type GiftCardField = 'recipientName' | 'recipientEmail' | 'value' | 'message';
export type GiftCardDraft = Record<GiftCardField, string>;
/** What is wrong with a field, as the last part of its message key (shop.giftCard.invalid.*). */
export type GiftCardProblem = 'required' | 'email' | 'value';

export const EMPTY_GIFT_CARD: GiftCardDraft = { recipientName: '', recipientEmail: '', value: '', message: '' };
export const GIFT_CARD_MAX_LENGTH: Record<GiftCardField, number> = { recipientName: 200, recipientEmail: 200, value: 16, message: 1000 };

/** The server's money format (src/shared/field-schemas.ts DECIMAL_RE, without the sign: a value is above 0). */
const VALUE_RE = /^\d{1,12}([.,]\d{1,2})?$/;
/** The e-mail check of the server's schema (zod's email pattern), so both agree on what an address is. */
const EMAIL_RE = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** '12,5' → '12.50'; null when the text is no amount above 0 in the server's format. */
export function giftCardValue(text: string): string | null {
  const trimmed = text.trim();
  if (!VALUE_RE.test(trimmed)) return null;
  const cents = readCents(trimmed)!;
  return cents > 0n ? fromCents(cents) : null;
}

export type GiftCardCheck = { ok: true; card: GiftCard } | { ok: false; problems: Partial<Record<GiftCardField, GiftCardProblem>> };

/** The draft as the basket line carries it (trimmed, value '12.50', no empty message), or what is wrong. */
export function checkGiftCard(draft: GiftCardDraft): GiftCardCheck {
  const problems: Partial<Record<GiftCardField, GiftCardProblem>> = {};
  const recipientName = draft.recipientName.trim();
  const recipientEmail = draft.recipientEmail.trim();
  const message = draft.message.trim();
  const value = giftCardValue(draft.value);
  if (!recipientName) problems.recipientName = 'required';
  if (!recipientEmail) problems.recipientEmail = 'required';
  else if (!EMAIL_RE.test(recipientEmail)) problems.recipientEmail = 'email';
  if (!draft.value.trim()) problems.value = 'required';
  else if (value === null) problems.value = 'value';
  if (Object.keys(problems).length || value === null) return { ok: false, problems };
  return { ok: true, card: { recipientName, recipientEmail, value, ...(message ? { message } : {}) } };
}
