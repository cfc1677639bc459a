import { sendArticleImage } from '../catalogue/article-images';
import { articleImageCalls } from '../../shared/contracts/files';
import { implement } from './define';

/** GET /article-images/{blobName} (articleImageCalls.image): public, cached for a year (src/server/catalogue/article-images.ts says why). */
export const articleImageActions = implement(articleImageCalls, {
  image: async ({ request, reply, params }) => sendArticleImage(request, reply, params.blobName),
});
