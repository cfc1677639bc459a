import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Stack, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useArticlesProductManagementCreate, useSessionSaveSettings } from '../../../../generated/app/calls.gen';
import { articlesProductManagementCreate, articlesProductManagementList } from '../../../../generated/app/calls/articles.gen';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { describeError } from '../../data/errors';
import { usePagedCall } from '../../data/paged-call';
import { ProductImportDialog } from '../product-import/ProductImportDialog';
import { ListPager } from '../../generated-support/ListPager';
import { ExportButton } from '../../common/ui/ExportButton';
import { productImportsExport } from '../../../../generated/app/calls/product-imports.gen';
import { useAppNotify } from '../../notify/useAppNotify';
import { writeSession } from '../../session/store';
import {
  EMPTY_ARTICLE, NEW_OFFER, PRODUCT_LIST, UNAVAILABLE, articleCreateFields, errorCodeOf, listQuery, offerFields, offerProblems, problemsOf,
  PRODUCT_SORTS, isProductSort, sortKey, sortParam, titleOf, under, useMarketplaceChoices, useSupplierChoices, type ArticleDraft, type OfferDraft, type ProductRow,
} from './product-api';
import { ArticleFields, FormHeading, OfferFields } from './ProductFields';

const M = 'productManagement.list';
const PAGE_SIZE = 20;
/** The server's own first order: the newest articles first. */
const NEWEST = { field: 'createdAt', order: 'DESC' } as const;
const FILTERS = ['name', 'articleNumberSupplier', 'supplierId', 'marketplaceId', 'unavailable'] as const;

/** '-price' → {field: 'price', order: 'DESC'} (the paged list's sort). */
const sortOf = (sort: unknown) => (isProductSort(sort)
  ? { field: sort.replace(/^-/, ''), order: sort.startsWith('-') ? 'DESC' as const : 'ASC' as const }
  : NEWEST);

/**
 * /product-management (flows §2, §3 product-management filters): the acting company's own articles
 * (GET /product-management), each with its cheapest offer, filtered by name, supplier article
 * number, supplier, marketplace and availability (unavailable ones hidden unless asked), sorted as
 * the spec's sorts allow, a page at a time; a row opens the article. The filters and sort are in
 * the URL (the one paged list, data/paged-call.ts) and the user saves them as their default (user
 * settings listFilters 'product-management', flows §2's remembered "user product management" table
 * filter, as the orders' list does); the menu's link opens the list with them. Whoever may create
 * product management articles adds one with its first supplier.
 */
