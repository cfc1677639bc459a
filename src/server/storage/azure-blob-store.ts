import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobServiceClient, type BlockBlobClient, type ContainerClient, type StoragePipelineOptions } from '@azure/storage-blob';
import { assertBlobKey, attachmentDisposition, type BlobKey, type BlobMeta, type BlobStore, type NewBlobMeta } from './blob-store';

export interface AzureBlobStoreOptions {
  /** Size of one staged block, and the largest file sent as one Put Blob (default 4 MiB). */
  blockBytes?: number;
  /** The SDK's pipeline options (retries, timeouts). */
  pipeline?: StoragePipelineOptions;
}

/** What a blob's metadata holds beside its properties. Keys are lower case: Azure hands them back so. */
interface StoredMetadata {
  /** The original file name, percent-encoded: metadata travels as HTTP headers, which are ASCII only. */
  filename: string;
  uploadedby: string;
  /** Absent: uploaded without a customer (Azure drops empty metadata values). */
  customerid?: string;
  createdat: string;
}

const DEFAULT_BLOCK_BYTES = 4 * 1024 * 1024;

const statusOf = (err: unknown) => (err as { statusCode?: number }).statusCode;
const errorCodeOf = (err: unknown) => (err as { details?: { errorCode?: string }; code?: string }).details?.errorCode ?? (err as { code?: string }).code;
const isNotFound = (err: unknown) => statusOf(err) === 404;

/**
 * Azure's failure as the server's own: a plain error with Azure's as its cause. Azure's status (a 403
 * of an expired key, a 404 of a missing container) is about the server's account, not the caller's
 * request, so it must not become the answer's status.
 */
function storageFailure(operation: string, err: unknown): Error {
  const status = statusOf(err);
  const code = errorCodeOf(err);
  const why = [status, code].filter(Boolean).join(' ');
  return new Error(`Azure Blob Storage: ${operation} failed${why ? ` (${why})` : ''}`, { cause: err });
}

