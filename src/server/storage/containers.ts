import type { Kysely } from 'kysely';
import type { AccessRule } from '../../../model';
import type { AuthContext } from '../types';
import type { BlobMeta } from './blob-store';
import type { DB } from '../../../generated/db/database.gen';
import type { FileKindName } from './file-types';
import type { BlobContainerName } from '../../shared/contracts/files';

/** Who calls /upload on a container: the signed-in user as the auth hook found them, acting for a customer or not. */
export interface BlobCaller {
  db: Kysely<DB>;
  auth: AuthContext;
  tenantId: string;
  customerId: string | null;
  userId: string;
}

/**
 * What one container allows. Every call on it first passes `access` (the route's own rule is only
 * "signed in"); a blob of another customer than the caller's acting one is not found.
 */
export interface ContainerPolicy {
  readonly access: AccessRule;
  /** Largest file, in bytes: refused while it streams in. */
  readonly maxBytes: number;
  readonly kinds: readonly FileKindName[];
  /** Whether the caller may read a blob of the container (its uploader always may). */
  mayRead(caller: BlobCaller, meta: BlobMeta): Promise<boolean>;
  /** Throws the ApiError that refuses removing the blob (not the caller's, still in use). */
  assertRemovable(caller: BlobCaller, meta: BlobMeta): Promise<void>;
  /**
   * false: files come in only through the call of the record they belong to (an invoice's PDF through
   * POST /invoices/upload), never through POST /upload, so no file of the container belongs to nothing.
   */
  readonly directUpload?: boolean;
}

/**
 * The containers /upload accepts (the calls' allow-list, BLOB_CONTAINER_NAMES), each with its area's
 * rules: built at the composition root (src/server/blob-containers.ts) and handed to the calls (Services).
 */
export type BlobContainers = Readonly<Record<BlobContainerName, ContainerPolicy>>;

/** The address a blob is read back at, relative to the API root (as every path of the spec). */
export const blobUrl = (containerName: string, blobName: string) =>
  `/upload?containerName=${encodeURIComponent(containerName)}&blobName=${encodeURIComponent(blobName)}`;
