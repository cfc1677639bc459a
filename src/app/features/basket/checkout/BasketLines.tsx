import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, IconButton, Link, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'ra-core';
import { useBasket } from '../useBasket';
import { usePrice, useShopLanguage } from '../../../common/hooks';
import { PriceText } from '../../marketplace/ProductCard';
import { fromCents, readCents } from '../../../../shared/money';
import { inLanguage } from '../../../common/text';
import type { SupplierSummary, Transporter, TransporterLine } from '../../../common/types';
import { GiftCardFields, isGiftCardLine } from './GiftCardFields';

/** The quantity of one line: sent when the field is left or Enter is pressed, and only when it changed. */
function LineAmount({ line, index, title }: { line: TransporterLine; index: number; title: string }) {
  const translate = useTranslate();
  const { setAmount } = useBasket();
  const [text, setText] = useState(String(line.amount));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(line.amount)), [line.amount]);
  async function commit() {
    if (Number(text) === line.amount) return;
    const outcome = await setAmount(index, Number(text));
    setError(outcome.ok ? null : outcome.message);
    if (!outcome.ok) setText(String(line.amount));
  }
  return (
    <TextField type="number" size="small" value={text} sx={{ width: 96 }} error={!!error} helperText={error ?? undefined}
      onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => { if (e.key === 'Enter') void commit(); }}
      slotProps={{ htmlInput: { min: 1, max: line.transporterArticle.stock ?? undefined, 'aria-label': translate('shop.transporter.quantityOf', { title }) } }} />
  );
}

/** What is still missing for free shipping, in cents; null when shipping is free already or never free. */
export function missingForFreeShipping(summary: SupplierSummary): bigint | null {
  const threshold = readCents(summary.freeShippingFrom);
  const products = readCents(summary.productCostExcl) ?? 0n;
  if (threshold === null || (readCents(summary.shippingCost) ?? 0n) <= 0n || products >= threshold) return null;
  return threshold - products;
}

/**
 * One supplier's shipping cost, its free-shipping hint ('add € x more') and, below its minimum
 * order price, the notice that the order is blocked (the server refuses BelowMinimumOrderPrice).
 */
function SupplierNotices({ summary }: { summary: SupplierSummary }) {
  const translate = useTranslate();
  const price = usePrice();
  const missing = missingForFreeShipping(summary);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2">
        {Number(summary.shippingCost) > 0
          ? translate('shop.transporter.shipping', { cost: price(summary.shippingCost) })
          : translate('shop.transporter.freeShipping')}
        {Number(summary.shippingCost) > 0 && summary.freeShippingFrom ? ` ${translate('shop.transporter.freeShippingFrom', { amount: price(summary.freeShippingFrom) })}` : ''}
      </Typography>
      {missing !== null && (
        <Typography variant="body2" color="text.secondary">{translate('checkout.supplier.addForFreeShipping', { amount: price(fromCents(missing)) })}</Typography>
      )}
      {summary.belowMinimum && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('shop.transporter.belowMinimum', { amount: price(summary.minimumOrderPrice) })} {translate('checkout.supplier.belowMinimumBlocks')}
        </Alert>
      )}
    </Box>
  );
}

/** What a basket line shows in either layout (SupplierBlock): its title, the title's link with the article number, and its remove button. */
interface LineParts { line: TransporterLine; index: number; title: string; heading: ReactNode; removeButton: ReactNode; total: string }

/** One basket line as a card of its own, for narrow screens: title, then price, quantity and total, then the gift card's fields. */
function LineCard({ line, index, title, heading, removeButton, total, totalLabel }: LineParts & { totalLabel: string }) {
  const article = line.transporterArticle;
  return (
    <Box component="li" aria-label={title} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{heading}</Box>
        {removeButton}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <Typography variant="body2"><PriceText price={article.price} priceQuantity={article.priceQuantity} /></Typography>
        {/* The theme makes a text field as wide as its container. */}
        <Box sx={{ width: 112, flexShrink: 0 }}><LineAmount line={line} index={index} title={title} /></Box>
        <Typography variant="body1" sx={{ ml: 'auto', fontWeight: 500 }} aria-label={totalLabel}>{total}</Typography>
      </Box>
      {isGiftCardLine(line) && <Box sx={{ mt: 1 }}><GiftCardFields line={line} index={index} title={title} /></Box>}
    </Box>
  );
}

/**
 * The lines of one supplier with its shipping cost, free-shipping and minimum-order notices: a table,
 * or below the md width (768 px) a list of cards, where a table's five columns would not fit.
 */
export function SupplierBlock({ basket, supplierId }: { basket: Transporter; supplierId: string }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const { remove } = useBasket();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const summary = basket.suppliers.find((s) => s.supplierId === supplierId);
  const lines: LineParts[] = basket.transporterLines.flatMap((line, index) => {
    const article = line.transporterArticle;
    if ((article.supplierId ?? '') !== supplierId) return [];
    const title = inLanguage(article.title, language) || article.articleNumberSupplier || article.id;
    return [{
      line, index, title, total: price(line.totalLineCostExcl),
      heading: (
        <>
          <Link component={RouterLink} to={`/products/${encodeURIComponent(article.id)}`}>{title}</Link>
          <Typography variant="body2" color="text.secondary">{article.articleNumberSupplier}</Typography>
        </>
      ),
      removeButton: <IconButton aria-label={translate('shop.transporter.remove', { title })} onClick={() => remove(index)}><DeleteOutline /></IconButton>,
    }];
  });
  const name = summary?.supplierName ?? lines[0]?.line.transporterArticle.supplierName ?? '';
  const headingId = `supplier-${supplierId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">{name}</Typography>
        {narrow ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {lines.map((parts) => <LineCard key={`${parts.line.transporterArticle.id}-${parts.index}`} {...parts} totalLabel={translate('shop.transporter.lineTotal')} />)}
          </Box>
        ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('shop.transporter.article')}</TableCell>
              <TableCell>{translate('shop.transporter.unitPrice')}</TableCell>
              <TableCell>{translate('shop.addToBasket.quantity')}</TableCell>
              <TableCell align="right">{translate('shop.transporter.lineTotal')}</TableCell>
              <TableCell><span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{translate('ra.action.delete')}</span></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map(({ line, index, title, heading, removeButton, total }) => {
              const article = line.transporterArticle;
              const giftCard = isGiftCardLine(line);
              return (
                <Fragment key={`${article.id}-${index}`}>
                <TableRow sx={giftCard ? { '& > td': { borderBottom: 'none' } } : undefined}>
                  <TableCell>{heading}</TableCell>
                  <TableCell><PriceText price={article.price} priceQuantity={article.priceQuantity} /></TableCell>
                  <TableCell><LineAmount line={line} index={index} title={title} /></TableCell>
                  <TableCell align="right">{total}</TableCell>
                  <TableCell>{removeButton}</TableCell>
                </TableRow>
                {giftCard && (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ pt: 0 }}><GiftCardFields line={line} index={index} title={title} /></TableCell>
                  </TableRow>
                )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
        )}
        {summary && <SupplierNotices summary={summary} />}
      </CardContent>
    </Card>
  );
}