export function ProductManagementPage() {
  const translate = useTranslate();
  const session = useSession();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const saved = session.user?.listFilters?.[PRODUCT_LIST];
  const { sort: savedSort, ...savedFilters } = saved ?? {};
  const list = usePagedCall(articlesProductManagementList, {
    name: PRODUCT_LIST, perPage: PAGE_SIZE, sort: sortOf(savedSort), remember: false, filterDefaultValues: savedFilters,
    input: ({ page, perPage, sort, order, text }) => ({ query: listQuery(page, perPage, sortParam(sort, order), text) }),
    rows: (answer) => answer,
    enabled: !!session.activeCustomerId,
  });
  const suppliers = useSupplierChoices();
  const marketplaces = useMarketplaceChoices();
  const value = (key: (typeof FILTERS)[number]) => (typeof list.filterValues[key] === 'string' ? list.filterValues[key] as string : '');
  const set = (key: (typeof FILTERS)[number]) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const sort = sortParam(list.sort.field, list.sort.order);

  const saveSettings = useSessionSaveSettings({
    onSuccess: (settings, { body }) => {
      if (session.user) writeSession({ user: { ...session.user, listFilters: settings.listFilters } });
      toast(Object.keys(body.listFilters?.[PRODUCT_LIST] ?? {}).length ? `${M}.savedDefault` : `${M}.forgottenDefault`, { variation: 'success' });
    },
    onError: (e) => toast(describeError(e, { resource: 'users', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  function saveDefaults(filters: Record<string, unknown>) {
    const kept: Record<string, string> = {};
    for (const [key, v] of Object.entries(filters)) if (typeof v === 'string' && v) kept[key] = v;
    saveSettings.mutate({ body: { listFilters: { [PRODUCT_LIST]: kept } } });
  }

  const creates = canCall(articlesProductManagementCreate.access, subjectOf(session));
  // The export's query is the list's, without its page.
  const { page: _page, pageSize: _pageSize, ...exportFilters } = listQuery(1, PAGE_SIZE, sort, (k) => value(k as (typeof FILTERS)[number]) || undefined);
  const { rows, total, error, isPending } = list;
  const filtered = FILTERS.some((k) => value(k) && !(k === 'unavailable' && value(k) === 'exclude'));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1300 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(`${M}.title`)}</Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {/* The list as it is filtered, as a spreadsheet in the import's format; a spreadsheet of articles in. */}
          <ExportButton call={productImportsExport} query={exportFilters} fileName="articles.xlsx" label={translate('productImport.export')} />
          {creates && <Button variant="outlined" onClick={() => setImporting(true)}>{translate('productImport.open')}</Button>}
          {creates && <Button variant="contained" onClick={() => setCreating(true)}>{translate(`${M}.new`)}</Button>}
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.help`)}</Typography>
      <Box component="form" role="search" aria-label={translate(`${M}.filters`)} onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(6, 1fr)' }, gap: 1.5, mb: 1 }}>
        <TextField size="small" type="search" label={translate(`${M}.name`)} value={value('name')} onChange={set('name')} />
        <TextField size="small" type="search" label={translate(`${M}.articleNumber`)} value={value('articleNumberSupplier')} onChange={set('articleNumberSupplier')} />
        <TextField select size="small" label={translate(`${M}.supplier`)} value={suppliers.some((s) => s.id === value('supplierId')) ? value('supplierId') : ''} onChange={set('supplierId')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate(`${M}.allSuppliers`)}</MenuItem>
          {suppliers.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate(`${M}.marketplace`)} value={marketplaces.some((m) => m.id === value('marketplaceId')) ? value('marketplaceId') : ''} onChange={set('marketplaceId')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{translate(`${M}.allMarketplaces`)}</MenuItem>
          {marketplaces.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate(`${M}.unavailable`)} value={value('unavailable') || 'exclude'}
          onChange={(e) => list.changeFilters({ unavailable: e.target.value === 'exclude' ? undefined : e.target.value })}>
          {UNAVAILABLE.map((u) => <MenuItem key={u} value={u}>{translate(`${M}.unavailableChoice.${u}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={translate(`${M}.sort`)} value={sort} onChange={(e) => list.setSort(sortOf(e.target.value))}>
          {PRODUCT_SORTS.map((s) => <MenuItem key={s} value={s}>{translate(`${M}.sorts.${sortKey(s)}`)}</MenuItem>)}
        </TextField>
      </Box>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Button size="small" disabled={saveSettings.isPending} onClick={() => saveDefaults({ ...list.filterValues, sort })}>{translate(`${M}.saveDefault`)}</Button>
        <Button size="small" disabled={saveSettings.isPending} onClick={() => { list.setFilters({}); list.setSort(NEWEST); saveDefaults({}); }}>{translate(`${M}.resetDefault`)}</Button>
      </Stack>
      {error && <Alert severity="error">{translate(`${M}.listFailed`)}</Alert>}
      {rows && <Typography variant="body2" color="text.secondary" aria-live="polite">{translate(`${M}.count`, { count: total ?? 0 })}</Typography>}
      {!isPending && !error && rows?.length === 0 && <Typography sx={{ mt: 2 }}>{translate(filtered ? `${M}.none` : `${M}.empty`)}</Typography>}
      {!error && !!rows?.length && (
        <>
          <ProductTable rows={rows} />
          <ListPager list={list} />
        </>
      )}
      {creating && <CreateArticleDialog onClose={() => setCreating(false)} />}
      <ProductImportDialog open={importing} onClose={() => setImporting(false)} />
    </Box>
  );
}

/** A small picture of the article, or a grey square saying there is none. */
export function Thumbnail({ src, alt, size = 48 }: { src: string | null | undefined; alt: string; size?: number }) {
  const translate = useTranslate();
  return src
    ? <Box component="img" src={src} alt={alt} loading="lazy" sx={{ width: size, height: size, objectFit: 'contain', display: 'block', bgcolor: 'background.paper' }} />
    : <Box role="img" aria-label={translate(`${M}.noImage`)} sx={{ width: size, height: size, bgcolor: 'action.hover', borderRadius: 1 }} />;
}

/**
 * The articles as a table: image, title (its link opens the article; so does a click on the row),
 * supplier article number, supplier, price, stock and whether it is in the shop. Below a laptop's
 * width (a phone, a tablet, or the family tab's narrower room beside the menu) the
 * number, supplier and stock go under the title instead of in columns of their own, and so does
 * "out of the shop" (the column of availability would leave the title a few letters a line); the
 * image column is named for screen readers only there.
 */
export function ProductTable({ rows, current }: { rows: readonly ProductRow[]; current?: string }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const stock = (r: ProductRow) => (r.stock == null ? translate(`${M}.stockUnknown`) : String(r.stock));
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label={translate(`${M}.title`)}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: wide ? 64 : 40, px: wide ? undefined : 0.5 }}>
              {wide ? translate(`${M}.image`) : <Box component="span" sx={visuallyHidden}>{translate(`${M}.image`)}</Box>}
            </TableCell>
            <TableCell>{translate('resources.articles.fields.title')}</TableCell>
            {wide && <TableCell>{translate('resources.supplier-articles.fields.articleNumberSupplier')}</TableCell>}
            {wide && <TableCell>{translate('resources.supplier-articles.fields.supplierId')}</TableCell>}
            <TableCell align="right">{translate('resources.supplier-articles.fields.price')}</TableCell>
            {wide && <TableCell align="right">{translate('resources.supplier-articles.fields.stock')}</TableCell>}
            {wide && <TableCell>{translate(`${M}.available`)}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const title = titleOf(r.title, language) || r.articleNumberSupplier || r.id;
            const to = `/product-management/${encodeURIComponent(r.id)}`;
            return (
              <TableRow key={r.id} hover selected={r.id === current} onClick={() => r.id !== current && navigate(to)} sx={{ cursor: r.id === current ? undefined : 'pointer' }}>
                <TableCell sx={{ px: wide ? undefined : 0.5 }}><Thumbnail src={r.image} alt={title} size={wide ? 48 : 40} /></TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: wide ? 160 : undefined }}>
                  {r.id === current
                    ? <Typography variant="body2">{title}</Typography>
                    : <Link component={RouterLink} to={to} onClick={(e) => e.stopPropagation()}>{title}</Link>}
                  {r.offerCount > 1 && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate(`${M}.more`, { count: r.offerCount - 1 })} />}
                  {!wide && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {[r.articleNumberSupplier, r.supplierName, `${translate('resources.supplier-articles.fields.stock')}: ${stock(r)}`].filter(Boolean).join(' · ')}
                    </Typography>
                  )}
                  {!wide && !r.available && <Chip size="small" sx={{ mt: 0.5 }} label={translate('productManagement.detail.outOfShop')} />}
                </TableCell>
                {wide && <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.articleNumberSupplier}</TableCell>}
                {wide && <TableCell>{r.supplierName}</TableCell>}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{r.price == null ? '' : price(r.price)}</TableCell>
                {wide && <TableCell align="right">{stock(r)}</TableCell>}
                {wide && <TableCell>{r.available ? translate(`${M}.yes`) : <Chip size="small" label={translate('productManagement.detail.outOfShop')} />}</TableCell>}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A new own article with its first supplier (POST /product-management): the article's fields and
 * the offer's. What the form can tell itself (Dutch title, supplier, number, price, whole numbers)
 * is said before sending; the server's refusals come back under their fields (details by path,
 * 'offers.0.articleNumberSupplier'; SupplierArticleAlreadyExists under the article number) and in
 * the form's alert. Created, the article's page opens.
 */
