import { HttpError } from 'ra-core';
import { filesUpload } from '../../../../../generated/app/calls/files.gen';
import type { ResultOf } from '../../../../shared/contracts/define';
import type { Contracts } from '../../../../shared/contracts';
import type { HttpClient } from '../../../data/http';

/**
 * Uploads a file into a container (POST /upload?containerName, multipart/form-data) and reports how
 * much of it was sent as it goes: an XMLHttpRequest, since fetch tells nothing of an upload's
 * progress, with the app's own headers (HttpClient.prepare). A refusal rejects with an HttpError
 * carrying the server's envelope ({errorCode, message, details}), as every other call does, so
 * describeError gives its text (FileTooLarge, FileTypeNotAllowed, FileEmpty, …).
 */

/** What POST /upload answers: where the file is read back, and what it is. */
export type UploadedFile = ResultOf<Contracts['files']['upload']>;
type ContainerName = UploadedFile['containerName'];

/** The container of the order form's quotes and the order request's document (src/server/ordering/order-attachments.ts). */
export const ORDER_ATTACHMENTS: ContainerName = 'order-attachments';

export async function uploadFile(http: HttpClient, containerName: ContainerName, file: File, opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<UploadedFile> {
  const { url, headers } = await http.prepare(`${filesUpload.path}?containerName=${encodeURIComponent(containerName)}`);
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => { if (event.lengthComputable) opts.onProgress?.(event.loaded / event.total); };
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      let body: unknown = xhr.responseText;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON: kept as text */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadedFile);
      else reject(new HttpError((body as { message?: string } | null)?.message ?? xhr.statusText, xhr.status, body));
    };
    xhr.onerror = () => { done(); reject(new TypeError('The upload did not reach the server.')); };
    xhr.onabort = () => { done(); reject(new DOMException('The upload was stopped.', 'AbortError')); };
    xhr.send(form);
  });
}
