import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import { authOf, enforce } from '../request-context';
import { attachmentDisposition, BLOB_NAME_RE, type BlobStore } from './blob-store';
import { blobUrl, type BlobCaller, type BlobContainers, type ContainerPolicy } from './containers';
import { receiveFile } from './receive-file';
import { blobStoreFor } from './configured-store';
import { implement } from '../actions/define';
import { fileCalls } from '../../shared/contracts/files';
import type { QueryOf } from '../../shared/contracts/define';
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

/** The caller of a container's call, after the container's own access rule. */
function callerOf(request: FastifyRequest, db: Kysely<DB>, policy: ContainerPolicy): BlobCaller {
  const auth = authOf(request);
  enforce(policy.access, auth);
  return { db, auth, tenantId: request.tenant.id, customerId: auth.customerId, userId: auth.user.id };
}

/**
 * The blob store (DATA_DIR/blobs, or Azure Blob Storage: configured-store.ts) for the API's routes
 * (`app.blobs`): the /upload calls below and the calls that attach or send files.
 */
export function installBlobStorage(api: FastifyInstance, config: Pick<ServerConfig, 'dataDir' | 'azureStorageConnectionString'>): void {
  api.decorate('blobs', blobStoreFor(config));
}

/** The file the caller may read (another tenant's or customer's is not found, as is one the container's rules hide). */
async function readable(request: FastifyRequest, db: Kysely<DB>, containers: BlobContainers, { containerName, blobName }: QueryOf<typeof fileCalls.download>) {
  const store = request.server.blobs;
  const policy = containers[containerName];
  const caller = callerOf(request, db, policy);
  if (!BLOB_NAME_RE.test(blobName)) throw new ApiError('FileNotFound');
  const key = { tenantId: caller.tenantId, containerName, blobName };
  const meta = await store.stat(key);
  if (!meta || meta.customerId !== caller.customerId) throw new ApiError('FileNotFound');
  if (!(await policy.mayRead(caller, meta))) throw new ApiError('FileNotFound');
  return { store, key, meta, policy, caller };
}

/**
 * The /upload calls (src/shared/contracts/files.ts). The multipart request of an upload is read only
 * by these routes and the invoices' (registerModelRoutes), as it streams in.
 */
export const fileActions = implement(fileCalls, {
  upload: async ({ db, request, query, services }) => {
    const { containerName } = query;
    const policy: ContainerPolicy = services.containers[containerName];
    const caller = callerOf(request, db, policy);
    if (policy.directUpload === false) throw new ApiError('validationFailed', [{ path: 'containerName', rule: 'choice' }]);
    if (!request.isMultipart()) throw new ApiError('FileRequired');
    const meta = await receiveFile(request, request.server.blobs, caller, containerName, policy);
    return { containerName, blobName: meta.blobName, url: blobUrl(containerName, meta.blobName), fileName: meta.fileName, size: meta.size, contentType: meta.contentType };
  },
  download: async ({ db, request, reply, query, services }) => {
    const { store, key } = await readable(request, db, services.containers, query);
    const found = await store.read(key);
    if (!found) throw new ApiError('FileNotFound');
    return reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
      .header('content-disposition', attachmentDisposition(found.meta.fileName)).header('cache-control', 'private, no-store')
      .send(found.body);
  },
  remove: async ({ db, request, query, services }) => {
    const { store, key, meta, policy, caller } = await readable(request, db, services.containers, query);
    await policy.assertRemovable(caller, meta);
    if (!(await store.remove(key))) throw new ApiError('FileNotFound');
    return { containerName: key.containerName, blobName: key.blobName };
  },
});
