import { useState } from 'react';
import { orderTemplatesCreate } from '../../../../generated/app/calls/order-templates.gen';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useSession } from '../../bootstrap/context';
import type { Transporter } from '../../common/types';
import { type LineInput } from './api';
import { useOrderTemplatesCreate } from '../../../../generated/app/calls.gen';
import { TitleDialog, useTemplateDone } from './dialogs';

/** The gift-card article type: a template cannot hold one (flows §3). */
const GIFT_CARD = 'GiftCard';

/** The basket's lines a template can hold: every article line but gift cards, and how many gift cards are left out. */
export function templateLinesOf(basket: Transporter): { lines: LineInput[]; giftCards: number } {
  const giftCards = basket.transporterLines.filter((l) => l.transporterArticle.type === GIFT_CARD).length;
  const lines = basket.transporterLines.filter((l) => l.transporterArticle.type !== GIFT_CARD)
    .map((l) => ({ supplierArticleId: l.transporterArticle.id, amount: l.amount }));
  return { lines, giftCards };
}

/**
 * "Save as template" on the basket page: the basket's articles and amounts become a new order
 * template under the title the user gives (POST /order-templates/create); the basket stays as it
 * is and so does the page, so the user goes on to order. Gift cards are left out, and said so.
 * Shown only with the orderTemplates feature and the right to create templates (the create call's
 * access rule, which carries the feature), and only when the basket has something a template can hold.
 */
export function SaveBasketAsTemplate({ basket }: { basket: Transporter }) {
  const translate = useTranslate();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const done = useTemplateDone();
  const create = useOrderTemplatesCreate();
  const { lines, giftCards } = templateLinesOf(basket);
  if (!canCall(orderTemplatesCreate.access, subjectOf(session)) || lines.length === 0) return null;
  const help = [translate('shop.templates.fromBasket.help'), giftCards ? translate('shop.templates.fromBasket.giftCardsLeftOut', { smart_count: giftCards }) : '']
    .filter(Boolean).join(' ');

  function save(title: string) {
    create.mutate({ body: { dto: { title, lines } } }, {
      onSuccess: async () => {
        await done('shop.templates.fromBasket.saved', { args: { title } })();
        setOpen(false);
      },
    });
  }

  return (
    <>
      <Button variant="outlined" onClick={() => { create.reset(); setOpen(true); }}>{translate('shop.templates.fromBasket.button')}</Button>
      {open && (
        <TitleDialog heading={translate('shop.templates.fromBasket.title')} help={help} busy={create.isPending} error={create.errorText}
          onSave={save} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
