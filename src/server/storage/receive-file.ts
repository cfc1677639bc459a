import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { newBlobName, type BlobMeta, type BlobStore } from './blob-store';
import type { BlobCaller, ContainerPolicy } from './containers';
import { claimedKind, cleanFileName } from './file-types';
import { uploadCheck } from './upload-check';

/**
 * Receiving one uploaded file (multipart/form-data) into the blob store, checked while it streams in:
 * the /upload calls (upload-routes.ts) and the calls that take a file for one record (an invoice's PDF,
 * src/server/invoicing/invoice-files.ts).
 */

/** How far past a container's limit busboy's own file size limit lies (see receiveFile). */
const BACKSTOP_BYTES = 1024 * 1024;

/**
 * The store's own failure (a disk, the storage service), kept apart from the request's: the server's
 * error (500), never taken for a broken upload (400) because the multipart reader's errors look alike.
 */
class StoreFailure {
  constructor(readonly cause: unknown) {}
}

/** The multipart reader's and the parser's own failures as the catalogue's: bad input is a 4xx, never a 500. */
function uploadError(err: unknown): unknown {
  if (err instanceof StoreFailure) return err.cause;
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; syscall?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError('FileTooLarge');
  // A file system error is the server's; anything else the multipart reader says is about the request.
  if (e.syscall) return err;
  return new ApiError('validationFailed', [{ path: 'file', rule: 'invalid' }]);
}

/** What a caller of receiveFile may add: the form's text fields, and a check before the file's bytes are read. */
export interface ReceiveHooks {
  /** A text field of the form, as it arrives (fields the client sends before the file arrive before it). */
  onField?: (name: string, value: string) => void;
  /**
   * Runs when the file part arrives, before any of its bytes are read: throws to refuse the upload
   * (nothing is stored), or answers the customer the blob is kept for (default: the caller's).
   */
  beforeFile?: () => Promise<{ customerId: string | null } | void>;
}

/**
 * Reads the one file of a multipart request into the store under a new blob name of `containerName`,
 * checked for `policy`'s kinds and size while it streams in. The first file part is stored while
 * checked; a second file, a broken stream or a refused check removes it again.
 */
export async function receiveFile(request: FastifyRequest, store: BlobStore, caller: BlobCaller, containerName: string,
  policy: Pick<ContainerPolicy, 'maxBytes' | 'kinds'>, hooks: ReceiveHooks = {}): Promise<BlobMeta> {
  const key = { tenantId: caller.tenantId, containerName, blobName: newBlobName() };
  let stored: BlobMeta | null = null;
  try {
    // The check refuses the first byte past the limit while busboy waits for it (backpressure), so
    // the rest of the upload is never read. busboy's own limit lies further on only as a backstop:
    // at its limit busboy would skip, that is read, the remainder of the file before anyone knew.
    for await (const part of request.parts({ limits: { fileSize: policy.maxBytes + BACKSTOP_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 4096 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') hooks.onField?.(part.fieldname, part.value);
        continue;
      }
      let customerId = caller.customerId;
      if (hooks.beforeFile) {
        try {
          const decided = await hooks.beforeFile();
          if (decided) customerId = decided.customerId;
        } catch (err) {
          part.file.destroy();
          throw err;
        }
      }
      const fileName = cleanFileName(part.filename);
      const kind = claimedKind(policy.kinds, fileName, part.mimetype);
      if (!kind) {
        part.file.destroy();
        throw new ApiError('FileTypeNotAllowed');
      }
      const checked = uploadCheck(kind, policy.maxBytes);
      // Both settle before answering: a refusal is answered once the store has removed what it wrote.
      const [put, fed] = await Promise.allSettled([
        store.put(key, checked, { fileName, contentType: kind.contentType, uploadedBy: caller.userId, customerId }),
        pipeline(part.file, checked),
      ]);
      if (put.status === 'fulfilled') stored = put.value;
      // put rethrows its source's own error (the check's refusal, the request's break: what `checked`
      // was destroyed with); any other error is the store's, even when the feed then failed too
      // because the store destroyed its source.
      if (put.status === 'rejected' && put.reason !== checked.errored) throw new StoreFailure(put.reason);
      if (fed.status === 'rejected') throw fed.reason;
      if (put.status === 'rejected') throw put.reason;
    }
  } catch (err) {
    if (stored) await store.remove(key);
    throw uploadError(err);
  }
  if (!stored) throw new ApiError('FileRequired');
  return stored;
}
