import { ArticleImages } from '../article-images/ArticleImages';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Link, List, ListItem,
  Stack, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tabs, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useI18nProvider, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PAGES } from '../../../../generated/app/pages.gen';
import { useArticlesProductAttributes, useArticlesProductManagementGet, useArticlesProductManagementPatch } from '../../../../generated/app/calls.gen';
import { articlesProductManagementList, articlesProductManagementPatch } from '../../../../generated/app/calls/articles.gen';
import { warehouseInstancesQuery } from '../../../../generated/app/calls/warehouse-instances.gen';
import { canCall } from '../../../shared/access';
import { canOpenPage } from '../../../shared/page-access';
import { subjectOf } from '../../access/can-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { inLanguage } from '../../common/text';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { describeError } from '../../data/errors';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { useAppNotify } from '../../notify/useAppNotify';
import { InstanceTable } from '../warehouses/InstanceTable';
import { useInstances } from '../warehouses/stock-api';
import {
  LANGUAGES, NEW_OFFER, NO_LANGS, VARIANTS_LIST, articleDraftOf, articlePatchFields, errorCodeOf, filled, offerDraftOf, offerFields, offerProblems,
  problemText, problemsOf, titleOf, under, type ArticleDraft, type ArticleWithOffers, type Attribute, type Langs, type Offer, type OfferDraft,
} from './product-api';
import { ArticleFields, FormHeading, OfferFields } from './ProductFields';
import { ProductTable, Thumbnail } from './ProductManagementPage';

const M = 'productManagement.detail';
const O = 'resources.supplier-articles.fields';
const TABS = ['article', 'supplier', 'images', 'family', 'stock'] as const;
type TabKey = (typeof TABS)[number];
const VARIANTS_PAGE = 10;

/** The article's change (PATCH /product-management/{id}) with a toast when it is done; its failure is the form's to show. */
function usePatch(done = `${M}.saved`) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  return useArticlesProductManagementPatch({ onSuccess: () => toast(translate(done), { variation: 'success' }) });
}

/**
 * /product-management/{id} (flows §2): one own article of the acting company (GET
 * /product-management/{id}) in tabs: the article's fields, its suppliers (the offers, each with its
 * own number, price and stock), its images in the shop's order, its product family with its
 * attributes and variants, and the stock the company's warehouses keep of it. Whoever may change
 * product management articles changes them here (PATCH /product-management/{id}) and takes the
 * article out of the shop (available false) after a confirmation, or puts it back.
 */
export function ProductManagementDetailPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const answer = useArticlesProductManagementGet({ params: { id } }, { enabled: !!id && !!session.activeCustomerId });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1300 }}>
      <Link component={RouterLink} to="/product-management">{translate(`${M}.back`)}</Link>
      {answer.error && <Alert severity="error" sx={{ mt: 1 }}>{describeError(answer.error, { resource: 'articles', op: 'get', name: id }, i18n.i18nProvider)}</Alert>}
      {!answer.data && !answer.error && <Typography sx={{ mt: 1 }}>{translate('ra.page.loading')}</Typography>}
      {answer.data && <ArticleView article={answer.data} />}
    </Box>
  );
}

function ArticleView({ article }: { article: ArticleWithOffers }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const session = useSession();
  const editable = canCall(articlesProductManagementPatch.access, subjectOf(session));
  const [tab, setTab] = useState<TabKey>('article');
  const title = titleOf(article.title, language);
  const panels: Record<TabKey, () => ReactNode> = {
    // Keyed by the version read, so a saved change (read again) starts the form from what the server kept.
    article: () => <ArticleTab key={article.updatedAt} article={article} editable={editable} />,
    supplier: () => <SupplierTab article={article} editable={editable} />,
    images: () => <ImagesTab article={article} editable={editable} />,
    family: () => <FamilyTab key={article.updatedAt} article={article} editable={editable} />,
    stock: () => <StockTab article={article} />,
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Thumbnail src={article.image} alt={title} size={56} />
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>
          {article.available === false && <Chip size="small" label={translate(`${M}.outOfShop`)} />}
        </Stack>
        {editable && <AvailabilityButton article={article} title={title} />}
      </Stack>
      {!editable && <Alert severity="info" sx={{ mb: 1 }}>{translate(`${M}.readOnly`)}</Alert>}
      <Tabs value={tab} onChange={(_, key: TabKey) => setTab(key)} variant="scrollable" allowScrollButtonsMobile
        aria-label={translate(`${M}.tabs.label`)} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {TABS.map((t) => <Tab key={t} value={t} label={translate(`${M}.tabs.${t}`)} id={`pm-tab-${t}`} aria-controls={`pm-tabpanel-${t}`} />)}
      </Tabs>
      <Box role="tabpanel" id={`pm-tabpanel-${tab}`} aria-labelledby={`pm-tab-${tab}`}>{panels[tab]()}</Box>
    </>
  );
}

