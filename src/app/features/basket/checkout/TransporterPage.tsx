import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useI18nProvider, useTranslate } from 'ra-core';
import { useCoreServices, useSession } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { useIdempotencyKeys } from '../../../data/idempotency';
import { callApi } from '../../../data/call-api';
import { ordersFromTransporter } from '../../../../../generated/app/calls/orders.gen';
import { transportersValidate } from '../../../../../generated/app/calls/transporters.gen';
import { useAppNotify } from '../../../notify/useAppNotify';
import { useAddressBook } from '../address-book';
import { currentBasket, loadBasket } from '../store';
import { useBasket } from '../useBasket';
import { usePrice, useShopLanguage } from '../../../common/hooks';
import { readCents } from '../../../../shared/money';
import { SaveBasketAsTemplate } from '../../templates/SaveBasketAsTemplate';
import { inLanguage } from '../../../common/text';
import type { Address, ShippingDetails, Transporter } from '../../../common/types';
import { AddressDialog } from '../../addresses/AddressDialog';
import { BasketBudget, BUDGETS_FEATURE, useBasketBudget } from './BasketBudget';
import { SupplierBlock } from './BasketLines';
import { DeliveryAddress, EMPTY_ONE_TIME, ONE_TIME_FEATURE, oneTimeComplete, oneTimeFilled, oneTimeForServer, oneTimeOf, type AddressMode, type OneTimeAddress } from './DeliveryAddress';
import { LoyaltyPoints } from './LoyaltyPoints';
import { OrderReferences } from './OrderReferences';
import { problemText } from './problems';

const NO_ADDRESSES: Address[] = [];

/** The feature that lets a customer spend loyalty points on an order. */
const LOYALTY_FEATURE = 'ycoin';

function Totals({ basket }: { basket: Transporter }) {
  const translate = useTranslate();
  const price = usePrice();
  const rows: [string, string][] = [
    ['shop.transporter.productsExcl', basket.totalProductCostExcl],
    ['shop.transporter.productsIncl', basket.totalProductCostIncl],
    ['shop.transporter.shippingTotal', basket.totalShippingCost],
    ['shop.transporter.shippingVat', basket.totalShippingCostVat],
  ];
  return (
    <Box component="dl" aria-label={translate('shop.transporter.totals')} sx={{ display: 'grid', gridTemplateColumns: '1fr max-content', rowGap: 0.5, m: 0 }}>
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt">{translate(key)}</Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>{price(value)}</Box>
        </Box>
      ))}
      <Box sx={{ display: 'contents', fontWeight: 700 }}>
        <Box component="dt">{translate('shop.transporter.total')}</Box>
        <Box component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="basket-total">{price(basket.totalCost)}</Box>
      </Box>
    </Box>
  );
}

/**
 * /transporter: the basket per supplier (gift-card details on gift-card lines), the delivery address
 * (book or one-time), department and project, about and remark, loyalty points, the budget (feature
 * budgets: sent with the order, which then starts past its budget step), and 'Place order'.
 * Every change of the shipping details is saved with the whole basket (the basket hook). Placing
 * first asks the server's basket check (POST /v2/transporters/validate) and lists its problems
 * instead of ordering; only a clean basket becomes an order (POST /v2/orders/transporter).
 */
