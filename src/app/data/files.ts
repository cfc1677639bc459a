import { HttpError } from 'ra-core';
import { toHttpError, type HttpClient } from './http';

/**
 * Files of the API (GET /upload?…) as Blobs, with the app's headers, which a plain link cannot send
 * (the bearer token). Apart from the HTTP client so that the pages that never download a file (the
 * marketplace) do not carry this.
 */

/** The file name a Content-Disposition offers: its UTF-8 `filename*` when present, else `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try { return decodeURIComponent(encoded.trim()); } catch { /* a broken encoding: the plain name below */ }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** How a file is asked for: GET by default; `json` POSTs that body (a call that names the file in its body). */
export interface FileRequest { signal?: AbortSignal; json?: unknown }

/** A file under the API root with the name its answer offers it under; rejects with the app's HttpError. */
export async function fetchFile(http: HttpClient, path: string, opts: FileRequest = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const { url, headers } = await http.prepare(path);
  if (opts.json !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, opts.json === undefined ? { headers, signal: opts.signal } : { method: 'POST', headers, body: JSON.stringify(opts.json), signal: opts.signal });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not the envelope: kept as text */ }
    throw toHttpError(new HttpError(response.statusText, response.status, body));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** Downloads a file of the API (with the app's headers) and hands it to the browser under its name. */
export async function downloadFile(http: HttpClient, path: string, fallbackName: string, opts: FileRequest = {}): Promise<void> {
  const { blob, fileName } = await fetchFile(http, path, opts);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName || fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
