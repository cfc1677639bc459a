import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PAGES } from '../../../../generated/app/pages.gen';
import { warehouseInstancesQuery } from '../../../../generated/app/calls/warehouse-instances.gen';
import { canCall } from '../../../shared/access';
import { canOpenPage } from '../../../shared/page-access';
import { subjectOf } from '../../access/can-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { InstanceTable } from '../warehouses/InstanceTable';
import { useInstances } from '../warehouses/stock-api';
import type { ArticleWithOffers, Offer } from './product-api';
import { FormHeading } from './ProductFields';

/**
 * The stock of the article's offers in the company's warehouses (GET /warehouse-management/instances
 * filtered by supplierArticleId), as the stock screens show it; a warehouse opens its page, where
 * stock and minimum are changed.
 */
export function StockTab({ article }: { article: ArticleWithOffers }) {
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
