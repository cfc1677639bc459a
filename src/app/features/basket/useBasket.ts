import { useCallback, useEffect, useRef } from 'react';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useAppNotify } from '../../notify/useAppNotify';
import type { GiftCard, ShippingDetails, Transporter, TransporterArticle, TransporterLine } from '../../common/types';
import { basketErrorText, stockMessage } from './messages';
import { addToLines, itemCountOf, removeLine, setLineAmount, type BasketVerdict } from './rules';
import { currentBasket, loadBasket, saveBasketDto, updateBasket } from './store';

/** What a change answers: the new basket, or the text the user was shown. */
export type BasketOutcome = { ok: true; basket: Transporter } | { ok: false; message: string };

class Refused extends Error {
  constructor(readonly verdict: Exclude<BasketVerdict, { ok: true }>) {
    super('refused');
  }
}

const accept = (verdict: BasketVerdict): TransporterLine[] => {
  if (!verdict.ok) throw new Refused(verdict);
  return verdict.lines;
};

/**
 * The basket for components: its lines and count, and add / setAmount / remove / saveShipping that
 * check core §4 locally, send the whole basket and show what went wrong as a toast (the caller also
 * gets the text, to show next to its input, since a toast may be held back by the 5 s rule).
 */
export function useBasket() {
  const { http } = useCoreServices();
  const session = useSession();
  // The provider itself, not the context's copy per language: a language switch reloads nothing.
  const i18n = useCoreServices().i18n.i18nProvider;
  const { toast } = useAppNotify();
  const basket = session.basket && (session.basket as Transporter).customerId === session.activeCustomerId ? (session.basket as Transporter) : null;

  const run = useCallback(async (send: () => Promise<Transporter>, success?: { key: string; args?: Record<string, unknown> }): Promise<BasketOutcome> => {
    try {
      const answer = await send();
      if (success) toast(success.key, { variation: 'success', messageArgs: success.args });
      return { ok: true, basket: answer };
    } catch (error) {
      const message = error instanceof Refused
        ? error.verdict.reason === 'stock' ? stockMessage(i18n.translate, error.verdict.stock) : i18n.translate('shop.basket.invalidQuantity')
        : basketErrorText(error, i18n);
      toast(message, { variation: 'error' });
      return { ok: false, message };
    }
  }, [i18n, toast]);

  /** Adds `amount` of `article`; with `giftCard` (a GiftCard article) always as a line of its own. */
  const add = useCallback((article: TransporterArticle, amount: number, title = '', giftCard?: GiftCard) => {
    // Checked against the basket as it is now as well, so a refusal shows at once.
    const verdict = addToLines(currentBasket()?.transporterLines ?? [], article, amount, giftCard);
    if (!verdict.ok) return run(() => Promise.reject(new Refused(verdict)));
    return run(() => updateBasket(http, (lines) => accept(addToLines(lines, article, amount, giftCard))), { key: 'shop.basket.added', args: { title } });
  }, [http, run]);

  const setAmount = useCallback((index: number, amount: number) =>
    run(() => updateBasket(http, (lines) => accept(setLineAmount(lines, index, amount)))), [http, run]);

  const remove = useCallback((index: number) =>
    run(() => saveBasketDto(http, (lines) => removeLine(lines, index)), { key: 'shop.basket.removed' }), [http, run]);

  const saveShipping = useCallback((shipping: Partial<ShippingDetails>) =>
    run(() => updateBasket(http, (lines) => [...lines], shipping)), [http, run]);

  return { basket, count: itemCountOf(basket), add, setAmount, remove, saveShipping };
}

/**
 * Loads the basket once per page load and per signed-in user and company: after sign-in, and after a
 * company switch (core §4 "Active company"). Mounted once, in the shop header.
 */
export function useBasketAutoLoad(): void {
  const { http } = useCoreServices();
  const session = useSession();
  // The provider itself, not the context's copy per language: a language switch reloads nothing.
  const i18n = useCoreServices().i18n.i18nProvider;
  const { toast } = useAppNotify();
  const loadedFor = useRef<string | null>(null);
  const key = session.loggedIn && session.user && session.activeCustomerId ? `${session.user.id}/${session.activeCustomerId}` : null;
  useEffect(() => {
    if (!key || loadedFor.current === key) return;
    loadedFor.current = key;
    loadBasket(http).catch((error) => toast(basketErrorText(error, i18n, 'get'), { variation: 'error' }));
  }, [key, http, i18n, toast]);
}
