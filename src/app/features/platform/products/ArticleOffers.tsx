import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow,
  TextField, Typography,
} from '@mui/material';
import { AutocompleteInput, Form, NumberInput, ResourceContextProvider, TextInput, useTranslate } from 'react-admin';
import {
  useSupplierArticlesAdminCreate, useSupplierArticlesAdminUpdate, useSupplierArticlesEvalUrlTemplate, useSupplierArticlesPerArticle,
  useSupplierArticlesQueryEvaluatedPrices, useSupplierArticlesSetAsModified, useSuppliersAdminList,
} from '../../../../../generated/app/calls.gen';
import type { ArticleRecord } from '../../../../../generated/types/articles.gen';
import type { Contracts } from '../../../../shared/contracts';
import type { OfferField } from '../../../../shared/contracts/articles';
import { objectOf } from '../../../../shared/field-schemas';
import { supplierArticles } from '../../../../../model/resources/catalogue';
import type { ResultOf } from '../../../../shared/contracts/define';
import { usePrice, useShopLanguage } from '../../../common/hooks';
import { formatPrice } from '../../../common/money';
import type { Currency } from '../../../common/types';
import { useCoreServices } from '../../../bootstrap/context';
import { hiddenBelow, shownBelow } from '../../../common/ui/phone';
import { describeError } from '../../../data/errors';
import { MoneyInput, zodFormResolver } from '../../../generated-support';
import { useAppNotify } from '../../../notify/useAppNotify';
import { formProblems } from './product-admin-api';

const M = 'adminProducts';
/** Below a laptop's width the offers' and prices' tables keep the supplier, the price and the buttons; the rest goes under the supplier. */
const narrowHidden = hiddenBelow('md');
const narrowShown = shownBelow('md');
const O = `${M}.offers`;
const S = 'resources.supplier-articles.fields';

export type Offer = ResultOf<Contracts['supplier-articles']['perArticle']>['result'][number];

/**
 * An article's offers (GET /admin/supplier-articles/per-article/{articleId}, cheapest first): each
 * supplier's number, price, minimum, stock and delivery time, to change or re-index, with a link to
 * the product on the supplier's site when the supplier has a product link template; adding an
 * offer; what a buyer pays per offer for a quantity; and a tester of product link templates.
 */
