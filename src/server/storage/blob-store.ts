import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN §2 "files: a folder under ./data addressed by container and blob
 * name; Azure Blob Storage in production"). The calls (POST/GET/DELETE /upload) and the code that
 * attaches files speak only this interface, so another implementation — Azure Blob Storage, whose
 * containers, blob names, content type and metadata map one to one — replaces the local folder
 * (local-blob-store.ts) by configuration, without touching them.
 */

/** A blob's address: the tenant's own space, a container of the allow-list (src/server/blob-containers.ts), a generated name. */
export interface BlobKey {
  tenantId: string;
  containerName: string;
  blobName: string;
}

/** What the store keeps beside a blob's bytes (Azure: the blob's properties and metadata). */
export interface BlobMeta {
  containerName: string;
  blobName: string;
  /** The name the file had on the uploader's machine (shown and offered when downloading). */
  fileName: string;
  /** The type the upload was checked to be (file-types.ts), sent back when it is read. */
  contentType: string;
  size: number;
  /** The user who uploaded it, and the customer they acted for (null: none). */
  uploadedBy: string;
  customerId: string | null;
  createdAt: string;
}

export type NewBlobMeta = Pick<BlobMeta, 'fileName' | 'contentType' | 'uploadedBy' | 'customerId'>;

export interface BlobStore {
  /**
   * Streams `source` into a new blob. Nothing is visible under the key until every byte is written;
   * when `source` fails (a limit refused it, the client went away) nothing remains and its error is
   * thrown again. When the store itself fails, nothing remains either, `source` is destroyed (without
   * an error: whoever feeds it sees it close early instead of waiting on it) and the store's error is
   * thrown.
   */
  put(key: BlobKey, source: Readable, meta: NewBlobMeta): Promise<BlobMeta>;
  /** The blob's metadata, or null when there is no such blob. */
  stat(key: BlobKey): Promise<BlobMeta | null>;
  /** The blob's metadata and bytes, or null when there is no such blob. */
  read(key: BlobKey): Promise<{ meta: BlobMeta; body: Readable } | null>;
  /** Removes the blob; false when there was none. */
  remove(key: BlobKey): Promise<boolean>;
}

/** Blob names are generated (a random UUID): unguessable, and never a path. */
export const BLOB_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newBlobName = (): string => randomUUID();

const TENANT_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Azure's rule for container names: 3 to 63 lower-case letters, digits and single hyphens. */
export const CONTAINER_NAME_RE = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}$/;

/**
 * Throws unless every part of `key` has its expected shape (a tenant uuid, an Azure container name, a
 * generated blob name). Every store checks a key before it becomes a path or a blob name, so no key
 * can point outside its tenant's space.
 */
export function assertBlobKey(key: BlobKey): void {
  if (!TENANT_ID_RE.test(key.tenantId) || !CONTAINER_NAME_RE.test(key.containerName) || !BLOB_NAME_RE.test(key.blobName)) {
    throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
  }
}

/**
 * The Content-Disposition a file is offered with: `attachment` with the name as typed (RFC 6266/5987)
 * and a plain-ASCII fallback for old clients. The /upload download sends it, and the Azure store
 * keeps it on the blob too, so a file handed out straight from Azure carries the same name.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