/** Takes the article out of the shop (available false) once the user confirms, or puts it back. */
function AvailabilityButton({ article, title }: { article: ArticleWithOffers; title: string }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const available = article.available !== false;
  const patch = usePatch(available ? `${M}.takenOut` : `${M}.putBackDone`);
  const send = (next: boolean) => patch.mutate({ params: { id: article.id }, body: { available: next } }, { onSuccess: () => setAsking(false) });
  return (
    <Box>
      {available
        ? <Button color="error" variant="outlined" onClick={() => { patch.reset(); setAsking(true); }}>{translate(`${M}.takeOut`)}</Button>
        : <Button variant="outlined" disabled={patch.isPending} onClick={() => send(true)}>{translate(`${M}.putBack`)}</Button>}
      {!asking && patch.errorText && <Alert severity="error" sx={{ mt: 1 }}>{patch.errorText}</Alert>}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="pm-take-out-title" aria-describedby="pm-take-out-text">
        <DialogTitle id="pm-take-out-title">{translate(`${M}.takeOutTitle`)}</DialogTitle>
        <DialogContent>
          <DialogContentText id="pm-take-out-text">{translate(`${M}.takeOutText`, { title })}</DialogContentText>
          {patch.errorText && <Alert severity="error" sx={{ mt: 1 }}>{patch.errorText}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={patch.isPending}>{translate(`${M}.cancel`)}</Button>
          <Button color="error" variant="contained" disabled={patch.isPending} onClick={() => send(false)}>{translate(`${M}.takeOut`)}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The article's fields, saved together (PATCH with every field; an emptied one is cleared). */
function ArticleTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<ArticleDraft>(() => articleDraftOf(article));
  const [local, setLocal] = useState<Record<string, string>>({});
  const patch = usePatch();
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = draft.title.nl.trim() ? {} : { 'title.nl': 'required' };
    setLocal(problems);
    if (Object.keys(problems).length) return patch.reset();
    patch.mutate({ params: { id: article.id }, body: articlePatchFields(draft) });
  }
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5 }}>
      <ArticleFields value={draft} onChange={setDraft} problems={{ ...local, ...problemsOf(patch.error) }} disabled={!editable || patch.isPending} withAvailability={false} />
      {patch.errorText && <Alert severity="error">{patch.errorText}</Alert>}
      {editable && (
        <Box>
          <Button type="submit" variant="contained" disabled={patch.isPending}>{translate(`${M}.save`)}</Button>
        </Box>
      )}
    </Box>
  );
}

