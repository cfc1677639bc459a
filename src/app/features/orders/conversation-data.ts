import type { HttpClient } from '../../data/http';
import { fetchFile } from '../../data/files';

/** A file's size as people read it ('12 kB', '2.4 MB'). */
export const sizeText = (size: number) => (size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.ceil(size / 1024))} kB`);

/** Downloads a file of the API (with the app's headers) and hands it to the browser under its name. */
export async function downloadFile(http: HttpClient, url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchFile(http, url);
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
