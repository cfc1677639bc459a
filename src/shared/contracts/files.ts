/**
 * Files (flows §7 "POST /upload?containerName (multipart file); GET and DELETE
 * /upload?containerName&blobName"): one file per upload into a container of the allow-list, read
 * back and removed as the container's rules allow (src/server/storage/upload-routes.ts), the demo
 * catalogue's pictures (src/server/catalogue/demo-images.ts) and the articles' uploaded images
 * (src/server/catalogue/article-images.ts). They belong to no model resource (callsOf).
 */
import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { binaryAnswer, callsOf, filePart } from './define';

/**
 * The containers /upload accepts (an allow-list); each has its area's rules on the server
 * (src/server/blob-containers.ts, which must name exactly these). Names follow Azure's rules.
 */
export const BLOB_CONTAINER_NAMES = ['order-conversation', 'order-attachments', 'invoices', 'contracts', 'article-images'] as const;
export type BlobContainerName = (typeof BLOB_CONTAINER_NAMES)[number];

const containerQuery = z.object({ containerName: z.enum(BLOB_CONTAINER_NAMES, { error: 'choice' }) });
const blobQuery = containerQuery.extend({ blobName: z.string().max(200, 'maxLength') });

export const fileCalls = callsOf('files', {
  upload: {
    method: 'POST', path: '/upload', access: access.authenticated(),
    summary: `Uploads one file (multipart/form-data) into a container (${BLOB_CONTAINER_NAMES.map((n) => `'${n}'`).join(', ')}): checked for its type and size while it streams in, stored under a generated name; answers where to read it back.`,
    query: containerQuery,
    multipart: z.object({ file: filePart('The file (one part of multipart/form-data).') }),
    response: z.object({
      containerName: z.enum(BLOB_CONTAINER_NAMES), blobName: z.string(),
      /** Where the file is read back (GET /upload…), relative to the API root; what a comment's attachmentUrls name. */
      url: z.string(), fileName: z.string(), size: z.number().int(), contentType: z.string(),
    }),
    errors: ['FileRequired', 'FileEmpty', 'FileTypeNotAllowed', 'FileTooLarge'],
  },
  download: {
    method: 'GET', path: '/upload', access: access.authenticated(),
    summary: 'Downloads a file of a container: its bytes with its type, offered under its original name.',
    query: blobQuery,
    response: binaryAnswer('application/octet-stream', 'The file, with its type and its name as a download.'),
    errors: ['FileNotFound'],
  },
  remove: {
    method: 'DELETE', path: '/upload', access: access.authenticated(),
    summary: "Removes a file of a container, as the container's rules allow (the uploader's, not attached: FileInInvoice, FileInContract, FileInOrder, FileInUse, FileInArticle).",
    query: blobQuery,
    response: z.object({ containerName: z.string(), blobName: z.string() }),
    errors: ['FileNotFound', 'FileInInvoice', 'FileInContract', 'FileInOrder', 'FileInUse', 'FileInArticle'],
  },
});

export const demoCalls = callsOf('demo', {
  image: {
    method: 'GET', path: '/demo-images/{name}', access: access.public(),
    summary: 'A demo article picture (SVG), by family and colour: <family>[--<colour>].svg; public (images load without a token), cached by the browser.',
    response: binaryAnswer('image/svg+xml', 'The picture'),
  },
});

export const articleImageCalls = callsOf('article-images', {
  image: {
    method: 'GET', path: '/article-images/{blobName}', access: access.public(),
    summary: "An article's uploaded image (JPEG, PNG or WebP: the type its bytes were checked to be), by the name its upload was given; public, so that it loads in an <img> (which sends no token): the name is random and unguessable and only the answers that show the article name it. Never changes under its name: cached for a year (immutable) with an ETag (If-None-Match answers 304).",
    response: binaryAnswer('image/*', 'The image'),
    errors: ['FileNotFound'],
  },
});