export function CreateArticleDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { toast } = useAppNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [article, setArticle] = useState<ArticleDraft>(EMPTY_ARTICLE);
  const [offer, setOffer] = useState<OfferDraft>(NEW_OFFER);
  const [local, setLocal] = useState<{ article: Record<string, string>; offer: Record<string, string> }>({ article: {}, offer: {} });
  const create = useArticlesProductManagementCreate({
    failure: { op: 'create' },
    onSuccess: (created) => {
      toast(translate('productManagement.create.created'), { variation: 'success' });
      navigate(`/product-management/${encodeURIComponent(created.id)}`);
    },
  });
  const server = create.error ? problemsOf(create.error) : {};
  const offerServer = under(server, 'offers.0.');
  if (errorCodeOf(create.error) === 'SupplierArticleAlreadyExists' && !offerServer.articleNumberSupplier) offerServer.articleNumberSupplier = 'SupplierArticleAlreadyExists';
  const articleServer = Object.fromEntries(Object.entries(server).filter(([k]) => !k.startsWith('offers')));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = { article: (article.title.nl.trim() ? {} : { 'title.nl': 'required' }) as Record<string, string>, offer: offerProblems(offer) };
    setLocal(problems);
    if (Object.keys(problems.article).length || Object.keys(problems.offer).length) {
      create.reset();
      return;
    }
    create.mutate({ body: { ...articleCreateFields(article), offers: [offerFields(offer)] } });
  }

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby="pm-create-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="pm-create-title">{translate('productManagement.create.title')}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <FormHeading>{translate('productManagement.create.article')}</FormHeading>
            <ArticleFields value={article} onChange={setArticle} problems={{ ...local.article, ...articleServer }} disabled={create.isPending} />
            <FormHeading>{translate('productManagement.create.offer')}</FormHeading>
            <OfferFields value={offer} onChange={setOffer} problems={{ ...local.offer, ...offerServer }} disabled={create.isPending} />
            {create.errorText && <Alert severity="error">{create.errorText}</Alert>}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>{translate('productManagement.create.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>{translate('productManagement.create.submit')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
