import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, IconButton, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useI18nProvider, useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { loadBasket } from '../basket/store';
import { useBasket } from '../basket/useBasket';
import { usePrice, useShopLanguage } from '../hooks';
import { PriceText } from '../marketplace/ProductCard';
import { inLanguage } from '../text';
import type { Address, Order, Transporter, TransporterLine } from '../types';
import { AddressDialog } from './AddressDialog';

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

/** The lines of one supplier with its shipping cost, free-shipping and minimum-order notices. */
function SupplierBlock({ basket, supplierId }: { basket: Transporter; supplierId: string }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const { remove } = useBasket();
  const summary = basket.suppliers.find((s) => s.supplierId === supplierId);
  const lines = basket.transporterLines.map((line, index) => ({ line, index })).filter(({ line }) => (line.transporterArticle.supplierId ?? '') === supplierId);
  const name = summary?.supplierName ?? lines[0]?.line.transporterArticle.supplierName ?? '';
  const headingId = `supplier-${supplierId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">{name}</Typography>
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
            {lines.map(({ line, index }) => {
              const article = line.transporterArticle;
              const title = inLanguage(article.title, language) || article.articleNumberSupplier || article.id;
              return (
                <TableRow key={`${article.id}-${index}`}>
                  <TableCell>
                    <Link component={RouterLink} to={`/products/${encodeURIComponent(article.id)}`}>{title}</Link>
                    <Typography variant="body2" color="text.secondary">{article.articleNumberSupplier}</Typography>
                  </TableCell>
                  <TableCell><PriceText price={article.price} priceQuantity={article.priceQuantity} /></TableCell>
                  <TableCell><LineAmount line={line} index={index} title={title} /></TableCell>
                  <TableCell align="right">{price(line.totalLineCostExcl)}</TableCell>
                  <TableCell>
                    <IconButton aria-label={translate('shop.transporter.remove', { title })} onClick={() => remove(index)}><DeleteOutline /></IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {summary && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2">
              {Number(summary.shippingCost) > 0
                ? translate('shop.transporter.shipping', { cost: price(summary.shippingCost) })
                : translate('shop.transporter.freeShipping')}
              {Number(summary.shippingCost) > 0 && summary.freeShippingFrom ? ` ${translate('shop.transporter.freeShippingFrom', { amount: price(summary.freeShippingFrom) })}` : ''}
            </Typography>
            {summary.belowMinimum && (
              <Alert severity="warning" sx={{ mt: 1 }}>{translate('shop.transporter.belowMinimum', { amount: price(summary.minimumOrderPrice) })}</Alert>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

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

/** /transporter: the basket, delivery address, about/remark and 'Place order' (POST /v2/orders/transporter). */
export function TransporterPage() {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const navigate = useNavigate();
  const { http } = useAppServices();
  const session = useSession();
  const { toast } = useAppNotify();
  const { basket, saveShipping } = useBasket();
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [adding, setAdding] = useState(false);
  const [about, setAbout] = useState('');
  const [remark, setRemark] = useState('');
  const [addressId, setAddressId] = useState('');
  const [placing, setPlacing] = useState(false);
  const customerId = session.activeCustomerId;

  useEffect(() => {
    let live = true;
    http.post<{ result: Address[] } | null>('/customeraddressbook/bycustomerid', { query: { customerId } }).then((answer) => {
      if (!live) return;
      const result = answer?.result ?? [];
      setAddresses(result);
      setAddressId((current) => current || result.find((a) => a.isPrimary)?.id || result[0]?.id || '');
    }, () => live && setAddresses([]));
    return () => { live = false; };
  }, [http, customerId]);

  useEffect(() => {
    const details = basket?.transporterShippingDetails;
    if (!details) return;
    setAbout(details.about ?? '');
    setRemark(details.remark ?? '');
    if (details.addressId) setAddressId(details.addressId);
  }, [basket?.id]); // only when another basket arrives, not while typing

  if (!basket) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;
  const supplierIds = [...new Set(basket.transporterLines.map((l) => l.transporterArticle.supplierId ?? ''))];

  async function placeOrder() {
    setPlacing(true);
    const shippingDetails = { ...basket!.transporterShippingDetails, addressId: addressId || null, about: about || null, remark: remark || null };
    try {
      const { result } = await http.post<{ result: Order }>('/v2/orders/transporter', { customerId, userId: session.user?.id, shippingDetails });
      toast('shop.transporter.ordered', { variation: 'success', messageArgs: { number: result.orderNumber ?? '' } });
      await loadBasket(http).catch(() => undefined); // the server emptied it
      navigate(`/order-detail/${encodeURIComponent(result.id)}`);
    } catch (error) {
      toast(describeError(error, { resource: 'orders', op: 'create' }, i18n), { variation: 'error' });
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
              <TextField select size="small" label={translate('shop.transporter.address')} value={addressId}
                onChange={(e) => { setAddressId(e.target.value); void saveShipping({ addressId: e.target.value || null }); }}>
                {addresses.length === 0 && <MenuItem value="">{translate('shop.transporter.noAddress')}</MenuItem>}
                {addresses.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {[a.name, a.address?.street && `${a.address.street} ${a.address.houseNumber ?? ''}`.trim(), a.address?.city].filter(Boolean).join(', ')}
                  </MenuItem>
                ))}
              </TextField>
              <Button onClick={() => setAdding(true)} sx={{ alignSelf: 'flex-start' }}>{translate('shop.transporter.addAddress')}</Button>
              <TextField size="small" label={translate('resources.orders.fields.about')} value={about} onChange={(e) => setAbout(e.target.value)}
                onBlur={() => void saveShipping({ about: about || null })} slotProps={{ htmlInput: { maxLength: 200 } }} />
              <TextField size="small" multiline minRows={2} label={translate('shop.transporter.remark')} value={remark} onChange={(e) => setRemark(e.target.value)}
                onBlur={() => void saveShipping({ remark: remark || null })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
              <Button variant="contained" size="large" disabled={placing} onClick={placeOrder}>{translate('shop.transporter.placeOrder')}</Button>
            </CardContent>
          </Card>
        </Box>
      )}
      <AddressDialog open={adding} onClose={() => setAdding(false)} onAdded={(address) => {
        setAdding(false);
        setAddresses((list) => [...list, address]);
        setAddressId(address.id);
        toast('shop.transporter.addressAdded', { variation: 'success' });
      }} />
    </Box>
  );
}
