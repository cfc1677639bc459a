import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Paper, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../../../generated/app/pages.gen';
import { formatDate } from '../../i18n/format';
import { usePrice } from '../../common/hooks';
import { productsUrl } from '../marketplace/routing';
import { describedIn, inLanguage } from '../../common/text';
import type { Category, SupplierArticleDto } from '../../common/types';
import type { useShopDashboard, ActiveBanner } from './useShopDashboard';

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;
/** A card of an article row: a fixed size, so the row's skeleton and its cards take the same room. */
const CARD_WIDTH = 176;
const IMAGE_HEIGHT = 112;
const CARD_HEIGHT = 252;

/** A dashboard section: a heading and its content; `id` names it for assistive technology. */
function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={id} variant="h6" component="h2">{title}</Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** One article: picture, title linking to its product page, supplier and price. */
function ArticleCard({ article }: { article: SupplierArticleDto }) {
  const [language] = useLocaleState();
  const price = usePrice();
  const title = inLanguage(article.title, language) || article.articleNumberSupplier || article.id;
  return (
    <Card component="article" variant="outlined" aria-label={title}
      sx={{ width: CARD_WIDTH, height: CARD_HEIGHT, flex: '0 0 auto', display: 'flex', flexDirection: 'column', position: 'relative' }}>
      {article.image
        ? <Box component="img" src={article.image} alt="" width={CARD_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async"
            sx={{ display: 'block', width: '100%', height: IMAGE_HEIGHT, objectFit: 'contain', p: 1, boxSizing: 'border-box' }} />
        : <Box sx={{ height: IMAGE_HEIGHT, bgcolor: 'action.hover' }} aria-hidden />}
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1, minHeight: 0 }}>
        <Typography variant="body2" component="h3" sx={{ fontWeight: 500, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {/* The whole card opens the product page; the link's name is the title. */}
          <Link component={RouterLink} to={productPath(article.id)} underline="hover" color="inherit"
            sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}>
            {title}
          </Link>
        </Typography>
        {article.supplierName && <Typography variant="caption" color="text.secondary" noWrap>{article.supplierName}</Typography>}
        <Typography variant="subtitle2" component="p" sx={{ mt: 'auto' }}>{price(article.price)}</Typography>
      </CardContent>
    </Card>
  );
}

/** A row of article cards that scrolls sideways when it does not fit (phones), with a skeleton of the same size. */
function ArticleRow({ label, query }: { label: string; query: UseQueryResult<SupplierArticleDto[]> }) {
  const translate = useTranslate();
  if (query.isError) return <Alert severity="warning">{translate('dashboard.loadFailed')}</Alert>;
  return (
    <Box component="ul" aria-label={label} aria-busy={query.isPending || undefined}
      sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 1, minHeight: CARD_HEIGHT + 8 }}>
      {query.isPending
        ? Array.from({ length: 4 }, (_, i) => (
            <li key={i}><Skeleton variant="rounded" width={CARD_WIDTH} height={CARD_HEIGHT} /></li>
          ))
        : query.data?.map((article) => <li key={article.id}><ArticleCard article={article} /></li>)}
    </Box>
  );
}

