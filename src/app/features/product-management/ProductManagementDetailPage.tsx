import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router';
import { useArticlesProductManagementGet } from '../../../../generated/app/calls.gen';
import { articlesProductManagementPatch } from '../../../../generated/app/calls/articles.gen';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { useShopLanguage } from '../../common/hooks';
import { describeError } from '../../data/errors';
import { ArticleTab } from './ArticleTab';
import { FamilyTab } from './FamilyTab';
import { ImagesTab } from './ImagesTab';
import { titleOf, useArticlePatch, type ArticleWithOffers } from './product-api';
import { Thumbnail } from './ProductManagementPage';
import { StockTab } from './StockTab';
import { SupplierTab } from './SupplierTab';

const M = 'productManagement.detail';
const TABS = ['article', 'supplier', 'images', 'family', 'stock'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /product-management/{id} (flows §2): one own article of the acting company (GET
 * /product-management/{id}) in tabs: the article's fields, its suppliers (the offers, each with its
 * own number, price and stock), its images in the shop's order, its product family with its
 * attributes and variants, and the stock the company's warehouses keep of it. Whoever may change
 * product management articles changes them here (PATCH /product-management/{id}) and takes the
 * article out of the shop (available false) after a confirmation, or puts it back. Each tab is its
 * own component in this folder (ArticleTab, SupplierTab, ImagesTab, FamilyTab, StockTab).
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
  const patch = useArticlePatch(available ? `${M}.takenOut` : `${M}.putBackDone`);
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
