import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, FormControlLabel, Link, Radio, RadioGroup, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { articleMailRequestsRequest } from '../../../../generated/app/calls/article-mail-requests.gen';
import { supplierArticlesById, supplierArticlesOffers } from '../../../../generated/app/calls/supplier-articles.gen';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useCallQuery } from '../../data/calls';
import { useCallMutation } from '../../data/call-mutation';
import { describeError } from '../../data/errors';
import { HttpError, useTranslate } from 'ra-core';
import { useAppNotify } from '../../notify/useAppNotify';
import { AddToBasket } from '../basket/AddToBasket';
import { usePrice, useShopLanguage, useWarmPriceFormat } from '../../common/hooks';
import { describedIn, inLanguage } from '../../common/text';
import type { SupplierArticleDto } from '../../common/types';
import { CategoryTabs } from './CategoryTabs';
import { PriceText, StockText } from './ProductCard';

/** The room a product picture takes: 360 px high beside the text, 240 px above it on a phone. */
const IMAGE_BOX = { width: 480, height: 360, phone: 240 };

type Loaded = { article: SupplierArticleDto } | { notFound: true } | { failed: string } | null;

/** 'Mail me when back in stock' (POST /customers/articleMailRequest). */
function MailWhenInStock({ articleId }: { articleId: string }) {
  const translate = useTranslate();
  // The provider itself, not the context's copy per language: a language switch reloads nothing.
  const i18n = useCoreServices().i18n.i18nProvider;
  const { toast } = useAppNotify();
  const [done, setDone] = useState(false);
  // The call's own hook, not the generated one: generated/app/calls.gen.ts holds every call and would weigh on the light page.
  const request = useCallMutation(articleMailRequestsRequest, {
    onSuccess: () => {
      setDone(true);
      toast('shop.product.mailRequested', { variation: 'success' });
    },
    onError: (error) => toast(describeError(error, {}, i18n), { variation: 'error' }),
  });
  if (done) return <Typography role="status">{translate('shop.product.mailRequested')}</Typography>;
  return <Button variant="outlined" onClick={() => request.mutate({ body: { supplierArticleId: articleId } })}>{translate('shop.product.mailMe')}</Button>;
}

/** The article is not there, or the catalogue rules keep it from the user: the server answers 404 SupplierArticleNotFound. */
const isNotFound = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || (error.body as { errorCode?: string } | undefined)?.errorCode === 'SupplierArticleNotFound');

/** The route of /products/{id}: keyed by the article, so another article is a new page (its own loading state). */
export function ProductRoute() {
  const { id = '' } = useParams();
  return <ProductPage key={id} id={id} />;
}

/** /products/{id}: one article for the buyer, in the interface language (core §2); `id` from the path. */
export function ProductPage({ id }: { id: string }) {
  const translate = useTranslate();
  // The provider itself, not the context's copy per language: a language switch reloads nothing.
  const i18n = useCoreServices().i18n.i18nProvider;
  const language = useShopLanguage();
  useWarmPriceFormat();
  const customerId = useSession().activeCustomerId;
  const { data, error } = useCallQuery(supplierArticlesById, { body: { query: { id, customerId } } });
  // A missing article is an answer (notFound), not a failure; other failures show their message.
  const loaded: Loaded = error ? (isNotFound(error) ? { notFound: true } : { failed: describeError(error, {}, i18n) })
    // The server answers the shared SupplierArticleDto; the contract's schema is its (looser) wire form (ArticleSchemaAgrees).
    : data ? (data.result ? { article: data.result } : { notFound: true }) : null;

  // The results the user came from (ProductCard's link state), else the marketplace.
  const results = (useLocation().state as { results?: string } | null)?.results;
  const backTo = results?.startsWith('/products') ? results : null;
  return (
    <Box sx={{ p: 2 }}>
      <CategoryTabs />
      {backTo && <Link component={RouterLink} to={backTo} sx={{ display: 'inline-block', mb: 1 }}>{translate('shop.product.backToResults')}</Link>}
      {loaded === null && <CircularProgress aria-label={translate('app.common.loading')} />}
      {loaded && 'notFound' in loaded && (
        <Box>
          <Typography variant="h5" component="h1">{translate('shop.product.notFound')}</Typography>
          <Typography sx={{ my: 2 }}>{translate('shop.product.notFoundText')}</Typography>
          <Link component={RouterLink} to="/products">{translate('shop.product.back')}</Link>
        </Box>
      )}
      {loaded && 'failed' in loaded && <Alert severity="error">{loaded.failed}</Alert>}
      {loaded && 'article' in loaded && <ArticleWithOffers article={loaded.article} customerId={customerId} language={language} />}
    </Box>
  );
}

type Offer = { article: SupplierArticleDto; price: { unitCostWithShipping: string; shippingCost: string } };

/**
 * The article with every offer of it the user may see (POST /supplier-articles/offers, cheapest per
 * unit with shipping first, the cheapest marked): the page shows the chosen one (the offer it was opened
 * with, the one the search card showed, until the user picks another) and the basket takes that one.
 */
function ArticleWithOffers({ article, customerId, language }: { article: SupplierArticleDto; customerId: string | null | undefined; language: string }) {
  const { data } = useCallQuery(supplierArticlesOffers, { body: { query: { id: article.id, customerId } } });
  const offers = (data?.result ?? []) as Offer[];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = offers.find((o) => o.article.id === (chosenId ?? article.id))?.article ?? article;
  return (
    <ArticleView article={chosen} language={language}>
      {offers.length > 1 && <OfferChoice offers={offers} chosenId={chosen.id} onChoose={setChosenId} />}
    </ArticleView>
  );
}

