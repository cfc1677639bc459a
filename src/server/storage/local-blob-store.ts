import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobKey, type BlobMeta, type BlobStore, type NewBlobMeta } from './blob-store';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The embedded default of BlobStore: `<root>/<tenant id>/<container>/<blob name>` with its metadata
 * beside it as `<blob name>.json` (the server's DATA_DIR/blobs). A blob is written under a temporary
 * name in the same folder and renamed into place once complete, so a reader never sees half a file
 * and a refused or broken upload leaves nothing behind. Every part of the key is checked before it
 * becomes a path, so no key can point outside the root.
 */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  #paths(key: BlobKey) {
    assertBlobKey(key);
    const dir = path.join(this.root, key.tenantId.toLowerCase(), key.containerName);
    return { dir, data: path.join(dir, key.blobName), meta: path.join(dir, `${key.blobName}.json`) };
  }

  async put(key: BlobKey, source: Readable, input: NewBlobMeta): Promise<BlobMeta> {
    const { dir, data, meta } = this.#paths(key);
    // Until the pipeline below listens, a source failing while the folder is made is no unhandled
    // 'error': the pipeline then finds it failed and throws its error.
    const meanwhile = () => undefined;
    source.on('error', meanwhile);
    try {
      await fs.mkdir(dir, { recursive: true });
    } catch (err) {
      source.off('error', meanwhile);
      // The folder cannot be made: stop whoever feeds the source (they would wait on backpressure).
      source.destroy();
      throw err;
    }
    const partial = path.join(dir, `.${key.blobName}.${randomUUID()}.partial`);
    // 'wx': a temporary name is never shared, so an existing file would mean a bug, not a retry.
    // A file that cannot be written fails the pipeline below, which destroys the source too.
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      const piped = pipeline(source, file);
      source.off('error', meanwhile);
      await piped;
      const written: BlobMeta = { ...input, containerName: key.containerName, blobName: key.blobName, size: file.bytesWritten, createdAt: new Date().toISOString() };
      await fs.writeFile(`${partial}.json`, JSON.stringify(written), { flag: 'wx' });
      // The metadata first: the bytes in place are what makes the blob exist (stat reads both).
      await fs.rename(`${partial}.json`, meta);
      await fs.rename(partial, data);
      return written;
    } catch (err) {
      // A failed pipeline destroys the file stream, which may still be opening the file: removed
      // before it closed, the file would come back empty.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await Promise.all([fs.rm(partial, { force: true }), fs.rm(`${partial}.json`, { force: true })]);
      throw err;
    }
  }

  async stat(key: BlobKey): Promise<BlobMeta | null> {
    const { data, meta } = this.#paths(key);
    try {
      const [text] = await Promise.all([fs.readFile(meta, 'utf8'), fs.access(data)]);
      return JSON.parse(text) as BlobMeta;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async read(key: BlobKey): Promise<{ meta: BlobMeta; body: Readable } | null> {
    const found = await this.stat(key);
    if (!found) return null;
    const { data } = this.#paths(key);
    // Opened before answering, so a blob removed in between is 'not found', not a broken answer.
    const handle = await fs.open(data, 'r').catch((err: unknown) => (missing(err) ? null : Promise.reject(err)));
    if (!handle) return null;
    return { meta: found, body: handle.createReadStream() };
  }

  async remove(key: BlobKey): Promise<boolean> {
    const { data, meta } = this.#paths(key);
    const existed = await fs.rm(data).then(() => true, (err: unknown) => (missing(err) ? false : Promise.reject(err)));
    await fs.rm(meta, { force: true });
    return existed;
  }
}
