import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { access, CONSTANTS } from '../../../model';
import { articleImageCalls } from '../../shared/contracts/files';
import { ApiError } from '../errors';
import { authOf } from '../request-context';
import { BLOB_NAME_RE, type BlobStore } from '../storage/blob-store';
import type { BlobCaller, ContainerPolicy } from '../storage/containers';
import { receiveFile } from '../storage/receive-file';
import { findArticle, offerIdsOfArticles, updateArticle } from './articles';
import { afterArticlesChanged } from './changes';
import type { Owner } from '../crud/scope';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Article images (issue 28): files of the blob store's 'article-images' container, added to an article
 * by POST /admin/supplier-articles/{id}/upload (a platform article, through one of its offers) and
 * POST /product-management/{id}/images (a company's own article). An upload is checked while it
 * streams in (JPEG, PNG or WebP by its first bytes, at most CONSTANTS.articleImageMaxMb: 415, 413) and
 * a refused one keeps nothing; the article is checked before a byte is read. The stored image's
 * address, /api/article-images/<blob name>, goes after the article's other `images`, and becomes its
 * main `image` when it has none; the database copies both onto the article's offers (0007_articles.sql),
 * which the product page and the search hits read.
 *
 * Why the images are read without a token (GET /article-images/{blobName}, public): an <img> sends
 * none (the app's calls carry a bearer token in a header, not a cookie), and the shop shows these
 * addresses in <img> tags. What keeps another company's own images from others is that their address
 * cannot be guessed: the blob name is a random UUID (122 random bits, crypto.randomUUID), and only the
 * answers that show the article name it — a company's own articles are answered to that company
 * only, platform articles to the tenant's users the catalogue rules let see them. The address is a
 * capability, as a signed URL would be; listing the container is no call. The tenant is the host's,
 * so another tenant's host finds nothing. A name is never reused (a new upload gets a new name, a
 * removed blob's name is never given again), so the bytes behind an address never change: the answer
 * is cached for a year as `immutable`, with the blob name as its ETag.
 *
 * An image an article no longer names after a change of its images (PATCH/PUT /product-management/{id},
 * POST /admin/articles/update: removeDroppedImages) is removed from the store once no article or offer
 * of the tenant names it any more, so a company that takes a picture away does not leave it reachable.
 */

export const ARTICLE_IMAGES_CONTAINER = 'article-images';
export const ARTICLE_IMAGE_MAX_BYTES = CONSTANTS.articleImageMaxMb * 1024 * 1024;

/** The address an article names a stored image by (under the API root, as the demo pictures'). */
export const articleImagePath = (blobName: string) => `/api${articleImageCalls.image.path.replace('{blobName}', blobName)}`;

const PATH_RE = /^\/api\/article-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The blob name of an address of ours, or null (an external address, a demo picture). */
export const blobNameOfImage = (path: unknown): string | null => (typeof path === 'string' ? PATH_RE.exec(path)?.[1] ?? null : null);

/** Whether an article or offer of the tenant names the image `path` (as its main image or among its images). */
async function isNamed(db: Kysely<DB>, tenantId: string, path: string): Promise<boolean> {
  const list = JSON.stringify([path]);
  const row = await sql<{ n: number }>`select (
      exists (select 1 from articles where tenant_id = ${tenantId} and (image = ${path} or images @> ${list}::jsonb))
      or exists (select 1 from supplier_articles where tenant_id = ${tenantId} and (image = ${path} or images @> ${list}::jsonb))
    )::int as n`.execute(db);
  return row.rows[0]?.n === 1;
}

/**
 * The container's rules for the generic /upload calls. Images come in only through the article calls
 * (directUpload false), so none belongs to no article. Any signed-in user may read one through
 * GET /upload (its bytes are public at their address anyway); an image an article names is taken
 * away through the article (FileInArticle), else only its uploader removes it.
 */
export const articleImagesContainer: ContainerPolicy = {
  access: access.authenticated(),
  maxBytes: ARTICLE_IMAGE_MAX_BYTES,
  kinds: ['jpeg', 'png', 'webp'],
  directUpload: false,
  async mayRead() {
    return true;
  },
  async assertRemovable(caller, meta) {
    if (await isNamed(caller.db, caller.tenantId, articleImagePath(meta.blobName))) throw new ApiError('FileInArticle');
    if (meta.uploadedBy !== caller.userId) throw new ApiError('forbiddenAccess');
  },
};

/**
 * Stores the one image of a multipart request and adds it to the owner's article `articleId` (found
 * with `find`, which throws the call's not-found error before a byte of the file is read): after the
 * article's other images, and as its main image when it has none. Nothing stays in the store when the
 * upload is refused or the article cannot take it. The search index follows.
 */
export async function addArticleImage(db: Kysely<DB>, request: FastifyRequest, owner: Owner, find: (db: Kysely<DB>) => Promise<string>): Promise<string> {
  const store = request.server.blobs;
  const auth = authOf(request);
  await find(db);
  if (!request.isMultipart()) throw new ApiError('FileRequired');
  // The blob belongs to the article's owner: a platform admin acting for a company still adds to the platform's article.
  const caller: BlobCaller = { db, auth, tenantId: owner.tenantId, customerId: owner.customerId, userId: auth.user.id };
  const meta = await receiveFile(request, store, caller, ARTICLE_IMAGES_CONTAINER, articleImagesContainer);
  const path = articleImagePath(meta.blobName);
  let articleId: string;
  try {
    articleId = await db.transaction().execute(async (trx) => {
      // The article as it is now: another change may have come while the file streamed in.
      const id = await find(trx);
      const article = await findArticle(trx, owner, id, { forUpdate: true });
      const images = Array.isArray(article.images) ? (article.images as string[]) : [];
      await updateArticle(trx, owner, id, { images: [...images, path], image: article.image || path });
      return id;
    });
  } catch (err) {
    await store.remove({ tenantId: owner.tenantId, containerName: ARTICLE_IMAGES_CONTAINER, blobName: meta.blobName })
      .catch((removeErr: unknown) => request.log.warn({ err: removeErr, path }, 'an article image no article names stays in the store'));
    throw err;
  }
  await afterArticlesChanged(db, owner.tenantId, await offerIdsOfArticles(db, owner.tenantId, [articleId]), request.log);
  return articleId;
}

/** The images of ours an article names (its main one and its list). */
const ourImages = (article: { image?: unknown; images?: unknown }): string[] =>
  [article.image, ...(Array.isArray(article.images) ? article.images : [])].filter((p): p is string => blobNameOfImage(p) !== null);

/**
 * After a committed change of articles' images: removes from the store each image of ours that
 * `before` named and `after` no longer does, unless another article or offer of the tenant still
 * names it. A failure to remove leaves the file behind (logged): the change itself stands.
 */
export async function removeDroppedImages(db: Kysely<DB>, store: BlobStore, tenantId: string,
  before: readonly { image?: unknown; images?: unknown }[], after: readonly { image?: unknown; images?: unknown }[], log?: FastifyBaseLogger): Promise<void> {
  const kept = new Set(after.flatMap(ourImages));
  const dropped = [...new Set(before.flatMap(ourImages))].filter((p) => !kept.has(p));
  for (const path of dropped) {
    try {
      if (await isNamed(db, tenantId, path)) continue;
      await store.remove({ tenantId, containerName: ARTICLE_IMAGES_CONTAINER, blobName: blobNameOfImage(path)! });
    } catch (err) {
      log?.warn({ err, path }, 'an article image no article names stays in the store');
    }
  }
}

/** The answer's cache rules: a name's bytes never change (see above). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /article-images/{blobName}: the image with its checked type, cached for a year; 304 when the client has it. */
export async function sendArticleImage(request: FastifyRequest, reply: FastifyReply, blobName: string) {
  if (!BLOB_NAME_RE.test(blobName)) throw new ApiError('FileNotFound');
  const key = { tenantId: request.tenant.id, containerName: ARTICLE_IMAGES_CONTAINER, blobName };
  const etag = `"${blobName}"`;
  const store = request.server.blobs;
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    if (!(await store.stat(key))) throw new ApiError('FileNotFound');
    return reply.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
  }
  const found = await store.read(key);
  if (!found) throw new ApiError('FileNotFound');
  return reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
    .header('etag', etag).header('cache-control', IMMUTABLE).send(found.body);
}