export function TransporterPage() {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const navigate = useNavigate();
  const language = useShopLanguage();
  const price = usePrice();
  const { http } = useCoreServices();
  const session = useSession();
  const { toast } = useAppNotify();
  const { basket, saveShipping: saveNow } = useBasket();
  // One key per 'Place order': a second click or a retry after a lost answer places one order.
  const orderKeys = useIdempotencyKeys();
  // Saves under way: placing an order waits for them (a field left by clicking 'Place order' saves first).
  const pending = useRef<Promise<unknown>>(Promise.resolve());
  const saveShipping = useCallback((patch: Partial<ShippingDetails>) => {
    const saving = saveNow(patch);
    pending.current = Promise.all([pending.current, saving]);
    return saving;
  }, [saveNow]);
  const [adding, setAdding] = useState(false);
  const [about, setAbout] = useState('');
  const [remark, setRemark] = useState('');
  const [addressId, setAddressId] = useState('');
  const [mode, setMode] = useState<AddressMode>('book');
  const [oneTime, setOneTime] = useState<OneTimeAddress>(EMPTY_ONE_TIME);
  const [oneTimeError, setOneTimeError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [placing, setPlacing] = useState(false);
  const customerId = session.activeCustomerId;
  const oneTimeAllowed = !!session.features?.[ONE_TIME_FEATURE];
  const loyaltyAllowed = !!session.features?.[LOYALTY_FEATURE];
  // The budget for every line, chosen here so the order starts past its budget step (none: chosen on the order's page).
  const budget = useBasketBudget(basket?.totalProductCostExcl, !!session.features?.[BUDGETS_FEATURE]);

  // The address book of the acting customer (one-time addresses left out).
  const book = useAddressBook();
  const addresses = book ?? NO_ADDRESSES;
  // Once the book is known, the primary address (else the first) unless one of the book is chosen
  // already (one removed from the book meanwhile is not).
  useEffect(() => {
    if (!book) return;
    setAddressId((current) => (current && book.some((a) => a.id === current) ? current : book.find((a) => a.isPrimary)?.id || book[0]?.id || ''));
  }, [book]);

  useEffect(() => {
    const details = basket?.transporterShippingDetails;
    if (!details) return;
    setAbout(details.about ?? '');
    setRemark(details.remark ?? '');
    if (details.addressId) setAddressId(details.addressId);
    const stored = oneTimeOf(details.oneTimeAddress);
    if (!details.addressId && oneTimeAllowed && oneTimeFilled(stored)) {
      setMode('oneTime');
      setOneTime(stored);
    }
  }, [basket?.id]); // only when another basket arrives, not while typing

  if (!basket) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;
  const supplierIds = [...new Set(basket.transporterLines.map((l) => l.transporterArticle.supplierId ?? ''))];
  const titleOf = (index: number) => {
    const article = basket.transporterLines[index]?.transporterArticle;
    return (article && (inLanguage(article.title, language) || article.articleNumberSupplier || article.id)) ?? '';
  };

  /** The delivery choice as shipping details: a book entry, or a one-time address with no book entry. */
  const delivery = (): Pick<ShippingDetails, 'addressId' | 'oneTimeAddress'> => (mode === 'oneTime' && oneTimeAllowed
    ? { addressId: null, oneTimeAddress: oneTimeForServer(oneTime) }
    : { addressId: addressId || null, oneTimeAddress: null });

  function chooseMode(next: AddressMode) {
    setMode(next);
    setOneTimeError(null);
    if (next === 'book') void saveShipping({ addressId: addressId || null, oneTimeAddress: null });
  }

  function useOneTime() {
    if (!oneTimeComplete(oneTime)) {
      setOneTimeError(translate('checkout.address.incomplete'));
      return;
    }
    setOneTimeError(null);
    void saveShipping({ addressId: null, oneTimeAddress: oneTimeForServer(oneTime) }).then((outcome) => {
      if (outcome.ok) toast('checkout.address.saved', { variation: 'success' });
    });
  }

  /** POST /v2/transporters/validate: the problems' texts, or null when the check itself failed. */
  async function check(): Promise<string[] | null> {
    try {
      const { result } = await callApi(http, transportersValidate, { body: { customerId, userId: session.user!.id } });
      const found = result.valid ? [] : result.problems;
      return found.map((p) => problemText(p, i18n, { basket: basket!, titleOf, price }));
    } catch {
      toast('checkout.validate.failed', { variation: 'error' });
      return null;
    }
  }

  async function placeOrder() {
    setProblems([]);
    if (mode === 'oneTime' && oneTimeAllowed && !oneTimeComplete(oneTime)) {
      setOneTimeError(translate('checkout.address.incomplete'));
      return;
    }
    setPlacing(true);
    try {
      await pending.current;
      const found = await check();
      if (found === null) return;
      const chosen = budget.chosen;
      if (chosen && !chosen.covers) found.push(translate('basketBudget.blocked', { name: chosen.name, remaining: price(chosen.remaining) }));
      if (found.length) {
        setProblems(found);
        return;
      }
      const saved = currentBasket()?.transporterShippingDetails ?? basket!.transporterShippingDetails;
      const shippingDetails = { ...saved, ...delivery(), about: about || null, remark: remark || null };
      const body = { customerId, userId: session.user!.id, shippingDetails, ...(chosen ? { budgetId: chosen.id } : {}) };
      const { result } = await orderKeys.send(body, (headers) => callApi(http, ordersFromTransporter, { body }, { headers }));
      const discount = readCents(result.loyaltyDiscount ?? null) ?? 0n;
      if (discount > 0n) toast('checkout.orderedWithDiscount', { variation: 'success', messageArgs: { number: result.orderNumber ?? '', discount: price(result.loyaltyDiscount) } });
      else toast('shop.transporter.ordered', { variation: 'success', messageArgs: { number: result.orderNumber ?? '' } });
      await loadBasket(http).catch(() => undefined); // the server emptied it
      navigate(`/order-detail/${encodeURIComponent(result.id)}`);
    } catch (error) {
      toast(describeError(error, { resource: 'orders', op: 'create' }, i18n), { variation: 'error' });
      // A budget refused (spent meanwhile, no longer the user's) shows what is left of each now.
      if (budget.chosen) void budget.reread();
    } finally {
      setPlacing(false);
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('shop.transporter.title')}</Typography>
      {basket.transporterLines.length === 0 ? (
        <Box>
          <Typography sx={{ mb: 2 }}>{translate('shop.transporter.empty')}</Typography>
          <Button component={RouterLink} to="/products" variant="contained">{translate('shop.transporter.goShopping')}</Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <Box>{supplierIds.map((id) => <SupplierBlock key={id} basket={basket} supplierId={id} />)}</Box>
          <Card variant="outlined" component="section" aria-labelledby="order-heading">
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography id="order-heading" variant="h6" component="h2">{translate('shop.transporter.orderHeading')}</Typography>
              <Totals basket={basket} />
              <Divider />
              <DeliveryAddress oneTimeAllowed={oneTimeAllowed} addresses={addresses} mode={mode} addressId={addressId} oneTime={oneTime}
                oneTimeError={oneTimeError} onMode={chooseMode} onOneTime={setOneTime} onUseOneTime={useOneTime} onAddToBook={() => setAdding(true)}
                onAddressId={(id) => { setAddressId(id); void saveShipping({ addressId: id || null, oneTimeAddress: null }); }} />
              <OrderReferences details={basket.transporterShippingDetails} save={saveShipping} />
              <TextField size="small" label={translate('resources.orders.fields.about')} value={about} onChange={(e) => setAbout(e.target.value)}
                onBlur={() => void saveShipping({ about: about || null })} slotProps={{ htmlInput: { maxLength: 200 } }} />
              <TextField size="small" multiline minRows={2} label={translate('shop.transporter.remark')} value={remark} onChange={(e) => setRemark(e.target.value)}
                onBlur={() => void saveShipping({ remark: remark || null })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
              {loyaltyAllowed && <><Divider /><LoyaltyPoints basket={basket} save={saveShipping} /></>}
              {budget.shown && <><Divider /><BasketBudget choices={budget.choices} chosen={budget.chosen} needed={basket.totalProductCostExcl} onChoose={budget.choose} /></>}
              {problems.length > 0 && (
                <Alert severity="error" role="alert" aria-labelledby="problems-heading">
                  <Typography id="problems-heading" variant="subtitle2" component="h3">{translate('checkout.validate.heading')}</Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{problems.map((text, i) => <li key={i}>{text}</li>)}</Box>
                </Alert>
              )}
              <Button variant="contained" size="large" disabled={placing} onClick={placeOrder}>{translate('shop.transporter.placeOrder')}</Button>
              <SaveBasketAsTemplate basket={basket} />
            </CardContent>
          </Card>
        </Box>
      )}
      <AddressDialog open={adding} onClose={() => setAdding(false)} onSaved={(address) => {
        setAdding(false);
        setAddressId(address.id);
        setMode('book');
        void saveShipping({ addressId: address.id, oneTimeAddress: null });
        toast('shop.transporter.addressAdded', { variation: 'success' });
      }} />
    </Box>
  );
}