export function ArticleOffers({ article }: { article: ArticleRecord }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const offers = useSupplierArticlesPerArticle({ params: { articleId: article.id }, query: {} });
  const rows = offers.data?.result ?? [];
  const supplierIds = [...new Set(rows.map((o) => o.supplierId).filter((s): s is string => !!s))].sort();
  // The suppliers' product link templates (a new field of suppliers), one read for the offers shown.
  const suppliers = useSuppliersAdminList({ body: { query: { ids: supplierIds, take: supplierIds.length } } }, { enabled: supplierIds.length > 0 });
  const templates = new Map((suppliers.data?.result.items ?? []).map((s) => [s.id, s.productUrlTemplate ?? null]));
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const reindex = useSupplierArticlesSetAsModified();
  const reindexed = reindex.isSuccess ? rows.find((o) => o.id === reindex.variables.body.id) : undefined;
  return (
    <>
      <Paper component="section" aria-labelledby="article-offers" sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id="article-offers" sx={{ flex: 1 }}>{translate(`${O}.title`)}</Typography>
          <Button variant="contained" onClick={() => setEditing('new')}>{translate(`${O}.add`)}</Button>
        </Stack>
        {offers.error && <Alert severity="error" role="alert">{describeError(offers.error, { fallback: `${O}.failed` }, i18n.i18nProvider)}</Alert>}
        {reindex.errorText && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{reindex.errorText}</Alert>}
        {/* said once the call succeeded, not when it was asked */}
        {reindexed && <Alert severity="success" role="status" sx={{ mb: 1 }}>{translate(`${O}.reindexed`, { number: reindexed.articleNumberSupplier })}</Alert>}
        {offers.data && rows.length === 0 && <Typography>{translate(`${O}.none`)}</Typography>}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="article-offers">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${S}.supplierId`)}</TableCell>
                  <TableCell sx={narrowHidden}>{translate(`${S}.articleNumberSupplier`)}</TableCell>
                  <TableCell align="right">{translate(`${S}.price`)}</TableCell>
                  <TableCell align="right" sx={narrowHidden}>{translate(`${S}.minOrderQuant`)}</TableCell>
                  <TableCell align="right" sx={narrowHidden}>{translate(`${S}.stock`)}</TableCell>
                  <TableCell align="right" sx={narrowHidden}>{translate(`${S}.estimateDeliveryDays`)}</TableCell>
                  <TableCell>{translate(`${O}.actions`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((offer) => (
                  <OfferRow key={offer.id} offer={offer} template={offer.supplierId ? templates.get(offer.supplierId) ?? null : null}
                    onEdit={() => setEditing(offer)} busy={reindex.isPending}
                    onReindex={() => reindex.mutate({ body: { id: offer.id } })} />
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
      <EvaluatedPrices articleId={article.id} />
      <UrlTemplateTester offers={rows} />
      {editing && <OfferDialog articleId={article.id} offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function OfferRow({ offer, template, busy, onEdit, onReindex }: { offer: Offer; template: string | null; busy: boolean; onEdit: () => void; onReindex: () => void }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const number = offer.articleNumberSupplier ?? '';
  const price = formatPrice(offer.price, (offer.currency ?? 'EUR') as Currency, language);
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {offer.supplierName}
        {/* on a narrow window, the columns left out under the supplier */}
        <Typography variant="caption" color="text.secondary" sx={narrowShown}>
          {[number, `${translate(`${S}.minOrderQuant`)}: ${offer.minOrderQuant ?? 1}`, `${translate(`${S}.stock`)}: ${offer.stock ?? '—'}`,
            offer.estimateDeliveryDays != null && `${translate(`${S}.estimateDeliveryDays`)}: ${offer.estimateDeliveryDays}`].filter(Boolean).join(' · ')}
        </Typography>
      </TableCell>
      <TableCell sx={[{ overflowWrap: 'anywhere' }, narrowHidden]}>{number}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {price}{(offer.priceQuantity ?? 1) > 1 && <Typography component="span" variant="caption"> {translate(`${O}.perQuantity`, { count: offer.priceQuantity })}</Typography>}
      </TableCell>
      <TableCell align="right" sx={narrowHidden}>{offer.minOrderQuant ?? 1}</TableCell>
      <TableCell align="right" sx={narrowHidden}>{offer.stock ?? '—'}</TableCell>
      <TableCell align="right" sx={narrowHidden}>{offer.estimateDeliveryDays ?? ''}</TableCell>
      <TableCell>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button size="small" onClick={onEdit} aria-label={translate(`${O}.editOf`, { number })}>{translate(`${O}.edit`)}</Button>
          <Button size="small" onClick={onReindex} disabled={busy} aria-label={translate(`${O}.reindexOf`, { number })}>{translate(`${O}.reindex`)}</Button>
          {template && <ProductLink offer={offer} template={template} />}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * The offer's page on the supplier's site: the supplier's product link template filled with the
 * offer's values by the server (POST /admin/supplier-articles/eval-url-template), opened in a new
 * tab; the filled address stays as a link (a browser that blocks the new tab still gets there).
 */
function ProductLink({ offer, template }: { offer: Offer; template: string }) {
  const translate = useTranslate();
  const evaluate = useSupplierArticlesEvalUrlTemplate({
    onSuccess: ({ result }) => { if (result.url) window.open(result.url, '_blank', 'noopener,noreferrer'); },
  });
  const url = evaluate.data?.result.url;
  return (
    <Box>
      <Button size="small" disabled={evaluate.isPending} aria-label={translate(`${O}.productLinkOf`, { number: offer.articleNumberSupplier })}
        onClick={() => evaluate.mutate({ body: { template, supplierArticleId: offer.id } })}>
        {translate(`${O}.productLink`)}
      </Button>
      {url && <Link href={url} target="_blank" rel="noopener noreferrer" variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>{translate(`${O}.open`, { url })}</Link>}
      {evaluate.errorText && <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>{evaluate.errorText}</Typography>}
    </Box>
  );
}

/**
 * A new offer of the article (POST /admin/supplier-articles/create {dto: {articleId, …}}) or a change
 * of one (POST /admin/supplier-articles/update {dto: {id, …}}): the offer's own fields, validated
 * with the server's schema; a refusal (a number the supplier already has: SupplierArticleAlreadyExists,
 * a field's rule) in the user's language.
 */
function OfferDialog({ articleId, offer, onClose }: { articleId: string; offer: Offer | null; onClose: () => void }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const done = (text: string) => () => { toast(translate(text), { variation: 'success' }); onClose(); };
  const create = useSupplierArticlesAdminCreate({ failure: { op: 'create' }, onSuccess: done(`${O}.added`) });
  const update = useSupplierArticlesAdminUpdate({ failure: { op: 'update' }, onSuccess: done(`${O}.saved`) });
  const change = offer ? update : create;
  async function submit(values: Record<string, unknown>) {
    try {
      if (offer) await update.mutateAsync({ body: { dto: { ...values, id: offer.id } as never } });
      else await create.mutateAsync({ body: { dto: { ...values, articleId } as never } });
      return undefined;
    } catch (error) {
      return formProblems(error);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="offer-title" fullWidth maxWidth="sm">
      <ResourceContextProvider value="supplier-articles">
        <Form record={offer ?? NEW_OFFER} resolver={zodFormResolver(offer ? OFFER_CHANGE : NEW_OFFER_SCHEMA)} onSubmit={submit} noValidate>
          <DialogTitle id="offer-title">{offer ? translate(`${O}.editTitle`, { number: offer.articleNumberSupplier }) : translate(`${O}.addTitle`)}</DialogTitle>
          <DialogContent>
            {change.errorText && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{change.errorText}</Alert>}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, '& .MuiFormControl-root': { width: '100%' } }}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <SupplierInput offer={offer} />
              </Box>
              <TextInput source="articleNumberSupplier" isRequired />
              <MoneyInput source="price" isRequired />
              <NumberInput source="priceQuantity" step={1} min={1} />
              <NumberInput source="minOrderQuant" step={1} min={1} />
              <NumberInput source="tax" step={1} min={0} max={100} />
              <NumberInput source="stock" step={1} min={0} />
              <NumberInput source="estimateDeliveryDays" step={1} min={0} />
              <MoneyInput source="supplierShippingCost" />
              <MoneyInput source="minimumOrderPrice" />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={change.isPending}>{translate(`${M}.cancel`)}</Button>
            <Button type="submit" variant="contained" disabled={change.isPending}>{translate(`${M}.save`)}</Button>
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}

/**
 * The offer's own fields the form edits (the contract's OFFER_FIELDS but the currency, type,
 * promotion and banner), checked with the model's kinds as the server's offer schemas check them.
 */
const OFFER_FORM_FIELDS = [
  'supplierId', 'articleNumberSupplier', 'price', 'priceQuantity', 'minOrderQuant', 'tax', 'stock', 'estimateDeliveryDays', 'supplierShippingCost', 'minimumOrderPrice',
] as const satisfies readonly OfferField[];
const offerFormFields = Object.fromEntries(OFFER_FORM_FIELDS.map((k) => [k, supplierArticles.fields[k]!]));
const NEW_OFFER_SCHEMA = objectOf(offerFormFields, 'create');
const OFFER_CHANGE = objectOf(offerFormFields, 'update');

/** Suppliers shown in the supplier choice while typing. */
const SUPPLIER_CHOICES = 50;

/**
 * The offer's supplier: one of the platform's suppliers (POST /admin/suppliers/query), searched by
 * what is typed; a changed offer's own supplier is a choice from the start.
 */
function SupplierInput({ offer }: { offer: Offer | null }) {
  const [search, setSearch] = useState('');
  const suppliers = useSuppliersAdminList({ body: { query: { search: search.trim() || undefined, take: SUPPLIER_CHOICES, sort: 'name', order: 'ASC' } } },
    { placeholderData: (previous) => previous });
  const found = (suppliers.data?.result.items ?? []).map((s) => ({ id: s.id, name: s.name ?? '' }));
  const own = offer?.supplierId && !found.some((s) => s.id === offer.supplierId) ? [{ id: offer.supplierId, name: offer.supplierName ?? '' }] : [];
  return <AutocompleteInput source="supplierId" choices={[...own, ...found]} isRequired setFilter={setSearch} isPending={suppliers.isPending} />;
}

/** A new offer's values before anything is typed: the model's defaults of the offer's numbers. */
const NEW_OFFER = { priceQuantity: 1, minOrderQuant: 1, tax: 21, estimateDeliveryDays: 1 };

/** A whole number of at least 1 typed in, else undefined (the server then takes each offer's minimum). */
function quantityOf(text: string): number | undefined {
  const n = Number(text.trim());
  return text.trim() && Number.isInteger(n) && n >= 1 && n <= 100000 ? n : undefined;
}

/**
 * What a buyer pays per offer for a quantity (POST /admin/supplier-articles/queryEvaluatedPrices
 * {query: {articleId, quantity}}): the unit price, the supplier's shipping for that order, the total
 * incl. VAT, in the server's order (cheapest per unit, shipping included, first).
 */
function EvaluatedPrices({ articleId }: { articleId: string }) {
  const translate = useTranslate();
  const price = usePrice();
  const { i18n } = useCoreServices();
  const [quantityText, setQuantityText] = useState('');
  const quantity = quantityOf(quantityText);
  const prices = useSupplierArticlesQueryEvaluatedPrices({ body: { query: { articleId, quantity } } }, { placeholderData: (previous) => previous });
  const items = prices.data?.result.items ?? [];
  const P = `${M}.prices`;
  return (
    <Paper component="section" aria-labelledby="article-prices" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="article-prices">{translate(`${P}.title`)}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate(`${P}.intro`)}</Typography>
      <TextField size="small" label={translate(`${P}.quantity`)} value={quantityText} onChange={(e) => setQuantityText(e.target.value)}
        error={!!quantityText.trim() && quantity === undefined}
        helperText={quantityText.trim() && quantity === undefined ? translate('validation.messages.minValue', { min: 1 }) : translate(`${P}.quantityHelp`)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ mb: 2, width: 280, maxWidth: '100%' }} />
      {prices.error && <Alert severity="error" role="alert">{describeError(prices.error, { fallback: `${P}.failed` }, i18n.i18nProvider)}</Alert>}
      {prices.data && items.length === 0 && <Typography>{translate(`${P}.none`)}</Typography>}
      {items.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="article-prices">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${S}.supplierId`)}</TableCell>
                <TableCell sx={narrowHidden}>{translate(`${S}.articleNumberSupplier`)}</TableCell>
                <TableCell align="right" sx={narrowHidden}>{translate(`${P}.quantity`)}</TableCell>
                <TableCell align="right" sx={narrowHidden}>{translate(`${P}.unitPrice`)}</TableCell>
                <TableCell align="right" sx={narrowHidden}>{translate(`${P}.shipping`)}</TableCell>
                <TableCell align="right">{translate(`${P}.totalIncl`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((p, i) => (
                <TableRow key={p.supplierArticleId} data-offer={p.supplierArticleId}>
                  <TableCell>
                    {p.supplierName}
                    {/* the text in the colour's dark shade: the theme's green on white is below 4.5:1 */}
                    {i === 0 && <Chip size="small" variant="outlined" label={translate(`${P}.cheapest`)} sx={{ ml: 1, color: 'success.dark', borderColor: 'success.dark' }} />}
                    {/* on a narrow window, the columns left out under the supplier */}
                    <Typography variant="caption" color="text.secondary" sx={narrowShown}>
                      {[p.articleNumberSupplier, `${translate(`${P}.quantity`)}: ${p.quantity}`, `${translate(`${P}.unitPrice`)}: ${price(p.unitPriceExcl)}`,
                        `${translate(`${P}.shipping`)}: ${price(p.shippingCost)}`].join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={[{ overflowWrap: 'anywhere' }, narrowHidden]}>{p.articleNumberSupplier}</TableCell>
                  <TableCell align="right" sx={narrowHidden}>{p.quantity}</TableCell>
                  <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, narrowHidden]}>{price(p.unitPriceExcl)}</TableCell>
                  <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, narrowHidden]}>{price(p.shippingCost)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{price(p.totalIncl)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/**
 * Tries a product link template (POST /admin/supplier-articles/eval-url-template {template,
 * supplierArticleId?}): the placeholders it uses, and, with one of the article's offers, the
 * address it makes; an unknown placeholder is refused in the user's language
 * (UrlTemplatePlaceholderUnknown).
 */
function UrlTemplateTester({ offers }: { offers: readonly Offer[] }) {
  const translate = useTranslate();
  const [template, setTemplate] = useState('');
  const [offerId, setOfferId] = useState('');
  const evaluate = useSupplierArticlesEvalUrlTemplate();
  const result = evaluate.data?.result;
  const T = `${M}.template`;
  function test(e: FormEvent) {
    e.preventDefault();
    evaluate.mutate({ body: { template, ...(offerId ? { supplierArticleId: offerId } : {}) } });
  }
  return (
    <Paper component="section" aria-labelledby="url-template" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="url-template">{translate(`${T}.title`)}</Typography>
      <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>{translate(`${T}.intro`)}</Typography>
      <Box component="form" onSubmit={test} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField size="small" label={translate(`${T}.template`)} value={template} onChange={(e) => setTemplate(e.target.value)} sx={{ flex: '1 1 280px' }}
          slotProps={{ htmlInput: { maxLength: 500 } }} />
        <TextField select size="small" label={translate(`${T}.offer`)} value={offerId} onChange={(e) => setOfferId(e.target.value)} sx={{ width: 240, maxWidth: '100%' }}>
          <MenuItem value="">{translate(`${T}.noOffer`)}</MenuItem>
          {offers.map((o) => <MenuItem key={o.id} value={o.id}>{[o.supplierName, o.articleNumberSupplier].filter(Boolean).join(' · ')}</MenuItem>)}
        </TextField>
        <Button type="submit" variant="outlined" disabled={evaluate.isPending || !template.trim()}>{translate(`${T}.test`)}</Button>
      </Box>
      <Box sx={{ mt: 1 }}>
        {evaluate.errorText && <Alert severity="error" role="alert">{evaluate.errorText}</Alert>}
        {result && (
          <Typography variant="body2" role="status" sx={{ overflowWrap: 'anywhere' }}>
            {result.placeholders.length ? translate(`${T}.placeholders`, { list: result.placeholders.join(', ') }) : translate(`${T}.noPlaceholders`)}
            {result.url && <><br />{translate(`${T}.url`, { url: result.url })}</>}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
