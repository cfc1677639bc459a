import { vi } from 'vitest';
import { createHttpClient, type HttpClient } from '../../src/app/data/http';
import type { UserDto } from '../../src/shared/session-types';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** The form of a multipart request (a file upload). */
  form?: FormData;
}

export type Reply = { status?: number; body?: unknown } | undefined;

/** A fetch at the network edge: records every request and answers with `respond` (200 {} by default). */
export function fakeFetch(respond: (call: RecordedCall) => Reply | Promise<Reply>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const reply = (await respond(call)) ?? {};
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text || null, { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The app's client over `fetch` at the network edge: fetchUtils.fetchJson calls the global fetch. */
export function testHttp(fetch: typeof globalThis.fetch, language = 'nl', token = 'token-1'): HttpClient {
  vi.stubGlobal('fetch', fetch);
  return createHttpClient({ baseUrl: '/api', getAccessToken: () => token, getLanguage: () => language });
}

export function user(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'u1',
    email: 'buyer@demo.test',
    firstname: 'Bea',
    lastname: 'Buyer',
    displayname: 'Bea Buyer',
    userType: 3,
    customerAccess: [
      { id: 'a1', userId: 'u1', customerId: 'c1', customer: { id: 'c1', name: 'Acme NV', vatNumber: null, domain: null }, active: true, roles: ['user'] },
    ],
    landingPage: 'dashboard',
    languageCode: 'NL',
    ...overrides,
  };
}
