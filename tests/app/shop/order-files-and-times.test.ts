import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { fetchFile, fileNameOf } from '../../../src/app/data/files';
import { shopDayTime, shopMoment } from '../../../src/shared/shop-clock';
import { testHttp } from '../helpers';

/**
 * The order page's files and reminder moments: a download carries the app's headers and comes back
 * under the name the server offers; a refused one rejects with the error envelope; a reminder's
 * day and time are read and written on the Brussels clock whatever the browser's time zone.
 */

afterEach(() => { vi.unstubAllGlobals(); });

describe('fetchFile', () => {
  it('sends the token and tenant headers and answers the bytes with the offered name', async () => {
    const seen: Headers[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="Offerte caf_.pdf"; filename*=UTF-8''Offerte%20caf%C3%A9.pdf` },
      });
    });
    const http = testHttp(fetch as unknown as typeof globalThis.fetch);
    const { blob, fileName } = await fetchFile(http, '/upload?containerName=order-conversation&blobName=x');
    expect(fileName).toBe('Offerte café.pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(seen[0]!.get('Authorization')).toBe('Bearer token-1');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/upload?containerName=order-conversation&blobName=x');
  });

  it('rejects a refusal with its errorCode', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ errorCode: 'FileNotFound', message: 'Bestand niet gevonden.' }), { status: 404 }));
    const http = testHttp(fetch as unknown as typeof globalThis.fetch);
    const error = await fetchFile(http, '/upload?containerName=order-conversation&blobName=x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect((error as HttpError).body).toMatchObject({ errorCode: 'FileNotFound' });
  });

  it('reads the plain name when there is no UTF-8 one', () => {
    expect(fileNameOf('attachment; filename="a.pdf"')).toBe('a.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('reminder moments on the Brussels clock', () => {
  it('turns a day and time into the moment, in winter and in summer time, and back', () => {
    expect(shopMoment('2030-01-31', '09:00')).toBe('2030-01-31T08:00:00.000Z');
    expect(shopMoment('2030-07-01', '09:30')).toBe('2030-07-01T07:30:00.000Z');
    expect(shopDayTime('2030-07-01T07:30:00.000Z')).toEqual({ day: '2030-07-01', time: '09:30' });
    expect(shopDayTime('2030-12-31T23:15:00.000Z')).toEqual({ day: '2031-01-01', time: '00:15' });
  });
});