/** The offers as a choice: supplier, price, per unit with shipping, delivery and stock; the cheapest marked. */
function OfferChoice({ offers, chosenId, onChoose }: { offers: Offer[]; chosenId: string; onChoose: (id: string) => void }) {
  const translate = useTranslate();
  const format = usePrice();
  return (
    <Box component="section" aria-labelledby="product-offers" sx={{ my: 1 }}>
      <Typography id="product-offers" variant="h6" component="h2">{translate('shop.product.offers', { smart_count: offers.length })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('shop.product.offersHelp')}</Typography>
      <RadioGroup aria-labelledby="product-offers" value={chosenId} onChange={(e) => onChoose(e.target.value)}>
        {offers.map(({ article: o, price }, i) => (
          <FormControlLabel key={o.id} value={o.id} control={<Radio />} sx={{ alignItems: 'flex-start', mb: 1, '.MuiRadio-root': { pt: 0.5 } }}
            label={(
              <Box>
                <Typography component="span" sx={{ fontWeight: 600 }}>{o.supplierName ?? o.articleNumberSupplier}</Typography>
                {i === 0 && <Typography component="span" color="success.main" sx={{ ml: 1 }}>{translate('shop.product.cheapest')}</Typography>}
                <Typography variant="body2"><PriceText price={o.price} priceQuantity={o.priceQuantity} />{' · '}
                  {translate('shop.product.unitWithShipping', { price: format(price.unitCostWithShipping) })}{' · '}
                  {Number(price.shippingCost) > 0 ? translate('shop.product.shippingCost', { price: format(price.shippingCost) }) : translate('shop.product.shippingFree')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('shop.product.days', { smart_count: o.estimateDeliveryDays ?? 1 })}{' · '}{o.articleNumberSupplier}
                </Typography>
                <StockText stock={o.stock} available={o.available} />
              </Box>
            )} />
        ))}
      </RadioGroup>
    </Box>
  );
}

function ArticleView({ article, language, children }: { article: SupplierArticleDto; language: string; children?: React.ReactNode }) {
  const translate = useTranslate();
  const title = inLanguage(article.title, language) || article.articleNumberSupplier || article.id;
  const images = [...new Set([article.image, ...(article.images ?? [])].filter((u): u is string => !!u))];
  const short = describedIn(article.shortDescriptions, language);
  const long = describedIn(article.longDescriptions, language);
  const outOfStock = article.available === false || article.stock === 0;
  const facts: [string, string | number | null | undefined][] = [
    ['shop.product.articleNumber', article.articleNumberSupplier],
    ['shop.product.brand', article.brand],
    ['shop.product.supplierLabel', article.supplierName],
    ['shop.product.minOrder', article.minOrderQuant && article.minOrderQuant > 1 ? article.minOrderQuant : null],
    ['shop.product.deliveryDays', article.estimateDeliveryDays != null ? translate('shop.product.days', { smart_count: article.estimateDeliveryDays }) : null],
    ['shop.product.ean', article.ean],
  ];
  // The facts under their translated labels, then the article's features under their own names.
  const rows: [string, string | number | null | undefined][] = [
    ...facts.map(([key, value]): [string, typeof value] => [translate(key), value]),
    ...(article.attributes ?? []).map((a): [string, string] => [inLanguage(a.name, language) || a.productAttributeId, inLanguage(a.description, language)]),
  ];
  return (
    <Box component="article" aria-labelledby="product-title" sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {images.length
          // Each picture gets its box before it loads (the text beside or below it does not jump), the
          // picture fitted inside; the first one is what the page is about, so it loads first.
          ? images.map((src, i) => (
              <Box key={src} component="img" src={src} alt={i === 0 ? title : translate('shop.product.imageOf', { title, n: i + 1 })}
                width={IMAGE_BOX.width} height={IMAGE_BOX.height} fetchPriority={i === 0 ? 'high' : undefined} loading={i === 0 ? undefined : 'lazy'}
                sx={{ display: 'block', width: '100%', height: { xs: IMAGE_BOX.phone, md: IMAGE_BOX.height }, objectFit: 'contain' }} />
            ))
          : <Box sx={{ height: IMAGE_BOX.phone, bgcolor: 'action.hover' }} aria-hidden />}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id="product-title" variant="h4" component="h1">{title}</Typography>
        {short && <Typography sx={{ whiteSpace: 'pre-line' }}>{short}</Typography>}
        <Typography variant="h5" component="p"><PriceText price={article.price} priceQuantity={article.priceQuantity} /></Typography>
        <Typography variant="body2" color="text.secondary">{translate('shop.product.exclVat', { rate: article.tax })}</Typography>
        <StockText stock={article.stock} available={article.available} />
        {children}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {rows.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([label, value], i) => (
            <Box key={i} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>{label}</Box>
              <Box component="dd" sx={{ m: 0 }}>{value}</Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 1 }}>
          {outOfStock ? <MailWhenInStock articleId={article.id} /> : <AddToBasket article={article} title={title} size="medium" />}
        </Box>
        {long && (
          <Box component="section" aria-labelledby="product-description" sx={{ mt: 2 }}>
            <Typography id="product-description" variant="h6" component="h2">{translate('shop.product.description')}</Typography>
            {/* Line breaks of the description are kept (the server turns its '\n' markers into real ones). */}
            <Typography sx={{ whiteSpace: 'pre-line' }}>{long}</Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
