import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { access } from '../../../model';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import { authOf, enforce } from '../request-context';
import { attachmentDisposition, BLOB_NAME_RE, type BlobStore } from './blob-store';
import { blobUrl, type BlobCaller, type BlobContainers, type ContainerPolicy } from './containers';
import { receiveFile } from './receive-file';
import { registerInvoiceUpload, registerUblUpload } from '../invoicing/invoice-files';
import { resultOf } from '../../shared/contracts/shapes';
import { invoiceDetailSchema } from '../../shared/contracts/invoices';
import { blobStoreFor } from './configured-store';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Files (flows §7 "POST /upload?containerName (multipart file); GET and DELETE
 * /upload?containerName&blobName"): one file per upload, into a container of the allow-list
 * (src/server/blob-containers.ts), checked while it streams in (upload-check.ts) and stored under a generated name in
 * the tenant's own space of the blob store (DATA_DIR/blobs by default, Azure Blob Storage when
 * configured: the routes behave the same on either). A refused upload stores
 * nothing. Another tenant's, or another customer's, blob is not found.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The blob store of the API (installBlobStorage), for the code that attaches files. */
    blobs: BlobStore;
  }
}

/** The query naming a container of `containers`, and the one naming a blob in it. */
function queries(containers: BlobContainers) {
  const containerQuery = z.object({ containerName: z.enum(Object.keys(containers) as [string, ...string[]], { error: 'choice' }) });
  return { containerQuery, blobQuery: containerQuery.extend({ blobName: z.string().max(200, 'maxLength') }) };
}
/** What the OpenAPI document shows; the file itself is read from the multipart stream by the handler. */
const uploadBody = z.object({ file: z.string().meta({ format: 'binary', description: 'The file (one part of multipart/form-data).' }) }).nullish();
const uploadAnswer = z.object({
  containerName: z.string(), blobName: z.string(),
  /** Where the file is read back (GET /upload…), relative to the API root; what a comment's attachmentUrls name. */
  url: z.string(), fileName: z.string(), size: z.number().int(), contentType: z.string(),
});
const removedAnswer = z.object({ containerName: z.string(), blobName: z.string() });
/** The file's bytes: described to OpenAPI as a binary body, not serialized (the reply streams the blob). */
const fileAnswer = { description: 'The file, with its type and its name as a download.', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } } as unknown as z.ZodType<unknown>;

/** The caller of a container's call, after the container's own access rule. */
function callerOf(request: FastifyRequest, db: Kysely<DB>, policy: ContainerPolicy): BlobCaller {
  const auth = authOf(request);
  enforce(policy.access, auth);
  return { db, auth, tenantId: request.tenant.id, customerId: auth.customerId, userId: auth.user.id };
}

/**
 * The blob store (DATA_DIR/blobs, or Azure Blob Storage: configured-store.ts) for the API's routes
 * (`app.blobs`) and the /upload calls. Multipart bodies are read only by these routes: every other
 * route keeps refusing them (415).
 */
export async function installBlobStorage(api: FastifyInstance, db: Kysely<DB>, config: Pick<ServerConfig, 'dataDir' | 'azureStorageConnectionString'>, containers: BlobContainers): Promise<void> {
  const store: BlobStore = blobStoreFor(config);
  const { containerQuery, blobQuery } = queries(containers);
  const containerNames = Object.keys(containers);
  api.decorate('blobs', store);
  await api.register(async (scope) => {
    // Routes typed by their schemas: request.query is what the querystring schema produced.
    const files = scope.withTypeProvider<ZodTypeProvider>();
    await files.register(multipart, { throwFileSizeLimit: true });
    const config = { access: access.authenticated() };
    const tags = ['files'];

    files.post('/upload', {
      config,
      schema: {
        summary: `Uploads one file (multipart/form-data) into a container (${containerNames.map((n) => `'${n}'`).join(', ')}): checked for its type and size while it streams in, stored under a generated name; answers where to read it back.`,
        tags, consumes: ['multipart/form-data'], querystring: containerQuery, body: uploadBody, response: { 200: uploadAnswer },
      },
    }, async (request) => {
      const { containerName } = request.query;
      const policy: ContainerPolicy = containers[containerName]!;
      const caller = callerOf(request, db, policy);
      if (policy.directUpload === false) throw new ApiError('validationFailed', [{ path: 'containerName', rule: 'choice' }]);
      if (!request.isMultipart()) throw new ApiError('FileRequired');
      const meta = await receiveFile(request, store, caller, containerName, policy);
      return { containerName, blobName: meta.blobName, url: blobUrl(containerName, meta.blobName), fileName: meta.fileName, size: meta.size, contentType: meta.contentType };
    });

    /** The blob, when the caller may read it (another tenant's or customer's is not found, as is one the container's rules hide). */
    const readable = async (request: FastifyRequest, { containerName, blobName }: z.output<typeof blobQuery>) => {
      const policy = containers[containerName]!;
      const caller = callerOf(request, db, policy);
      if (!BLOB_NAME_RE.test(blobName)) throw new ApiError('FileNotFound');
      const key = { tenantId: caller.tenantId, containerName, blobName };
      const meta = await store.stat(key);
      if (!meta || meta.customerId !== caller.customerId) throw new ApiError('FileNotFound');
      return { key, meta, policy, caller };
    };

    files.get('/upload', {
      config,
      schema: { summary: 'Downloads a file of a container: its bytes with its type, offered under its original name.', tags, querystring: blobQuery, response: { 200: fileAnswer } },
    }, async (request, reply) => {
      const { key, meta, policy, caller } = await readable(request, request.query);
      if (!(await policy.mayRead(caller, meta))) throw new ApiError('FileNotFound');
      const found = await store.read(key);
      if (!found) throw new ApiError('FileNotFound');
      return reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
        .header('content-disposition', attachmentDisposition(found.meta.fileName)).header('cache-control', 'private, no-store')
        .send(found.body);
    });

    files.delete('/upload', {
      config,
      schema: { summary: "Removes a file of a container, as the container's rules allow (the uploader's, not attached).", tags, querystring: blobQuery, response: { 200: removedAnswer } },
    }, async (request) => {
      const { key, meta, policy, caller } = await readable(request, request.query);
      if (!(await policy.mayRead(caller, meta))) throw new ApiError('FileNotFound');
      await policy.assertRemovable(caller, meta);
      if (!(await store.remove(key))) throw new ApiError('FileNotFound');
      return { containerName: key.containerName, blobName: key.blobName };
    });

    // flows §7 POST /invoices/upload: an invoice's PDF, in this scope because it reads a multipart body.
    registerInvoiceUpload(files, db, store, resultOf(invoiceDetailSchema));
    registerUblUpload(files, db, store, resultOf(invoiceDetailSchema));
  });
}
