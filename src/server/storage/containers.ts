import type { Kysely } from 'kysely';
import type { AccessRule } from '../../../model';
import type { AuthContext } from '../types';
import { orderConversationContainer } from '../conversation/attachments';
import { orderAttachmentsContainer } from '../ordering/order-attachments';
import { invoicesContainer } from '../invoicing/invoice-files';
import { contractsContainer } from '../contracts/contracts';
import type { BlobMeta } from './blob-store';
import type { DB } from '../../../generated/db/database.gen';
import type { FileKindName } from './file-types';

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
 * The containers /upload accepts (an allow-list): a container is added here with its rules when the
 * area that uses it is built (contracts: flows §5 contract files up to 100 MB, src/server/contracts;
 * invoices' PDFs, up to 20 MB, arrive through POST /invoices/upload). Container names follow Azure's rules, so they stay the same there.
 */
export const CONTAINERS = {
  'order-conversation': orderConversationContainer,
  'order-attachments': orderAttachmentsContainer,
  invoices: invoicesContainer,
  contracts: contractsContainer,
} as const satisfies Record<string, ContainerPolicy>;

export type ContainerName = keyof typeof CONTAINERS;
export const CONTAINER_NAMES = Object.keys(CONTAINERS) as [ContainerName, ...ContainerName[]];

/** The address a blob is read back at, relative to the API root (as every path of the spec). */
export const blobUrl = (containerName: string, blobName: string) =>
  `/upload?containerName=${encodeURIComponent(containerName)}&blobName=${encodeURIComponent(blobName)}`;
