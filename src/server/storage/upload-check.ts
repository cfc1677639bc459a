import { Transform, type TransformCallback } from 'node:stream';
import { ApiError } from '../errors';
import { SNIFF_BYTES, type FileKind } from './file-types';

/**
 * The limits of one upload, enforced on the bytes as they stream in (flows §5: "a file must have
 * content; type must be allowed"; the container's size): the first bytes must be those of the kind
 * the file claims to be (FileTypeNotAllowed), it may not grow past `maxBytes` (FileTooLarge) and may
 * not be empty (FileEmpty). Only the first SNIFF_BYTES are held back until the kind is decided; the
 * rest streams through. The stream fails at the first byte too many, so the store stops writing
 * and removes what it had (BlobStore.put); nothing of a refused file is kept.
 */
export function uploadCheck(kind: FileKind, maxBytes: number): Transform {
  let size = 0;
  let head: Buffer[] | null = [];
  let headSize = 0;

  /** Decides on the first bytes once SNIFF_BYTES arrived (or the file ended before), then lets them through. */
  const release = async (stream: Transform): Promise<ApiError | null> => {
    const first = Buffer.concat(head ?? []);
    head = null;
    if (!(await kind.matches(first.subarray(0, SNIFF_BYTES)))) return new ApiError('FileTypeNotAllowed');
    stream.push(first);
    return null;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      if (size > maxBytes) return done(new ApiError('FileTooLarge'));
      if (!head) return done(null, chunk);
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < SNIFF_BYTES) return done();
      release(this).then(done, done);
    },
    flush(done: TransformCallback) {
      if (size === 0) return done(new ApiError('FileEmpty'));
      if (!head) return done();
      release(this).then(done, done);
    },
  });
}