/** The active banners: their title in the interface language, the period and the banner's link. */
function Banners({ banners }: { banners: ActiveBanner[] }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  if (!banners.length) return null;
  return (
    <Box component="section" aria-label={translate('dashboard.banners')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(280px, 1fr))' }, gap: 2, mt: 2 }}>
      {banners.map((banner) => {
        const title = inLanguage(banner.title ?? undefined, language) || banner.description || '';
        const internal = banner.linkUrl?.startsWith('/');
        return (
          <Paper key={banner.id} component="article" aria-label={title} elevation={0}
            sx={{ p: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', gap: 2, alignItems: 'center', minHeight: 96 }}>
            {banner.imageUrl && <Box component="img" src={banner.imageUrl} alt="" width={96} height={64} sx={{ objectFit: 'cover', borderRadius: 1, flex: '0 0 auto' }} />}
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h6" component="h2">{title}</Typography>
              {banner.description && banner.description !== title && <Typography variant="body2">{banner.description}</Typography>}
              {banner.endDate && <Typography variant="caption">{translate('dashboard.bannerUntil', { date: formatDate(banner.endDate, language) })}</Typography>}
            </Box>
            {banner.linkUrl && (
              <Button variant="contained" sx={{ flex: '0 0 auto', bgcolor: 'background.paper', color: 'text.primary', '&:hover': { bgcolor: 'background.default' } }}
                {...(internal ? { component: RouterLink, to: banner.linkUrl } : { href: banner.linkUrl, target: '_blank', rel: 'noopener noreferrer' })}>
                {translate('dashboard.bannerOpen')}
              </Button>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}

/** Popular categories as links into the marketplace, filtered on the category. */
function PopularCategories({ query }: { query: UseQueryResult<Category[]> }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  if (query.isError) return <Alert severity="warning">{translate('dashboard.loadFailed')}</Alert>;
  if (query.isPending) return <Skeleton variant="rounded" height={32} sx={{ maxWidth: 480 }} />;
  return (
    <Box component="ul" aria-label={translate('dashboard.popularCategories')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
      {query.data.map((category) => {
        const path = inLanguage(category.hierarchy, language);
        const name = describedIn(category.descriptions, language) || path.split(' > ').pop() || path;
        return (
          <li key={category.id}>
            <Chip component={RouterLink} to={productsUrl({ categories: path })} clickable variant="outlined" label={`${name} (${category.amountOfArticles})`} />
          </li>
        );
      })}
    </Box>
  );
}

/**
 * The shop part of the customer dashboard (core §7 calls): active banners, what the company ordered
 * last and most (to order again in one click), the promoted articles and the popular categories.
 * A company that has not ordered yet gets a first step instead of empty rows: to the marketplace or
 * a popular category — never beside the user's own latest orders (`hasOrders`: orders without
 * catalogue articles, such as an order form's, leave the rows of articles empty).
 */
export function ShopDashboard({ state, hasOrders }: { state: ReturnType<typeof useShopDashboard>; hasOrders: boolean }) {
  const translate = useTranslate();
  const { enabled, banners, promoted, recent, top, popular } = state;
  if (!enabled) return null;
  const noRecentArticles = recent.isSuccess && recent.data.length === 0;
  const neverOrdered = noRecentArticles && !hasOrders;
  const toShop = (
    <Button component={RouterLink} to={PAGES.products!.path} size="small">{translate('dashboard.shop')}</Button>
  );
  const promotedItems = { ...promoted, data: promoted.data?.items } as UseQueryResult<SupplierArticleDto[]>;
  return (
    <>
      {banners.data && <Banners banners={banners.data} />}
      {neverOrdered ? (
        <Card component="section" aria-labelledby="dashboard-first-order" variant="outlined" sx={{ mt: 3 }}>
          <CardContent>
            <Typography id="dashboard-first-order" variant="h6" component="h2" gutterBottom>{translate('dashboard.firstOrder.title')}</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('dashboard.firstOrder.text')}</Typography>
            <Button component={RouterLink} to={PAGES.products!.path} variant="contained">{translate('dashboard.firstOrder.action')}</Button>
          </CardContent>
        </Card>
      ) : !noRecentArticles && (
        <Section id="dashboard-recent-articles" title={translate('dashboard.recentArticles')} action={toShop}>
          <ArticleRow label={translate('dashboard.recentArticles')} query={recent} />
        </Section>
      )}
      {!neverOrdered && !(top.isSuccess && top.data.length === 0) && (
        <Section id="dashboard-top-articles" title={translate('dashboard.topArticles')}>
          <ArticleRow label={translate('dashboard.topArticles')} query={top} />
        </Section>
      )}
      {!(promoted.isSuccess && promoted.data.items.length === 0) && (
        <Section id="dashboard-promoted" title={translate('dashboard.promoted')}
          action={promoted.data && promoted.data.total > promoted.data.items.length
            ? <Typography variant="body2" color="text.secondary">{translate('dashboard.promotedCount', { shown: promoted.data.items.length, total: promoted.data.total })}</Typography>
            : undefined}>
          <ArticleRow label={translate('dashboard.promoted')} query={promotedItems} />
        </Section>
      )}
      {!(popular.isSuccess && popular.data.length === 0) && (
        <Section id="dashboard-popular" title={translate('dashboard.popularCategories')}>
          <PopularCategories query={popular} />
        </Section>
      )}
    </>
  );
}