/** The suppliers' offers of the article, cheapest first; each one's own fields are changed, and an offer is added (PATCH {offers: [{id?, …}]}). */
function SupplierTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const price = usePrice();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const offers = article.offers;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Typography color="text.secondary">{translate('productManagement.offers.help')}</Typography>
        {editable && <Button variant="outlined" onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>{translate('productManagement.offers.add')}</Button>}
      </Stack>
      {offers.length === 0 && <Typography>{translate('productManagement.offers.empty')}</Typography>}
      {offers.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={translate(`${M}.tabs.supplier`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${O}.supplierId`)}</TableCell>
                <TableCell>{translate(`${O}.articleNumberSupplier`)}</TableCell>
                <TableCell align="right">{translate(`${O}.price`)}</TableCell>
                {wide && <TableCell align="right">{translate(`${O}.priceQuantity`)}</TableCell>}
                {wide && <TableCell align="right">{translate(`${O}.minOrderQuant`)}</TableCell>}
                {wide && <TableCell align="right">{translate(`${O}.tax`)}</TableCell>}
                <TableCell align="right">{translate(`${O}.stock`)}</TableCell>
                {wide && <TableCell align="right">{translate(`${O}.estimateDeliveryDays`)}</TableCell>}
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {offers.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>{o.supplierName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.articleNumberSupplier}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{price(o.price)}</TableCell>
                  {wide && <TableCell align="right">{o.priceQuantity}</TableCell>}
                  {wide && <TableCell align="right">{o.minOrderQuant}</TableCell>}
                  {wide && <TableCell align="right">{o.tax}</TableCell>}
                  <TableCell align="right">{o.stock ?? translate('productManagement.list.stockUnknown')}</TableCell>
                  {wide && <TableCell align="right">{o.estimateDeliveryDays}</TableCell>}
                  {editable && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(o)} aria-label={`${translate('productManagement.offers.edit')} ${o.articleNumberSupplier}`}>
                        {translate('productManagement.offers.edit')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <OfferDialog article={article} offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** One offer's own fields: a change of an offer (with its id) or a new one (without). */
function OfferDialog({ article, offer, onClose }: { article: ArticleWithOffers; offer: Offer | null; onClose: () => void }) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<OfferDraft>(() => (offer ? offerDraftOf(offer) : NEW_OFFER));
  const [local, setLocal] = useState<Record<string, string>>({});
  const patch = usePatch(offer ? `${M}.saved` : 'productManagement.offers.added');
  const server = under(problemsOf(patch.error), 'offers.0.');
  if (errorCodeOf(patch.error) === 'SupplierArticleAlreadyExists' && !server.articleNumberSupplier) server.articleNumberSupplier = 'SupplierArticleAlreadyExists';
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = offerProblems(draft);
    setLocal(problems);
    if (Object.keys(problems).length) return patch.reset();
    const fields = offerFields(draft);
    patch.mutate({ params: { id: article.id }, body: { offers: [offer ? { ...fields, id: offer.id } : fields] } }, { onSuccess: onClose });
  }
  return (
    <Dialog open onClose={patch.isPending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="pm-offer-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="pm-offer-title">
          {offer ? translate('productManagement.offers.editTitle', { number: offer.articleNumberSupplier }) : translate('productManagement.offers.addTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <OfferFields value={draft} onChange={setDraft} problems={{ ...local, ...server }} disabled={patch.isPending} />
          {patch.errorText && <Alert severity="error" sx={{ mt: 1.5 }}>{patch.errorText}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={patch.isPending}>{translate(`${M}.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={patch.isPending}>{translate(`${M}.save`)}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The article's images (the shared ArticleImages: upload, main image, order, remove): an upload is
 * added by its own call, every other change is saved at once (PATCH {images, image}).
 */
function ImagesTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const patch = usePatch('productManagement.images.saved');
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translate('productManagement.images.help')}</Typography>
      <ArticleImages image={article.image} images={article.images} uploadTo={{ articleId: article.id }} title={titleOf(article.title, language)}
        editable={editable} saving={patch} onChange={(next) => patch.mutate({ params: { id: article.id }, body: next })} />
    </Box>
  );
}

const F = 'productManagement.family';

/** An attribute's name and value in the interface language. */
const attributeName = (a: Attribute, language: string) => inLanguage(a.name ?? null, language) || a.productAttributeId;

/**
 * The article's product family (articles of one family are each other's variants) and its
 * attributes, each a name and a value per language: one the company's articles already use
 * (GET /product-attributes) or a new one. Below, the variants: the company's articles of the same
 * family (the list call filtered by family).
 */
function FamilyTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const [family, setFamily] = useState(article.family ?? '');
  const saveFamily = usePatch();
  const attributes = article.attributes ?? [];
  const changeAttributes = usePatch();
  const familyProblems = problemsOf(saveFamily.error);
  const i18n = useI18nProvider();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); saveFamily.mutate({ params: { id: article.id }, body: { family: family.trim() || null } }); }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label={translate('resources.articles.fields.family')} value={family} onChange={(e) => setFamily(e.target.value)}
          disabled={!editable || saveFamily.isPending} error={!!familyProblems.family}
          helperText={problemText(familyProblems.family, i18n) ?? translate(`${F}.familyHelp`)} sx={{ minWidth: { xs: '100%', sm: 320 } }} />
        {editable && <Button type="submit" variant="contained" disabled={saveFamily.isPending}>{translate(`${M}.save`)}</Button>}
      </Box>
      {saveFamily.errorText && <Alert severity="error">{saveFamily.errorText}</Alert>}

      <section aria-labelledby="pm-attributes">
        <FormHeading id="pm-attributes">{translate(`${F}.attributes`)}</FormHeading>
        {changeAttributes.errorText && <Alert severity="error" sx={{ my: 1 }}>{changeAttributes.errorText}</Alert>}
        {attributes.length === 0 && <Typography>{translate(`${F}.noAttributes`)}</Typography>}
        <List dense aria-labelledby="pm-attributes">
          {attributes.map((a, i) => (
            <ListItem key={`${a.productAttributeId}-${i}`} divider disableGutters
              secondaryAction={editable && (
                <IconButton edge="end" aria-label={translate(`${F}.removeAttribute`, { name: attributeName(a, language) })} disabled={changeAttributes.isPending}
                  onClick={() => changeAttributes.mutate({ params: { id: article.id }, body: { attributes: attributes.filter((_, k) => k !== i) } })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}>
              <Typography variant="body2" sx={{ pr: 5 }}><strong>{attributeName(a, language)}</strong>: {inLanguage(a.description ?? null, language)}</Typography>
            </ListItem>
          ))}
        </List>
        {editable && <AttributeForm article={article} busy={changeAttributes.isPending}
          onAdd={(attribute, done) => changeAttributes.mutate({ params: { id: article.id }, body: { attributes: [...attributes, attribute] } }, { onSuccess: done })} />}
      </section>

      <Variants article={article} />
    </Box>
  );
}

/** The key of an attribute the user names here: random, so two attributes of the same name stay apart until someone picks the existing one. */
const newAttributeId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);

type AttributeChoice = { productAttributeId: string; name: Langs } | 'new';

/** A new attribute of the article: one the company's articles use, or a new one with its names; its value per language. */
function AttributeForm({ article, busy, onAdd }: { article: ArticleWithOffers; busy: boolean; onAdd: (attribute: Attribute, done: () => void) => void }) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const language = useShopLanguage();
  const known = useArticlesProductAttributes({ query: { page: 1 } });
  const used = new Set((article.attributes ?? []).map((a) => a.productAttributeId));
  const options: AttributeChoice[] = [
    ...(known.data?.items ?? []).filter((a) => !used.has(a.productAttributeId))
      .map((a) => ({ productAttributeId: a.productAttributeId, name: { nl: a.name.nl ?? '', en: a.name.en ?? '', fr: a.name.fr ?? '' } })),
    'new',
  ];
  const [choice, setChoice] = useState<AttributeChoice | null>(null);
  const [name, setName] = useState<Langs>(NO_LANGS);
  const [value, setValue] = useState<Langs>(NO_LANGS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const label = (c: AttributeChoice) => (c === 'new' ? translate(`${F}.newAttribute`) : inLanguage(c.name, language) || c.productAttributeId);
  function add(event: FormEvent) {
    event.preventDefault();
    const wrong: Record<string, string> = {};
    if (!choice) wrong.attribute = 'required';
    if (choice === 'new' && !name.nl.trim()) wrong['name.nl'] = 'required';
    if (!filled(value)) wrong['value.nl'] = 'required';
    setProblems(wrong);
    if (Object.keys(wrong).length || !choice) return;
    const attribute: Attribute = choice === 'new'
      ? { productAttributeId: newAttributeId(), name: filled(name), description: filled(value) }
      : { productAttributeId: choice.productAttributeId, name: filled(choice.name), description: filled(value) };
    onAdd(attribute, () => { setChoice(null); setName(NO_LANGS); setValue(NO_LANGS); });
  }
  const langFields = (kind: 'name' | 'value', langs: Langs, set: (l: Langs) => void) => LANGUAGES.map((l) => (
    <TextField key={`${kind}-${l}`} size="small" label={translate(`${F}.${kind}`, { language: translate(`productManagement.language.${l}`) })} value={langs[l]}
      required={l === 'nl' && kind === 'name'} disabled={busy} onChange={(e) => set({ ...langs, [l]: e.target.value })}
      error={!!problems[`${kind}.${l}`]} helperText={problemText(problems[`${kind}.${l}`], i18n)} />
  ));
  return (
    <Box component="form" noValidate onSubmit={add} aria-label={translate(`${F}.addAttribute`)}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mt: 1 }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>{translate(`${F}.addAttribute`)}</Typography>
        <Autocomplete size="small" options={options} value={choice} onChange={(_, c) => setChoice(c)} getOptionLabel={label} disabled={busy}
          isOptionEqualToValue={(a, b) => (a === 'new' ? b === 'new' : b !== 'new' && a.productAttributeId === b.productAttributeId)}
          renderInput={(params) => <TextField {...params} label={translate(`${F}.attribute`)} error={!!problems.attribute} helperText={problemText(problems.attribute, i18n)} />}
          sx={{ maxWidth: { md: 420 } }} />
      </Box>
      {choice === 'new' && langFields('name', name, setName)}
      {langFields('value', value, setValue)}
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Button type="submit" variant="outlined" disabled={busy}>{translate(`${F}.add`)}</Button>
      </Box>
    </Box>
  );
}

