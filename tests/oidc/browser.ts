/**
 * The browser side of the authorization-code + PKCE flow, done with fetch: a cookie jar, manual
 * redirects, and the token requests oidc-client-ts makes (public client, no resource at /token).
 */
import { createHash, randomBytes } from 'node:crypto';

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly acceptLanguage = 'nl-BE,nl;q=0.9') {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('accept-language')) headers.set('accept-language', this.acceptLanguage);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** GETs and follows redirects until `arrived(url)` (the client's redirect URI: the SPA is not here). */
  async follow(url: string, arrived: (url: string) => boolean): Promise<{ response: Response | undefined; url: string }> {
    let current = url;
    for (let hops = 0; hops < 10; hops++) {
      if (arrived(current)) return { response: undefined, url: current };
      const response = await this.fetch(current);
      const autoPost = response.status === 200 ? await autoSubmittedForm(response) : undefined;
      if (autoPost) {
        // The provider's self-submitting form (e.g. ending the previous account's session): submit it.
        const posted = await this.fetch(autoPost.action, { method: 'POST', body: autoPost.fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        const next = posted.headers.get('location');
        if (!next) return { response: posted, url: autoPost.action };
        current = new URL(next, autoPost.action).href;
        continue;
      }
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400) return { response, url: current };
      current = new URL(location, current).href;
    }
    throw new Error('too many redirects');
  }
}

/** The action and hidden fields of a page that posts a form by script, as the provider's form_post pages do. */
async function autoSubmittedForm(response: Response): Promise<{ action: string; fields: URLSearchParams } | undefined> {
  if (!response.headers.get('content-type')?.includes('text/html')) return undefined;
  const html = await response.clone().text();
  if (!/\.submit\(\)/.test(html)) return undefined;
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) return undefined;
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(m[1], m[2]);
  return { action: action.replace(/&amp;/g, '&'), fields };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  uiLocales?: string;
  scope?: string;
  resource?: string;
}

/** GET /oidc/auth: returns where the provider sends the browser and the PKCE verifier. */
export async function authorize(browser: Browser, o: AuthorizeOptions) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const url = new URL(`${o.baseUrl}/oidc/auth`);
  const params: Record<string, string | undefined> = {
    client_id: o.clientId, redirect_uri: o.redirectUri, response_type: 'code',
    scope: o.scope ?? 'openid profile email offline_access api', code_challenge: challenge, code_challenge_method: 'S256',
    state, resource: o.resource ?? `${o.baseUrl}/api`, ui_locales: o.uiLocales,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  const response = await browser.fetch(url.href);
  const location = response.headers.get('location');
  return { response, location: location ? new URL(location, url).href : undefined, verifier, state };
}

export async function postLogin(browser: Browser, interactionUrl: string, email: string, password: string, lang?: string) {
  const body = new URLSearchParams({ email, password, ...(lang ? { lang } : {}) });
  return browser.fetch(`${interactionUrl}/login`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

export async function tokenRequest(baseUrl: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST', body: new URLSearchParams(params), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, string> };
}

export const atRedirectUri = (redirectUri: string) => (url: string) => url.split('?')[0] === redirectUri;

export interface Tokens { access_token: string; refresh_token: string; id_token: string; expires_in: number; scope: string }

/** The whole sign-in: authorize, log in with the form, follow to the redirect URI, swap the code. */
export async function signIn(browser: Browser, o: AuthorizeOptions & { email: string; password: string }): Promise<Tokens> {
  const start = await authorize(browser, o);
  if (!start.location) throw new Error(`authorize answered ${start.response.status}`);
  const login = await postLogin(browser, start.location, o.email, o.password);
  if (login.status !== 303) throw new Error(`login answered ${login.status}`);
  const { url } = await browser.follow(new URL(login.headers.get('location')!, start.location).href, atRedirectUri(o.redirectUri));
  const callback = new URL(url);
  if (callback.searchParams.get('state') !== start.state) throw new Error(`bad callback ${url}`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  const tokens = await tokenRequest(o.baseUrl, {
    grant_type: 'authorization_code', code, redirect_uri: o.redirectUri, client_id: o.clientId, code_verifier: start.verifier,
  });
  if (tokens.status !== 200) throw new Error(`token endpoint answered ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return tokens.body as unknown as Tokens;
}
