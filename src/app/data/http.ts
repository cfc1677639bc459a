/**
 * The app's one way to call the API (DESIGN §3), a thin layer over react-admin's fetchUtils.fetchJson
 * (the same call ra-data-simple-rest makes): adds the bearer token and the tenant, customer,
 * impersonation and language headers, and turns the error envelope {errorCode, message, details}
 * into react-admin's HttpError, with the details as nested form errors in body.errors so they land
 * on the inputs of the form that sent them. The light shop pages use it too: fetchUtils is a small
 * module of ra-core (with query-string), not react-admin's UI.
 */
import { fetchUtils, HttpError } from 'ra-core';
import type { ApiErrorBody } from '../../shared/session-types';
import { reportMaintenance } from '../maintenance/state';
import { readSession } from '../session/store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON, or a FormData sent as multipart/form-data. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /**
   * The call is about the signed-in user, not a company: no X-Customer-Id. The server refuses a
   * company the user can no longer act for on every call, and the session must still load (and
   * sign-out still work) to pick another one.
   */
  withoutCompany?: boolean;
}

/** fetchUtils.fetchJson's answer; `json` is undefined when the body is empty or not JSON. */
export type FetchJsonResult = Awaited<ReturnType<typeof fetchUtils.fetchJson>>;

export interface HttpClient {
  /**
   * fetchUtils.fetchJson's signature for a path under the API root, with the app's headers and
   * errors: the httpClient that ra-data-simple-rest calls.
   */
  fetchJson(path: string, init?: fetchUtils.Options & Pick<RequestOptions, 'withoutCompany'>): Promise<FetchJsonResult>;
  /** Resolves with the parsed JSON body (null when empty; the text when it is not JSON); rejects with an HttpError. */
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The absolute address of a path under the API root with the app's headers, for a transfer
   * fetchUtils cannot make: an upload that reports its progress (XMLHttpRequest), a file download
   * (data/files.ts). Kept here small: the marketplace's JavaScript budget carries this client.
   */
  prepare(path: string): Promise<{ url: string; headers: Headers }>;
}

export interface HttpClientOptions {
  /** The tenant's API root: '/api' on the embedded server, or an absolute URL. */
  baseUrl: string;
  /** Late-bound: the auth provider is created after the client it uses. */
  getAccessToken: () => Promise<string | null | undefined> | string | null | undefined;
  getLanguage: () => string;
  /**
   * Called when a signed-in call answers 401 (core §8: "401 logs the user out"), whichever page
   * made it; not for the sign-out call itself. The rejection still reaches the caller.
   */
  onUnauthorized?: (path: string) => void;
}

/** The sign-out call answers 401 for an expired session: that must not start another sign-out. */
const SIGN_OUT_PATH = '/auth/end-session';

/** The body of the HttpError the client rejects with: the envelope plus react-admin's form errors. */
export interface HttpErrorBody extends Partial<ApiErrorBody> {
  errors?: Record<string, unknown>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  /** The headers of every call: language, tenant, token, acting company and impersonation. */
  async function appHeaders(init: HeadersInit | undefined, withoutCompany?: boolean): Promise<{ headers: Headers; token: string | null | undefined }> {
    const headers = new Headers(init);
    headers.set('Accept-Language', options.getLanguage());
    headers.set('X-Hostname', location.hostname);
    const token = await options.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const session = readSession();
    if (session.activeCustomerId && !withoutCompany && !headers.has('X-Customer-Id')) headers.set('X-Customer-Id', session.activeCustomerId);
    if (session.impersonatedUserId) headers.set('X-Impersonate-User', session.impersonatedUserId);
    return { headers, token };
  }

  async function fetchJson(path: string, init: fetchUtils.Options & Pick<RequestOptions, 'withoutCompany'> = {}): Promise<FetchJsonResult> {
    const { withoutCompany, ...rest } = init;
    const { headers, token } = await appHeaders(rest.headers, withoutCompany);
    headers.set('Accept', 'application/json');
    try {
      return await fetchUtils.fetchJson(base + path, { ...rest, headers });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 401 && token && path.split('?')[0] !== SIGN_OUT_PATH) options.onUnauthorized?.(path.split('?')[0]!);
      throw toHttpError(error);
    }
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers = new Headers(opts.headers);
    let body: BodyInit | undefined;
    // A form (a file upload) goes as it is: the browser writes its multipart content type and boundary.
    if (typeof FormData !== 'undefined' && opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }
    const { json, body: text } = await fetchJson(path + queryString(opts.query), { method, headers, body, signal: opts.signal, withoutCompany: opts.withoutCompany });
    return (json !== undefined ? json : text || null) as T;
  }

  return {
    fetchJson,
    prepare: async (path) => ({ url: base + path, headers: (await appHeaders(undefined)).headers }),
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
}

/** '?a=1&b=x&b=y' from a map; empty values are left out, lists repeat the name. */
export function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** fetchJson's HttpError (body: the parsed JSON) as ours: the envelope, its details as form errors. */
export function toHttpError(error: HttpError): HttpError {
  const parsed: unknown = error.body;
  // Some calls answer a bare code as a JSON string ('duplicate_email', core §8) instead of the envelope.
  const envelope: Partial<ApiErrorBody> = typeof parsed === 'string'
    ? { errorCode: parsed.trim(), message: parsed.trim() }
    : (parsed as Partial<ApiErrorBody> | null) ?? {};
  const body: HttpErrorBody = { ...envelope };
  // Core §4: the server refuses everything but a super admin's calls during maintenance.
  if (error.status === 503 && envelope.errorCode === 'maintenance') reportMaintenance();
  if (envelope.details?.length) body.errors = detailsToFormErrors(envelope.details);
  return new HttpError(envelope.message || error.message || `HTTP ${error.status}`, error.status, body);
}

/** [{path:'address.city', message}] → {address:{city:message}}: react-admin sets each on its input. */
export function detailsToFormErrors(details: readonly { path: string; message: string }[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of details) {
    const parts = path.split(/[./]/).filter(Boolean);
    if (!parts.length) continue;
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (node[last] === undefined) node[last] = message;
  }
  return errors;
}
