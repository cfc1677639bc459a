import { Box, Card, CardContent, CardMedia, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { AddToBasket } from '../basket/AddToBasket';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { SearchHit, TransporterArticle } from '../../common/types';

/** The basket's view of a hit. */
export const articleOfHit = (hit: SearchHit): TransporterArticle => ({
  id: hit.objectID,
  articleNumberSupplier: hit.articleNumberSupplier,
  title: hit.title,
  price: hit.priceText,
  priceQuantity: hit.priceQuantity,
  minOrderQuant: hit.minOrderQuant,
  stock: hit.stock ?? null,
  supplierId: hit.supplierId,
  supplierName: hit.supplierName,
  tax: hit.tax,
  currency: hit.currency,
  type: hit.type ?? null,
  image: hit.image,
  available: hit.available,
});

/** '€ 4,95' or, for a price per several units, '€ 4,95 per 10'. */
export function PriceText({ price, priceQuantity }: { price: string | number | null | undefined; priceQuantity?: number | null }) {
  const translate = useTranslate();
  const format = usePrice();
  const text = format(price);
  return <>{priceQuantity && priceQuantity > 1 ? translate('shop.price.per', { price: text, quantity: priceQuantity }) : text}</>;
}

/** Stock as the buyer reads it: a number, 'in stock' when not tracked, or 'out of stock'. */
export function StockText({ stock, available }: { stock: number | null | undefined; available?: boolean }) {
  const translate = useTranslate();
  if (available === false || stock === 0) return <Typography variant="body2" color="error">{translate('shop.addToBasket.outOfStock')}</Typography>;
  return (
    <Typography variant="body2" color="success.main">
      {stock === null || stock === undefined ? translate('shop.product.inStock') : translate('shop.product.stock', { stock })}
    </Typography>
  );
}

/** One product in the marketplace grid; `eager`: in the first row, its picture loads at once. */
export function ProductCard({ hit, eager = false }: { hit: SearchHit; eager?: boolean }) {
  const language = useShopLanguage();
  const translate = useTranslate();
  const title = inLanguage(hit.title, language) || hit.articleNumberSupplier;
  const location = useLocation();
  return (
    <Card component="article" aria-label={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {hit.image
        // Pictures further down load when scrolled to, so the first ones and the page's own calls come first.
        ? <CardMedia component="img" image={hit.image} alt={title} width={240} height={140} loading={eager ? undefined : 'lazy'} decoding="async"
            sx={{ height: 140, objectFit: 'contain', p: 1 }} />
        : <Box sx={{ height: 140, bgcolor: 'action.hover' }} aria-hidden />}
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography variant="subtitle1" component="h3">
          {/* The results' address goes along: the product page leads back to the same results. */}
          <Link component={RouterLink} to={`/products/${encodeURIComponent(hit.objectID)}`} state={{ results: `${location.pathname}${location.search}` }} underline="hover" color="inherit">{title}</Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[hit.articleNumberSupplier, hit.brand].filter(Boolean).join(' · ')}
        </Typography>
        {hit.supplierName && <Typography variant="body2">{translate('shop.product.supplier', { supplier: hit.supplierName })}</Typography>}
        <Typography variant="h6" component="p"><PriceText price={hit.priceText ?? hit.price} priceQuantity={hit.priceQuantity} /></Typography>
        <StockText stock={hit.stock} available={hit.available} />
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <AddToBasket article={articleOfHit(hit)} title={title} />
        </Box>
      </CardContent>
    </Card>
  );
}
