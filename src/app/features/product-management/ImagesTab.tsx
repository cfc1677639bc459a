import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useShopLanguage } from '../../common/hooks';
import { ArticleImages } from '../article-images/ArticleImages';
import { titleOf, useArticlePatch, type ArticleWithOffers } from './product-api';

/**
 * The article's images (the shared ArticleImages: upload, main image, order, remove): an upload is
 * added by its own call, every other change is saved at once (PATCH {images, image}).
 */
export function ImagesTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const patch = useArticlePatch('productManagement.images.saved');
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translate('productManagement.images.help')}</Typography>
      <ArticleImages image={article.image} images={article.images} uploadTo={{ articleId: article.id }} title={titleOf(article.title, language)}
        editable={editable} saving={patch} onChange={(next) => patch.mutate({ params: { id: article.id }, body: next })} />
    </Box>
  );
}