/**
 * The article's variants: the company's articles of its family, unavailable ones included, by
 * title (GET /product-management filtered by family), this article marked. The paged list is
 * flows §2's remembered "product management variants" table (its page in the URL and remembered
 * under its name), starting at page 1.
 */
function Variants({ article }: { article: ArticleWithOffers }) {
  const translate = useTranslate();
  const session = useSession();
  const family = article.family ?? '';
  const list = usePagedCall(articlesProductManagementList, {
    name: VARIANTS_LIST, perPage: VARIANTS_PAGE,
    input: ({ page, perPage }) => ({ query: { page, pageSize: perPage, family, unavailable: 'include' as const, sort: 'title' as const } }),
    rows: (answer) => answer,
    enabled: !!family && !!session.activeCustomerId,
  });
  const others = (list.rows ?? []).filter((r) => r.id !== article.id);
  return (
    <section aria-labelledby="pm-variants">
      <FormHeading id="pm-variants">{translate(`${F}.variants`)}</FormHeading>
      {!family && <Typography>{translate(`${F}.noFamily`)}</Typography>}
      {family && <Typography color="text.secondary">{translate(`${F}.variantsHelp`, { family })}</Typography>}
      {family && list.error && <Alert severity="error">{translate(`${F}.variantsFailed`)}</Alert>}
      {family && list.rows && others.length === 0 && list.page === 1 && <Typography sx={{ mt: 1 }}>{translate(`${F}.noVariants`)}</Typography>}
      {family && !!list.rows?.length && (others.length > 0 || list.page > 1) && (
        <>
          <ProductTable rows={list.rows} current={article.id} />
          {(list.total ?? 0) > VARIANTS_PAGE && <ListPager list={list} />}
        </>
      )}
    </section>
  );
}

/**
 * The stock of the article's offers in the company's warehouses (GET /warehouse-management/instances
 * filtered by supplierArticleId), as the stock screens show it; a warehouse opens its page, where
 * stock and minimum are changed.
 */
function StockTab({ article }: { article: ArticleWithOffers }) {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useCoreServices();
  const reads = canCall(warehouseInstancesQuery.access, subjectOf(session));
  const page = PAGES['warehouse-management-id'];
  const manage = !!page && canOpenPage(page, pageSubjectOf(session, domain.links)) === 'ok';
  if (!reads) return <Typography>{translate('productManagement.stock.noAccess')}</Typography>;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translate('productManagement.stock.help')}</Typography>
      {article.offers.length === 0 && <Typography>{translate('productManagement.stock.noOffers')}</Typography>}
      {article.offers.map((o) => <OfferStock key={o.id} offer={o} manage={manage} />)}
    </Box>
  );
}

function OfferStock({ offer, manage }: { offer: Offer; manage: boolean }) {
  const translate = useTranslate();
  const { data, error } = useInstances({ supplierArticleId: offer.id, sort: 'warehouseName', page: 1, pageSize: 100 });
  const heading = translate('productManagement.stock.offer', { number: offer.articleNumberSupplier, supplier: offer.supplierName ?? '' });
  const id = `pm-stock-${offer.id}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <FormHeading id={id}>{heading}</FormHeading>
      {error && <Alert severity="error">{translate('productManagement.stock.listFailed')}</Alert>}
      {!data && !error && <Typography>{translate('ra.page.loading')}</Typography>}
      {data?.items.length === 0 && <Typography>{translate('productManagement.stock.noInstances')}</Typography>}
      {!!data?.items.length && <InstanceTable items={data.items} manage={manage} label={heading} withArticle={false} />}
    </Box>
  );
}
