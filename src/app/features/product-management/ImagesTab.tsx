import { useShopLanguage } from '../../common/hooks';
import { ArticleImages } from '../article-images/ArticleImages';
import { titleOf, useArticlePatch, type ArticleWithOffers } from './product-api';

/**
 * The article's images (the shared ArticleImages: upload, main image, order, remove): an upload is
 * added by its own call, every other change is saved at once (PATCH {images, image}).
 */
export function ImagesTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const language = useShopLanguage();
  const patch = useArticlePatch('productManagement.images.saved');
  return (
    <ArticleImages image={article.image} images={article.images} uploadTo={{ articleId: article.id }} title={titleOf(article.title, language)}
      editable={editable} saving={patch} onChange={(next) => patch.mutate({ params: { id: article.id }, body: next })} />
  );
}