function decodeFileName(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * BlobStore on Azure Blob Storage (AZURE_STORAGE_CONNECTION_STRING), the production counterpart of
 * LocalBlobStore.
 *
 * Layout: one Azure container per container of the allow-list (src/server/blob-containers.ts; their names already
 * follow Azure's rules), and inside it one virtual folder per tenant: the blob
 * `<container>/<tenant id>/<blob name>`. Not one Azure container per tenant: a container name has at
 * most 63 characters, of which a tenant uuid would take 37 and leave a container of the allow-list
 * 26; and a container is where Azure's per-kind rules live (lifecycle and access tier, immutability
 * for invoices, access policies), which should be set once per kind of file, not once per tenant.
 * Tenants stay apart because every key is checked before it becomes a blob name (assertBlobKey: a
 * tenant uuid and a generated uuid, no '/' or '..'), so no key names a blob outside its tenant's
 * folder; and a tenant's files can still be listed or removed by the prefix.
 *
 * Containers are created when the first blob goes into them (createIfNotExists, remembered); reads of
 * a container that does not exist yet answer 'not found'.
 *
 * A blob becomes visible only complete: a file up to one block is sent in a single Put Blob once the
 * source has ended; a larger one is staged block by block (uncommitted blocks are invisible) and
 * committed with its properties and metadata in one Put Block List at the end. When the source fails
 * (a limit refused it, the client went away, it was destroyed) nothing is committed, the staged
 * blocks are dropped (a best-effort delete once the block in flight settled; otherwise Azure discards
 * uncommitted blocks after a week) and the source's error is thrown. When Azure fails, the source is
 * destroyed, so whoever feeds it stops too, and Azure's error is thrown.
 *
 * Not the SDK's uploadStream: it waits for 'end' or 'error' only, so a source destroyed without an
 * error leaves it pending for ever; it returns on a failure while staged blocks are still in flight,
 * so nothing can be cleaned up after them; and it allocates a whole block even for a small file.
 */
export class AzureBlobStore implements BlobStore {
  readonly #service: BlobServiceClient;
  readonly #blockBytes: number;
  /** Containers known to exist: created (or found) once per process. */
  readonly #containers = new Map<string, Promise<void>>();

  constructor(connectionString: string, options: AzureBlobStoreOptions = {}) {
    this.#service = BlobServiceClient.fromConnectionString(connectionString, options.pipeline);
    this.#blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  }

  #container(name: string): ContainerClient {
    return this.#service.getContainerClient(name);
  }

  #blob(key: BlobKey): BlockBlobClient {
    assertBlobKey(key);
    return this.#container(key.containerName).getBlockBlobClient(`${key.tenantId.toLowerCase()}/${key.blobName}`);
  }

  #ensureContainer(name: string): Promise<void> {
    let ready = this.#containers.get(name);
    if (!ready) {
      ready = this.#container(name).createIfNotExists().then(() => undefined);
      this.#containers.set(name, ready);
      // A failed attempt is not remembered: the next put tries again.
      ready.catch(() => this.#containers.delete(name));
    }
    return ready;
  }

  async put(key: BlobKey, source: Readable, input: NewBlobMeta): Promise<BlobMeta> {
    const client = this.#blob(key);
    const written: BlobMeta = { ...input, containerName: key.containerName, blobName: key.blobName, size: 0, createdAt: new Date().toISOString() };
    const stored: StoredMetadata = { filename: encodeURIComponent(input.fileName), uploadedby: input.uploadedBy, createdat: written.createdAt };
    if (input.customerId !== null) stored.customerid = input.customerId;
    const metadata: Record<string, string> = { ...stored };
    const headers = { blobContentType: input.contentType, blobContentDisposition: attachmentDisposition(input.fileName) };
    // Never over another blob: names are fresh uuids, so an existing one would be a bug, not a retry.
    const conditions = { ifNoneMatch: '*' };

    const chunks = source[Symbol.asyncIterator]();
    const blockIds: string[] = [];
    const blockPrefix = randomUUID();
    let inFlight: Promise<unknown> | null = null;
    let sourceFailed = false;

    const next = async (): Promise<IteratorResult<Buffer>> => {
      try {
        const step = await chunks.next();
        return step.done ? step : { done: false, value: Buffer.isBuffer(step.value) ? step.value : Buffer.from(step.value) };
      } catch (err) {
        sourceFailed = true;
        throw err;
      }
    };
    const stage = (block: Buffer) => {
      // Block ids: base64 of equal length within a blob.
      const id = Buffer.from(`${blockPrefix}-${String(blockIds.length).padStart(6, '0')}`).toString('base64');
      blockIds.push(id);
      return client.stageBlock(id, block, block.length);
    };

    // Reading starts at once (the iterator listens to the source's errors from then on), so a source
    // that fails while the container is being created is no unhandled 'error'.
    const first = next();
    first.catch(() => undefined);
    try {
      await this.#ensureContainer(key.containerName);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for (let step = await first; !step.done; step = await next()) {
        pending.push(step.value);
        pendingBytes += step.value.length;
        written.size += step.value.length;
        while (pendingBytes >= this.#blockBytes) {
          const all = Buffer.concat(pending, pendingBytes);
          const block = all.subarray(0, this.#blockBytes);
          pending = pendingBytes > this.#blockBytes ? [all.subarray(this.#blockBytes)] : [];
          pendingBytes -= this.#blockBytes;
          // One block on the wire while the next one is read: at most two blocks in memory.
          if (inFlight) await inFlight;
          inFlight = stage(block);
          // Handled here, thrown where awaited: a block failing while the next one is read is no unhandled rejection.
          inFlight.catch(() => undefined);
        }
      }
      const rest = Buffer.concat(pending, pendingBytes);
      if (blockIds.length === 0) {
        await client.upload(rest, rest.length, { blobHTTPHeaders: headers, metadata, conditions });
      } else {
        if (rest.length > 0) {
          if (inFlight) await inFlight;
          inFlight = stage(rest);
        }
        await inFlight;
        await client.commitBlockList(blockIds, { blobHTTPHeaders: headers, metadata, conditions });
      }
      return written;
    } catch (err) {
      if (!sourceFailed) {
        if (isNotFound(err) && errorCodeOf(err) === 'ContainerNotFound') this.#containers.delete(key.containerName);
        // Azure failed: stop whoever feeds the source (they would wait on backpressure otherwise).
        source.destroy();
      }
      const thrown = sourceFailed ? err : storageFailure('put', err);
      if (blockIds.length > 0) {
        // Not aborted but awaited: a block cancelled on the way could still land after the delete.
        await inFlight?.catch(() => undefined);
        await client.deleteIfExists().catch(() => undefined);
      }
      throw thrown;
    } finally {
      // Leaving the loop early releases the source (a no-op once it ended or failed).
      if (!source.destroyed && !source.readableEnded) source.destroy();
    }
  }

  async stat(key: BlobKey): Promise<BlobMeta | null> {
    const client = this.#blob(key);
    try {
      return this.#metaOf(key, await client.getProperties());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw storageFailure('stat', err);
    }
  }

  async read(key: BlobKey): Promise<{ meta: BlobMeta; body: Readable } | null> {
    const client = this.#blob(key);
    let response;
    try {
      // One request: the properties come with the bytes, so they describe the very bytes streamed.
      response = await client.download(0);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw storageFailure('read', err);
    }
    const meta = this.#metaOf(key, response);
    const stream = response.readableStreamBody;
    if (!meta || !stream) {
      (stream as Readable | undefined)?.destroy?.();
      return null;
    }
    return { meta, body: stream instanceof Readable ? stream : new Readable().wrap(stream) };
  }

  async remove(key: BlobKey): Promise<boolean> {
    const client = this.#blob(key);
    try {
      return (await client.deleteIfExists({ deleteSnapshots: 'include' })).succeeded;
    } catch (err) {
      // The container itself does not exist (yet): no blob either.
      if (isNotFound(err)) return false;
      throw storageFailure('remove', err);
    }
  }

  /**
   * BlobMeta from a blob's properties and metadata; null for a blob this store did not write (no
   * file name or uploader): such a blob has no owner to check a caller against, so it is not served.
   */
  #metaOf(key: BlobKey, props: { contentType?: string; contentLength?: number; metadata?: Record<string, string>; createdOn?: Date }): BlobMeta | null {
    const m = (props.metadata ?? {}) as Partial<StoredMetadata>;
    const fileName = m.filename === undefined ? null : decodeFileName(m.filename);
    if (fileName === null || !m.uploadedby) return null;
    return {
      containerName: key.containerName,
      blobName: key.blobName,
      fileName,
      contentType: props.contentType ?? 'application/octet-stream',
      size: props.contentLength ?? 0,
      uploadedBy: m.uploadedby,
      customerId: m.customerid ?? null,
      createdAt: m.createdat ?? props.createdOn?.toISOString() ?? new Date(0).toISOString(),
    };
  }
}
